// SPDX-License-Identifier: Apache-2.0
// Linked into every test process (tests/CMakeLists.txt): installs the English plural forms when
// the application object is created, as every executable's main() does, so that tests compare
// the texts people read ("1 operation", not "1 operation(s)").
#include "resources/Translations.h"

#include <QCoreApplication>

namespace {

void installEnglishPlurals()
{
    lance::resources::Translations::installEnglishPlurals(*QCoreApplication::instance());
}

} // namespace

Q_COREAPP_STARTUP_FUNCTION(installEnglishPlurals)
