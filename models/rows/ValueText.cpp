// SPDX-License-Identifier: Apache-2.0
#include "rows/ValueText.h"

#include "rows/ValueJson.h"

#include <QDateTime>
#include <QTimeZone>
#include <QtEndian>

#include <charconv>
#include <cmath>

using namespace Qt::StringLiterals;

namespace lance::rows {

namespace {

using TextKind = ValueType::Kind;

// Items of a vector (a fixed-size list of numbers) a compact cell shows.
constexpr qint64 VectorItemsShown = 3;

qint64 signedAt(const ColumnArray &array, qint64 row)
{
    const char *at = array.values.constData() + row * array.type.bytes;
    switch (array.type.bytes) {
    case 1:
        return qint8(*at);
    case 2:
        return qFromLittleEndian<qint16>(at);
    case 4:
        return qFromLittleEndian<qint32>(at);
    default:
        return qFromLittleEndian<qint64>(at);
    }
}

// Units per second of Lance's time units.
qint64 perSecond(const QString &unit)
{
    return unit == u"s"_s ? 1 : unit == u"ms"_s ? 1000 : unit == u"us"_s ? 1000000 : 1000000000;
}

QString fraction(qint64 units, qint64 scale)
{
    if (scale == 1) {
        return QString();
    }
    const int digits = scale == 1000 ? 3 : scale == 1000000 ? 6 : 9;
    return u"."_s + QString::number(units).rightJustified(digits, u'0');
}

QString timestampText(const ColumnArray &array, qint64 row)
{
    const qint64 value = signedAt(array, row);
    const qint64 scale = perSecond(array.type.unit);
    qint64 seconds = value / scale;
    qint64 rest = value % scale;
    if (rest < 0) {
        rest += scale;
        --seconds;
    }
    QDateTime when = QDateTime::fromSecsSinceEpoch(seconds, QTimeZone::utc());
    QString zone;
    if (!array.type.timezone.isEmpty() && array.type.timezone != u"UTC"_s
        && array.type.timezone != u"Z"_s) {
        const QTimeZone named(array.type.timezone.toUtf8());
        if (named.isValid()) {
            when = when.toTimeZone(named);
            zone = u" "_s + array.type.timezone;
        }
    } else if (!array.type.timezone.isEmpty()) {
        zone = u"Z"_s;
    }
    return when.toString(u"yyyy-MM-ddTHH:mm:ss"_s) + fraction(rest, scale) + zone;
}

QString timeText(const ColumnArray &array, qint64 row)
{
    const qint64 value = signedAt(array, row);
    const qint64 scale = perSecond(array.type.unit);
    const qint64 seconds = value / scale;
    return u"%1:%2:%3"_s.arg(seconds / 3600, 2, 10, QChar(u'0'))
               .arg(seconds / 60 % 60, 2, 10, QChar(u'0'))
               .arg(seconds % 60, 2, 10, QChar(u'0'))
           + fraction(value % scale, scale);
}

QString decimalText(const ColumnArray &array, qint64 row)
{
    QString digits = QString::fromStdString(ValueJson::value(array, row).get<std::string>());
    const bool negative = digits.startsWith(u'-');
    if (negative) {
        digits.remove(0, 1);
    }
    const int scale = array.type.scale;
    if (scale > 0) {
        digits = digits.rightJustified(scale + 1, u'0');
        digits.insert(digits.size() - scale, u'.');
    }
    return negative ? u"-"_s + digits : digits;
}

QString escaped(QString text)
{
    return text.replace(u'\\', u"\\\\"_s).replace(u'\n', u"\\n"_s).replace(u'\t', u"\\t"_s);
}

class Writer
{
public:
    explicit Writer(int limit)
        : m_limit(limit)
    {}

    bool full() const { return m_limit > 0 && m_text.size() >= m_limit; }

    void append(const QString &text) { m_text += text; }

