// SPDX-License-Identifier: Apache-2.0
#include "details/VersionFactsText.h"

#include "api/VersionFacts.h"

#include <QLocale>

#include <limits>

using namespace Qt::StringLiterals;

namespace lance::details {

QString VersionFactsText::sentence(const api::TableVersion &version)
{
    using api::VersionFacts;
    const QString unreadable = VersionFacts::text(version, VersionFacts::Unreadable);
    if (!unreadable.isEmpty()) {
        return tr("What it holds is unknown: %1").arg(unreadable);
    }
    const std::optional<qint64> rows = VersionFacts::number(version, VersionFacts::TotalRows);
    if (!rows) {
        return {};
    }
    const QLocale locale;
    constexpr qint64 MaxCount = std::numeric_limits<int>::max(); // what tr() counts in
    const qint64 fragments
        = VersionFacts::number(version, VersionFacts::TotalFragments).value_or(0);
    const QString rowsText = *rows <= MaxCount ? tr("%n row(s)", nullptr, int(*rows))
                                               : tr("%1 rows").arg(locale.toString(*rows));
    const QString fragmentsText = fragments <= MaxCount
                                      ? tr("%n fragment(s)", nullptr, int(fragments))
                                      : tr("%1 fragments").arg(locale.toString(fragments));
    QString text
        = tr("%1 in %2, %3 of data")
              .arg(rowsText, fragmentsText,
                   locale.formattedDataSize(
                       VersionFacts::number(version, VersionFacts::TotalFilesSize).value_or(0)));
    const QString operation = VersionFacts::text(version, VersionFacts::Operation);
    const QString writer = VersionFacts::text(version, VersionFacts::Writer);
    if (!operation.isEmpty() && !writer.isEmpty()) {
        text += tr("; %1, written by %2").arg(operation, writer);
    } else if (!operation.isEmpty() || !writer.isEmpty()) {
        text += u"; "_s + (operation.isEmpty() ? tr("written by %1").arg(writer) : operation);
    }
    const QString message = VersionFacts::text(version, VersionFacts::CommitMessage);
    if (!message.isEmpty()) {
        text += tr(": “%1”").arg(message);
    }
    return text;
}

} // namespace lance::details
