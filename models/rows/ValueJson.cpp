// SPDX-License-Identifier: Apache-2.0
#include "rows/ValueJson.h"

#include <QtEndian>

#include <algorithm>
#include <cmath>
#include <string>

namespace lance::rows {

namespace {

using JsonKind = ValueType::Kind;

nlohmann::ordered_json floating(double value)
{
    if (std::isnan(value)) {
        return "NaN";
    }
    if (std::isinf(value)) {
        return value > 0 ? "Infinity" : "-Infinity";
    }
    return value;
}

double halfToDouble(quint16 half)
{
    const int exponent = (half >> 10) & 0x1f;
    const int fraction = half & 0x3ff;
    const double sign = (half & 0x8000) ? -1.0 : 1.0;
    if (exponent == 0) {
        return sign * std::ldexp(fraction, -24);
    }
    if (exponent == 31) {
        return fraction ? NAN : sign * INFINITY;
    }
    return sign * std::ldexp(fraction + 1024, exponent - 25);
}

// A little-endian two's complement integer of any width as decimal digits.
std::string decimalDigits(const char *bytes, int width)
{
    QList<quint32> words(width / 4);
    for (qsizetype i = 0; i < words.size(); ++i) {
        words[i] = qFromLittleEndian<quint32>(bytes + i * 4);
    }
    const bool negative = (words.back() & 0x80000000u) != 0;
    if (negative) { // two's complement: invert and add one
        quint64 carry = 1;
        for (quint32 &word : words) {
            const quint64 sum = quint64(quint32(~word)) + carry;
            word = quint32(sum);
            carry = sum >> 32;
        }
    }
    std::string digits;
    const auto isZero = [&] {
        return std::all_of(words.cbegin(), words.cend(), [](quint32 w) { return w == 0; });
    };
    while (!isZero()) {
        quint64 remainder = 0;
        for (qsizetype i = words.size() - 1; i >= 0; --i) {
            const quint64 current = (remainder << 32) | words[i];
            words[i] = quint32(current / 10);
            remainder = current % 10;
        }
        digits.insert(digits.begin(), char('0' + remainder));
    }
    if (digits.empty()) {
        digits.push_back('0');
    }
    return negative ? "-" + digits : digits;
}

} // namespace

nlohmann::ordered_json ValueJson::value(const ColumnArray &array, qint64 row)
{
    if (!array.isValid(row)) {
        return nullptr;
    }
    const ValueType &type = array.type;
    const char *fixed = type.isFixedWidth() ? array.values.constData() + row * type.bytes : nullptr;
    switch (type.kind) {
    case JsonKind::Bool:
        return fixed[0] != 0;
    case JsonKind::Int:
    case JsonKind::Date:
    case JsonKind::Time:
    case JsonKind::Timestamp:
    case JsonKind::Duration:
        switch (type.bytes) {
        case 1:
            return qint8(fixed[0]);
        case 2:
            return qFromLittleEndian<qint16>(fixed);
        case 4:
            return qFromLittleEndian<qint32>(fixed);
        default:
            return qFromLittleEndian<qint64>(fixed);
        }
    case JsonKind::UInt:
        switch (type.bytes) {
        case 1:
            return quint8(fixed[0]);
        case 2:
            return qFromLittleEndian<quint16>(fixed);
        case 4:
            return qFromLittleEndian<quint32>(fixed);
        default:
            return qFromLittleEndian<quint64>(fixed);
        }
    case JsonKind::Float:
        switch (type.bytes) {
        case 2:
            return floating(halfToDouble(qFromLittleEndian<quint16>(fixed)));
        case 4:
            return floating(double(qFromLittleEndian<float>(fixed)));
        default:
            return floating(qFromLittleEndian<double>(fixed));
        }
    case JsonKind::Decimal:
        return decimalDigits(fixed, type.bytes);
    case JsonKind::FixedSizeBinary:
        return QByteArray(fixed, type.bytes).toHex().toStdString();
    case JsonKind::Utf8:
    case JsonKind::Binary: {
        const qint64 from = array.offsets.at(row);
        const QByteArray bytes = array.values.sliced(from, array.offsets.at(row + 1) - from);
        if (type.kind == JsonKind::Binary) {
            return bytes.toHex().toStdString();
        }
        // Invalid UTF-8 is replaced rather than thrown on.
        return QString::fromUtf8(bytes).toStdString();
    }
    case JsonKind::List:
    case JsonKind::FixedSizeList: {
        nlohmann::ordered_json out = nlohmann::ordered_json::array();
        const ColumnArray &items = array.children.front();
        const qint64 from
            = type.kind == JsonKind::List ? array.offsets.at(row) : row * type.listSize;
        const qint64 to
            = type.kind == JsonKind::List ? array.offsets.at(row + 1) : from + type.listSize;
        for (qint64 i = from; i < to; ++i) {
            out.push_back(value(items, i));
        }
        return out;
    }
    case JsonKind::Struct: {
        nlohmann::ordered_json out = nlohmann::ordered_json::object();
        for (const ColumnArray &child : array.children) {
            out[child.name.toStdString()] = value(child, row);
        }
        return out;
    }
    }
    return nullptr;
}

} // namespace lance::rows
