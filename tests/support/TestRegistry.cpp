// SPDX-License-Identifier: Apache-2.0
#include "TestRegistry.h"

#include <cstdio>
#include <map>
#include <string>

namespace lance::test {

namespace {

// Filled while the program starts, before main(): a function's static, so that it exists
// whatever order the classes' files initialise in.
std::map<std::string, TestRegistry::Run> &classes()
{
    static std::map<std::string, TestRegistry::Run> registered;
    return registered;
}

} // namespace

TestRegistry::Entry::Entry(const char *name, Run run)
{
    classes().emplace(name, run);
}

int TestRegistry::main(int argc, char **argv)
{
    const auto found = argc > 1 ? classes().find(argv[1]) : classes().end();
    if (found == classes().end()) {
        if (argc > 1) {
            std::fprintf(stderr, "%s: no test class %s\n", argv[0], argv[1]);
        }
        std::fprintf(stderr, "usage: %s CLASS [QtTest options]\nThe classes it holds:\n", argv[0]);
        for (const auto &entry : classes()) {
            std::fprintf(stderr, "  %s\n", entry.first.c_str());
        }
        return 2;
    }
    // The class's own arguments, after the program's name: QtTest reads argv[0] as its name.
    argv[1] = argv[0];
    return found->second(argc - 1, argv + 1);
}

} // namespace lance::test
