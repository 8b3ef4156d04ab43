// SPDX-License-Identifier: Apache-2.0
// The main() of every folder's test program (TestRegistry).
#include "TestRegistry.h"

int main(int argc, char **argv)
{
    return lance::test::TestRegistry::main(argc, argv);
}
