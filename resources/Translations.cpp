// SPDX-License-Identifier: Apache-2.0
#include "resources/Translations.h"

#include <QCoreApplication>
#include <QDebug>
#include <QTranslator>

using namespace Qt::StringLiterals;

namespace lance::resources {

bool Translations::installEnglishPlurals(QCoreApplication &app)
{
    auto *translator = new QTranslator(&app);
    if (!translator->load(englishPluralsFile())) {
        // A build fault, not a user's: counts then read "3 operation(s)", which is still usable.
        qWarning().noquote() << u"English plural forms not found at %1"_s.arg(englishPluralsFile());
        delete translator;
        return false;
    }
    return QCoreApplication::installTranslator(translator);
}

QString Translations::englishPluralsFile()
{
    return u":/translations/lance-catalog-browser_en.qm"_s;
}

} // namespace lance::resources
