// SPDX-License-Identifier: Apache-2.0
#include "staging/VersionRangeText.h"

#include <QRegularExpression>
#include <QStringList>

using namespace Qt::StringLiterals;

namespace lance::staging {

QString VersionRangeText::latestWord()
{
    return tr("latest", "the last word of a version range typed as 7-latest");
}

QString VersionRangeText::format(const QList<api::VersionRange> &ranges)
{
    QStringList parts;
    for (const api::VersionRange &range : ranges) {
        if (range.endVersion == api::VersionRange::ThroughLatest) {
            parts << u"%1-%2"_s.arg(range.startVersion).arg(latestWord());
        } else if (range.endVersion == range.startVersion + 1) {
            parts << QString::number(range.startVersion);
        } else {
            parts << u"%1-%2"_s.arg(range.startVersion).arg(range.endVersion - 1);
        }
    }
    return parts.join(u", "_s);
}

std::optional<QList<api::VersionRange>> VersionRangeText::parse(const QString &text)
{
    // Digits, then optionally a dash (or en dash) and digits or the word; spaces around the
    // dash are allowed, so "1 - 3" is one range while "1 3" is two.
    static const QRegularExpression part(uR"(^([0-9]{1,18})(?:\s*[-–]\s*([0-9]{1,18}|\p{L}+))?)"_s);
    static const QRegularExpression separator(uR"(^[\s,]+)"_s);
    QList<api::VersionRange> ranges;
    QString rest = text.trimmed();
    while (!rest.isEmpty()) {
        const QRegularExpressionMatch match = part.match(rest);
        if (!match.hasMatch()) {
            return std::nullopt;
        }
        const qint64 start = match.captured(1).toLongLong();
        const QString end = match.captured(2);
        if (end.isEmpty()) {
            ranges.append({start, start + 1});
        } else if (end.at(0).isDigit()) {
            ranges.append({start, end.toLongLong() + 1});
        } else if (end.compare(latestWord(), Qt::CaseInsensitive) == 0
                   || end.compare(u"latest"_s, Qt::CaseInsensitive) == 0) {
            ranges.append({start, api::VersionRange::ThroughLatest});
        } else {
            return std::nullopt;
        }
        rest = rest.mid(match.capturedLength());
        const QRegularExpressionMatch gap = separator.match(rest);
        if (gap.hasMatch()) {
            rest = rest.mid(gap.capturedLength());
        } else if (!rest.isEmpty()) {
            return std::nullopt; // "3x": something stuck to a range
        }
    }
    return ranges;
}

} // namespace lance::staging