    void value(const ColumnArray &array, qint64 row)
    {
        if (!array.isValid(row)) {
            append(u"null"_s);
            return;
        }
        const ValueType &type = array.type;
        switch (type.kind) {
        case TextKind::Utf8: {
            const qint64 from = array.offsets.at(row);
            QString text = QString::fromUtf8(array.values.constData() + from,
                                             array.offsets.at(row + 1) - from);
            append(m_limit > 0 ? escaped(text) : text);
            return;
        }
        case TextKind::Binary:
        case TextKind::FixedSizeBinary: {
            const qint64 from
                = type.kind == TextKind::Binary ? array.offsets.at(row) : row * type.bytes;
            const qint64 size
                = type.kind == TextKind::Binary ? array.offsets.at(row + 1) - from : type.bytes;
            const qint64 shown = m_limit > 0 ? std::min<qint64>(size, m_limit / 2 + 1) : size;
            append(u"0x"_s + QString::fromLatin1(array.values.mid(from, shown).toHex()));
            return;
        }
        case TextKind::Date: {
            const qint64 days
                = type.bytes == 4 ? signedAt(array, row) : signedAt(array, row) / 86400000;
            append(QDate(1970, 1, 1).addDays(days).toString(Qt::ISODate));
            return;
        }
        case TextKind::Timestamp:
            append(timestampText(array, row));
            return;
        case TextKind::Time:
            append(timeText(array, row));
            return;
        case TextKind::Duration:
            append(QString::number(signedAt(array, row)) + u' ' + type.unit);
            return;
        case TextKind::Decimal:
            append(decimalText(array, row));
            return;
        case TextKind::Float: {
            const nlohmann::ordered_json json = ValueJson::value(array, row);
            if (type.bytes == 4 && !json.is_string()) {
                // A float's own shortest digits, not those of the double it widens to.
                char digits[32];
                const auto end
                    = std::to_chars(digits, digits + sizeof digits, float(json.get<double>()));
                append(QString::fromLatin1(digits, end.ptr - digits));
                return;
            }
            append(json.is_string()
                       ? QString::fromStdString(json.get<std::string>())
                       : QString::number(json.get<double>(), 'g', QLocale::FloatingPointShortest));
            return;
        }
        case TextKind::Bool:
        case TextKind::Int:
        case TextKind::UInt:
            append(QString::fromStdString(ValueJson::value(array, row).dump()));
            return;
        case TextKind::List:
        case TextKind::FixedSizeList: {
            const ColumnArray &items = array.children.front();
            const bool list = type.kind == TextKind::List;
            const qint64 from = list ? array.offsets.at(row) : row * type.listSize;
            const qint64 to = list ? array.offsets.at(row + 1) : from + type.listSize;
            // A vector of numbers: its first items and its length.
            const bool vector
                = !list && m_limit > 0
                  && (items.type.kind == TextKind::Float || items.type.kind == TextKind::Int
                      || items.type.kind == TextKind::UInt);
            append(u"["_s);
            for (qint64 i = from; i < to; ++i) {
                if (i > from) {
                    append(u", "_s);
                }
                if ((vector && i - from >= VectorItemsShown) || full()) {
                    append(u"…"_s);
                    break;
                }
                value(items, i);
            }
            append(u"]"_s);
            if (vector && to - from > VectorItemsShown) {
                append(u" (%1)"_s.arg(to - from));
            }
            return;
        }
        case TextKind::Struct: {
            append(u"{"_s);
            for (qsizetype c = 0; c < array.children.size(); ++c) {
                if (c > 0) {
                    append(u", "_s);
                }
                if (full()) {
                    append(u"…"_s);
                    break;
                }
                append(array.children.at(c).name + u": "_s);
                value(array.children.at(c), row);
            }
            append(u"}"_s);
            return;
        }
        }
    }

    QString text() const
    {
        if (m_limit > 0 && m_text.size() > m_limit + 1) {
            return m_text.first(m_limit) + u"…"_s;
        }
        return m_text;
    }

private:
    int m_limit = 0;
    QString m_text;
};

} // namespace

QString ValueText::compact(const ColumnArray &array, qint64 row, int limit)
{
    Writer writer(std::max(limit, 8));
    writer.value(array, row);
    return writer.text();
}

QString ValueText::full(const ColumnArray &array, qint64 row)
{
    Writer writer(0);
    writer.value(array, row);
    return writer.text();
}

QString ValueText::typeText(const ColumnArray &array)
{
    const ValueType &type = array.type;
    switch (type.kind) {
    case TextKind::List:
        return u"list<%1>"_s.arg(typeText(array.children.front()));
    case TextKind::FixedSizeList:
        return u"vector<%1, %2>"_s.arg(typeText(array.children.front())).arg(type.listSize);
    case TextKind::Struct: {
        QStringList fields;
        for (const ColumnArray &child : array.children) {
            fields << child.name + u": "_s + typeText(child);
        }
        return u"struct<%1>"_s.arg(fields.join(u", "_s));
    }
    case TextKind::Timestamp:
        return type.timezone.isEmpty() ? u"timestamp[%1]"_s.arg(type.unit)
                                       : u"timestamp[%1, %2]"_s.arg(type.unit, type.timezone);
    case TextKind::Decimal:
        return u"decimal(%1, %2)"_s.arg(type.precision).arg(type.scale);
    default:
        return type.spelling;
    }
}

} // namespace lance::rows
