// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QString>

QT_BEGIN_NAMESPACE
class QCoreApplication;
QT_END_NAMESPACE

namespace lance::resources {

/// The translations every executable installs at start-up.
///
/// The sources are English and say "%n operation(s)" where a count is shown; without a
/// translation Qt shows that literally. translations/lance-catalog-browser_en.ts holds the
/// English singular and plural of each such string (Qt's "Handling Plurals"); CMake builds it
/// into lcb_resources, so the binary must link lcb_resources.
class Translations
{
public:
    Translations() = delete;

    /// Installs the English plural forms on `app`, which owns the translator. Call it before any
    /// locale's translation: Qt asks the most recently installed translator first, so a later
    /// one wins, and these forms answer only what it lacks. Call once per application. Returns
    /// false, with a warning, when the resource is missing (the binary does not link it).
    static bool installEnglishPlurals(QCoreApplication &app);

    /// The resource path of the compiled English plural forms.
    static QString englishPluralsFile();
};

} // namespace lance::resources
