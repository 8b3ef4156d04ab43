// SPDX-License-Identifier: Apache-2.0
#include "rows/RowFilter.h"

#include "api/ErrorCode.h"

#include <QFloat16>
#include <QtEndian>

#include <algorithm>
#include <charconv>
#include <cstring>
#include <limits>
#include <string>

using namespace Qt::StringLiterals;
using lance::api::ApiError;

namespace lance::rows {

namespace {

using FilterTest = RowFilter::Test;
using FilterComparison = RowFilter::Comparison;
using FilterKind = ValueType::Kind;
using FilterPiece = RowFilter::PatternPiece;

ApiError filterError(const QString &message)
{
    return ApiError::catalog(api::ErrorCode::InvalidInput, message);
}

struct FilterToken
{
    enum class Kind { Word, QuotedName, Text, Number, Symbol, End };
    Kind kind = Kind::End;
    QString text; //!< a word or name as written, text unquoted, a number's digits, a symbol
    qsizetype at = 0;

    bool isSymbol(QStringView symbol) const { return kind == Kind::Symbol && text == symbol; }
    bool isKeyword(QStringView keyword) const
    {
        return kind == Kind::Word && text.compare(keyword, Qt::CaseInsensitive) == 0;
    }
};

// Words that are keywords wherever they stand: a column spelled like one is written in
// backticks.
bool isFilterKeyword(const QString &word)
{
    static const QStringList Keywords{u"AND"_s,  u"OR"_s,      u"NOT"_s,   u"IS"_s,
                                      u"NULL"_s, u"TRUE"_s,    u"FALSE"_s, u"LIKE"_s,
                                      u"IN"_s,   u"BETWEEN"_s, u"ILIKE"_s, u"ESCAPE"_s};
    return Keywords.contains(word, Qt::CaseInsensitive);
}

api::Result<QList<FilterToken>> filterTokens(const QString &text)
{
    QList<FilterToken> out;
    qsizetype i = 0;
    const qsizetype n = text.size();
    const auto wordChar = [](QChar c) {
        return c.isLetterOrNumber() || c == u'_';
    };
    while (i < n) {
        const QChar c = text.at(i);
        if (c.isSpace()) {
            ++i;
            continue;
        }
        // SQL's comment, as Lance's parser skips it.
        if (c == u'-' && i + 1 < n && text.at(i + 1) == u'-') {
            while (i < n && text.at(i) != u'\n') {
                ++i;
            }
            continue;
        }
        FilterToken token;
        token.at = i;
        if (c.isLetter() || c == u'_') {
            qsizetype end = i;
            while (end < n && wordChar(text.at(end))) {
                ++end;
            }
            token.kind = FilterToken::Kind::Word;
            token.text = text.mid(i, end - i);
            i = end;
        } else if (c.isDigit() || (c == u'.' && i + 1 < n && text.at(i + 1).isDigit())) {
            qsizetype end = i;
            while (end < n && text.at(end).isDigit()) {
                ++end;
            }
            if (end < n && text.at(end) == u'.') {
                ++end;
                while (end < n && text.at(end).isDigit()) {
                    ++end;
                }
            }
            if (end < n && (text.at(end) == u'e' || text.at(end) == u'E')) {
                qsizetype exponent = end + 1;
                if (exponent < n && (text.at(exponent) == u'+' || text.at(exponent) == u'-')) {
                    ++exponent;
                }
                if (exponent < n && text.at(exponent).isDigit()) {
                    end = exponent;
                    while (end < n && text.at(end).isDigit()) {
                        ++end;
                    }
                }
            }
            if (end < n && wordChar(text.at(end))) {
                return filterError(RowFilter::tr("The filter has “%1” at character %2, which is "
                                                 "neither a number nor a name.")
                                       .arg(text.mid(i, end + 1 - i))
                                       .arg(i + 1));
            }
            token.kind = FilterToken::Kind::Number;
            token.text = text.mid(i, end - i);
            i = end;
        } else if (c == u'\'' || c == u'`') {
            // Text in single quotes, a name in backticks; the quote doubled stands for itself.
            QString value;
            qsizetype at = i + 1;
            bool closed = false;
            while (at < n) {
                if (text.at(at) == c) {
                    if (at + 1 < n && text.at(at + 1) == c) {
                        value += c;
                        at += 2;
                        continue;
                    }
                    closed = true;
                    ++at;
                    break;
                }
                value += text.at(at++);
            }
            if (!closed) {
                return filterError(
                    c == u'\''
                        ? RowFilter::tr("The text that starts at character %1 of the filter has "
                                        "no closing quote.")
                              .arg(i + 1)
                        : RowFilter::tr("The column name that starts at character %1 of the "
                                        "filter has no closing backtick.")
                              .arg(i + 1));
            }
            token.kind = c == u'\'' ? FilterToken::Kind::Text : FilterToken::Kind::QuotedName;
            token.text = value;
            i = at;
        } else if (c == u'"') {
            // Lance reads "x" as the text 'x', not as the column x: a filter that meant the
            // column would quietly match other rows there than here.
            const qsizetype close = text.indexOf(u'"', i + 1);
            return filterError(
                RowFilter::tr("The filter has %1 in double quotes, which Lance reads as text, "
                              "not as a column name: write a column name in backticks (`name`) "
                              "and text in single quotes ('text').")
                    .arg(close < 0 ? text.mid(i) : text.mid(i, close + 1 - i)));
        } else {
            static const QStringList Symbols{u"<="_s, u">="_s, u"<>"_s, u"!="_s, u"="_s, u"<"_s,
                                             u">"_s,  u"("_s,  u")"_s,  u","_s,  u"-"_s, u"."_s,
                                             u"+"_s,  u"*"_s,  u"/"_s,  u"%"_s};
            for (const QString &symbol : Symbols) {
                if (QStringView(text).sliced(i).startsWith(symbol)) {
                    token.kind = FilterToken::Kind::Symbol;
                    token.text = symbol;
                    break;
                }
            }
            if (token.kind != FilterToken::Kind::Symbol) {
                return filterError(RowFilter::tr("The filter has “%1” at character %2, which it "
                                                 "does not understand.")
                                       .arg(c)
                                       .arg(i + 1));
            }
            i += token.text.size();
        }
        out.append(token);
    }
    FilterToken end;
    end.at = n;
    out.append(end);
    return out;
}

// A column, or a value as written.
struct FilterOperand
{
    enum class Kind { Column, Number, Text, Bool, Null };
    Kind kind = Kind::Null;
    QString text;       //!< the column's name, the number with its sign, the text
    bool truth = false; //!< Bool
    QString written;    //!< for messages
};

struct FilterCondition
{
    FilterOperand column;
    FilterTest test = FilterTest::Compare;
    FilterComparison comparison = FilterComparison::Equal;
    QList<FilterOperand> values;
};

class FilterParser
{
public:
    explicit FilterParser(QList<FilterToken> tokens)
        : m_tokens(std::move(tokens))
    {}

    api::Result<FilterCondition> all()
    {
        if (peek().kind == FilterToken::Kind::End) {
            return filterError(RowFilter::tr("The filter is empty."));
        }
        auto condition = one();
        if (!condition) {
            return condition.error();
        }
        if (peek().kind != FilterToken::Kind::End) {
            return after();
        }
        return condition;
    }

private:
    const FilterToken &peek(qsizetype ahead = 0) const
    {
        return m_tokens.at(std::min(m_at + ahead, m_tokens.size() - 1));
    }
    const FilterToken &next() { return m_tokens.at(std::min(m_at++, m_tokens.size() - 1)); }

    static QString shown(const FilterToken &token)
    {
        switch (token.kind) {
        case FilterToken::Kind::End:
            return RowFilter::tr("the end");
        case FilterToken::Kind::Text:
            return u"'"_s + token.text + u"'"_s;
        case FilterToken::Kind::QuotedName:
            return u"`"_s + token.text + u"`"_s;
        default:
            return u"“"_s + token.text + u"”"_s;
        }
    }

    ApiError expected(const QString &what) const
    {
        return filterError(RowFilter::tr("The filter expects %1 at character %2, not %3.")
                               .arg(what)
                               .arg(peek().at + 1)
                               .arg(shown(peek())));
    }

    // What follows a whole condition: only the end (or the parenthesis that closes it).
    ApiError after() const
    {
        if (peek().isKeyword(u"AND") || peek().isKeyword(u"OR")) {
            return filterError(RowFilter::tr("The filter combines conditions with %1; this "
                                             "catalog filters on one condition on one column.")
                                   .arg(peek().text.toUpper()));
        }
        return filterError(RowFilter::tr("The filter goes on after its condition, at character "
                                         "%1 (%2).")
                               .arg(peek().at + 1)
                               .arg(shown(peek())));
    }

    api::Result<FilterCondition> one()
    {
        if (peek().isSymbol(u"(")) {
            next();
            auto inner = one();
            if (!inner) {
                return inner.error();
            }
            if (!peek().isSymbol(u")")) {
                if (peek().kind != FilterToken::Kind::End) {
                    return after();
                }
                return expected(RowFilter::tr("“)”"));
            }
            next();
            return inner;
        }
        if (peek().isKeyword(u"NOT")) {
            next();
            auto operand = peek().isSymbol(u"(") ? api::Result<FilterOperand>(FilterOperand{})
                                                 : this->operand();
            if (!operand) {
                return operand.error();
            }
            if (operand->kind != FilterOperand::Kind::Column || !ends()) {
                return filterError(RowFilter::tr("The filter puts NOT before a condition; write "
                                                 "the opposite condition instead (<> for =, "
                                                 "NOT LIKE, NOT IN, IS NOT NULL)."));
            }
            FilterCondition out;
            out.column = *operand;
            out.test = FilterTest::IsFalse; // `NOT flag`: false, never null
            return out;
        }
        auto left = operand();
        if (!left) {
            return left.error();
        }
        FilterCondition out;
        if (ends()) {
            // A boolean column alone keeps its true rows.
            if (left->kind != FilterOperand::Kind::Column) {
                return filterError(RowFilter::tr("The filter is the value %1 alone, not a "
                                                 "condition on a column.")
                                       .arg(left->written));
            }
            out.column = *left;
            out.test = FilterTest::IsTrue;
            return out;
        }
        const FilterToken &word = peek();
        if (word.isKeyword(u"IS")) {
            next();
            const bool negated = peek().isKeyword(u"NOT");
            if (negated) {
                next();
            }
            const FilterToken &what = next();
            if (what.isKeyword(u"NULL")) {
                out.test = negated ? FilterTest::IsNotNull : FilterTest::IsNull;
            } else if (what.isKeyword(u"TRUE")) {
                out.test = negated ? FilterTest::IsNotTrue : FilterTest::IsTrue;
            } else if (what.isKeyword(u"FALSE")) {
                out.test = negated ? FilterTest::IsNotFalse : FilterTest::IsFalse;
            } else {
                --m_at;
                return expected(RowFilter::tr("NULL, TRUE or FALSE"));
            }
            return onColumn(*left, std::move(out));
        }
        bool negated = false;
        if (word.isKeyword(u"NOT")) {
            next();
            negated = true;
            if (!peek().isKeyword(u"LIKE") && !peek().isKeyword(u"IN")
                && !peek().isKeyword(u"BETWEEN")) {
                return expected(RowFilter::tr("LIKE, IN or BETWEEN"));
            }
        }
        if (peek().isKeyword(u"ILIKE")) {
            return filterError(RowFilter::tr("The filter uses ILIKE, which this catalog does not "
                                             "offer: LIKE, which tells cases apart, is."));
        }
        if (peek().isKeyword(u"LIKE")) {
            next();
            auto pattern = operand();
            if (!pattern) {
                return pattern.error();
            }
            if (pattern->kind != FilterOperand::Kind::Text) {
                return filterError(RowFilter::tr("LIKE takes a pattern in single quotes, not %1.")
                                       .arg(pattern->written));
            }
            if (peek().isKeyword(u"ESCAPE")) {
                return filterError(RowFilter::tr("LIKE … ESCAPE is not offered: a backslash "
                                                 "escapes % and _ in a pattern."));
            }
            out.test = negated ? FilterTest::NotLike : FilterTest::Like;
            out.values.append(*pattern);
            return onColumn(*left, std::move(out));
        }
        if (peek().isKeyword(u"IN")) {
            next();
            if (!peek().isSymbol(u"(")) {
                return expected(RowFilter::tr("“(” and a list of values"));
            }
            next();
            while (true) {
                auto value = operand();
                if (!value) {
                    return value.error();
                }
                out.values.append(*value);
                if (peek().isSymbol(u",")) {
                    next();
                    continue;
                }
                if (peek().isSymbol(u")")) {
                    next();
                    break;
                }
                return expected(RowFilter::tr("“,” or “)”"));
            }
            out.test = negated ? FilterTest::NotIn : FilterTest::In;
            return onColumn(*left, std::move(out));
        }
        if (peek().isKeyword(u"BETWEEN")) {
            next();
            auto low = operand();
            if (!low) {
                return low.error();
            }
            if (!peek().isKeyword(u"AND")) {
                return expected(RowFilter::tr("AND"));
            }
            next();
            auto high = operand();
            if (!high) {
                return high.error();
            }
            out.test = negated ? FilterTest::NotBetween : FilterTest::Between;
            out.values = {*low, *high};
            return onColumn(*left, std::move(out));
        }
        static const QList<std::pair<QString, FilterComparison>> Comparisons{
            {u"="_s, FilterComparison::Equal},          {u"!="_s, FilterComparison::NotEqual},
            {u"<>"_s, FilterComparison::NotEqual},      {u"<"_s, FilterComparison::Less},
            {u"<="_s, FilterComparison::LessOrEqual},   {u">"_s, FilterComparison::Greater},
            {u">="_s, FilterComparison::GreaterOrEqual}};
        for (const auto &[symbol, comparison] : Comparisons) {
            if (!peek().isSymbol(symbol)) {
                continue;
            }
            next();
            auto right = operand();
            if (!right) {
                return right.error();
            }
            const bool leftColumn = left->kind == FilterOperand::Kind::Column;
            const bool rightColumn = right->kind == FilterOperand::Kind::Column;
            if (leftColumn && rightColumn) {
                return filterError(RowFilter::tr("The filter compares column %1 with column %2; "
                                                 "it can compare a column with a value only.")
                                       .arg(left->written, right->written));
            }
            if (!leftColumn && !rightColumn) {
                return filterError(RowFilter::tr("The filter compares %1 with %2 and names no "
                                                 "column.")
                                       .arg(left->written, right->written));
            }
            out.comparison = comparison;
            if (!leftColumn) {
                // `5 < id` is `id > 5`.
                std::swap(*left, *right);
                out.comparison = mirrored(comparison);
            }
            out.values.append(*right);
            return onColumn(*left, std::move(out));
        }
        if (word.kind == FilterToken::Kind::Symbol && !word.isSymbol(u")")
            && !word.isSymbol(u",")) {
            return filterError(RowFilter::tr("The filter does arithmetic (%1); this catalog "
                                             "compares a column with a value as written.")
                                   .arg(shown(word)));
        }
        return expected(RowFilter::tr("a comparison such as =, <, LIKE, IN or IS NULL"));
    }

    static FilterComparison mirrored(FilterComparison comparison)
    {
        switch (comparison) {
        case FilterComparison::Less:
            return FilterComparison::Greater;
        case FilterComparison::LessOrEqual:
            return FilterComparison::GreaterOrEqual;
        case FilterComparison::Greater:
            return FilterComparison::Less;
        case FilterComparison::GreaterOrEqual:
            return FilterComparison::LessOrEqual;
        default:
            return comparison;
        }
    }

    bool ends() const
    {
        return peek().kind == FilterToken::Kind::End || peek().isSymbol(u")")
               || peek().isKeyword(u"AND") || peek().isKeyword(u"OR");
    }

    api::Result<FilterCondition> onColumn(const FilterOperand &column, FilterCondition condition)
    {
        if (column.kind != FilterOperand::Kind::Column) {
            return filterError(
                RowFilter::tr("The filter tests the value %1, not a column.").arg(column.written));
        }
        for (const FilterOperand &value : std::as_const(condition.values)) {
            if (value.kind == FilterOperand::Kind::Column) {
                return filterError(RowFilter::tr("The filter compares column %1 with column "
                                                 "%2; it can compare a column with a value "
                                                 "only.")
                                       .arg(column.written, value.written));
            }
        }
        condition.column = column;
        return condition;
    }

    api::Result<FilterOperand> operand()
    {
        FilterOperand out;
        const FilterToken &token = peek();
        out.written = shown(token);
        if (token.isSymbol(u"-")) {
            next();
            if (peek().kind != FilterToken::Kind::Number) {
                return filterError(RowFilter::tr("The filter has “-” before %1; a minus sign "
                                                 "belongs before a number only.")
                                       .arg(shown(peek())));
            }
            out.kind = FilterOperand::Kind::Number;
            out.text = u"-"_s + next().text;
            out.written = u"“"_s + out.text + u"”"_s;
            return out;
        }
        switch (token.kind) {
        case FilterToken::Kind::Number:
            out.kind = FilterOperand::Kind::Number;
            out.text = next().text;
            return out;
        case FilterToken::Kind::Text:
            out.kind = FilterOperand::Kind::Text;
            out.text = next().text;
            return out;
        case FilterToken::Kind::Word:
        case FilterToken::Kind::QuotedName:
            if (token.kind == FilterToken::Kind::Word && isFilterKeyword(token.text)) {
                if (token.isKeyword(u"TRUE") || token.isKeyword(u"FALSE")) {
                    out.kind = FilterOperand::Kind::Bool;
                    out.truth = token.isKeyword(u"TRUE");
                    next();
                    return out;
                }
                if (token.isKeyword(u"NULL")) {
                    out.kind = FilterOperand::Kind::Null;
                    next();
                    return out;
                }
                return expected(RowFilter::tr("a column or a value"));
            }
            if (peek(1).isSymbol(u"(")) {
                return filterError(RowFilter::tr("The filter calls %1(); this catalog filters "
                                                 "with a plain condition on a column, without "
                                                 "functions.")
                                       .arg(token.text));
            }
            if (peek(1).isSymbol(u".")) {
                return filterError(RowFilter::tr("The filter names a field inside column %1; it "
                                                 "filters on top-level columns only.")
                                       .arg(out.written));
            }
            out.kind = FilterOperand::Kind::Column;
            out.text = next().text;
            return out;
        default:
            return expected(RowFilter::tr("a column or a value"));
        }
    }

    QList<FilterToken> m_tokens;
    qsizetype m_at = 0;
};

// IEEE 754's totalOrder as one signed integer, as Arrow's comparisons order floats.
qint64 floatOrderKey(double value)
{
    qint64 bits = 0;
    std::memcpy(&bits, &value, sizeof bits);
    return bits ^ qint64(quint64(bits >> 63) >> 1);
}

double filterHalf(quint16 bits)
{
    qfloat16 half;
    std::memcpy(static_cast<void *>(&half), &bits, sizeof bits);
    return double(float(half));
}

// A number's text as a double, as Rust parses it: out of range is infinity or zero.
double filterDouble(const QString &text)
{
    const std::string digits = text.toStdString();
    double value = 0;
    const char *first = digits.data();
    const bool negative = digits.starts_with('-');
    const auto [end, problem]
        = std::from_chars(first + (negative ? 1 : 0), first + digits.size(), value);
    Q_UNUSED(end);
    if (problem == std::errc::result_out_of_range) {
        const auto e = digits.find_first_of("eE");
        const bool tiny = e != std::string::npos && e + 1 < digits.size() && digits[e + 1] == '-';
        value = tiny ? 0.0 : std::numeric_limits<double>::infinity();
    }
    return negative ? -value : value;
}

bool isWholeNumber(const QString &text)
{
    const QStringView digits = QStringView(text).sliced(text.startsWith(u'-') ? 1 : 0);
    return !digits.isEmpty()
           && std::all_of(digits.begin(), digits.end(), [](QChar c) { return c.isDigit(); });
}

QString kindName(const ValueType &type)
{
    switch (type.kind) {
    case FilterKind::Date:
        return RowFilter::tr("date");
    case FilterKind::Time:
        return RowFilter::tr("time");
    case FilterKind::Timestamp:
        return RowFilter::tr("timestamp");
    case FilterKind::Duration:
        return RowFilter::tr("duration");
    case FilterKind::Decimal:
        return RowFilter::tr("decimal");
    case FilterKind::Binary:
    case FilterKind::FixedSizeBinary:
        return RowFilter::tr("binary");
    case FilterKind::List:
    case FilterKind::FixedSizeList:
        return RowFilter::tr("list");
    case FilterKind::Struct:
        return RowFilter::tr("struct");
    default:
        return type.spelling;
    }
}

api::Result<RowFilter::Literal> filterLiteral(const QString &column, const ValueType &type,
                                              const FilterOperand &value)
{
    RowFilter::Literal out;
    if (value.kind == FilterOperand::Kind::Null) {
        return filterError(RowFilter::tr("A comparison with NULL matches no row: write “%1 IS "
                                         "NULL” or “%1 IS NOT NULL”.")
                               .arg(column));
    }
    const auto mismatch = [&] {
        return filterError(RowFilter::tr("Column “%1” (%2) is not compared with %3: that is not "
                                         "a value of its type.")
                               .arg(column, type.spelling, value.written));
    };
    const auto outOfRange = [&] {
        return filterError(RowFilter::tr("%3 is out of the range of column “%1” (%2).")
                               .arg(column, type.spelling, value.written));
    };
    switch (type.kind) {
    case FilterKind::Int:
    case FilterKind::UInt: {
        if (value.kind != FilterOperand::Kind::Number || !isWholeNumber(value.text)) {
            return mismatch();
        }
        const bool negative = value.text.startsWith(u'-');
        bool ok = false;
        const quint64 magnitude = QStringView(value.text).sliced(negative ? 1 : 0).toULongLong(&ok);
        if (!ok) {
            return outOfRange();
        }
        const int bits = type.bytes * 8;
        if (type.kind == FilterKind::UInt) {
            const quint64 most
                = bits == 64 ? std::numeric_limits<quint64>::max() : (quint64{1} << bits) - 1;
            if ((negative && magnitude != 0) || magnitude > most) {
                return outOfRange();
            }
            out.unsignedKey = magnitude;
            return out;
        }
        // The most a negative value's magnitude can be is one more than the most a positive's.
        const quint64 most = (quint64{1} << (bits - 1)) - 1;
        if (magnitude > most + (negative ? 1 : 0)) {
            return outOfRange();
        }
        out.signedKey = negative ? qint64(0 - magnitude) : qint64(magnitude);
        return out;
    }
    case FilterKind::Float: {
        if (value.kind != FilterOperand::Kind::Number) {
            return mismatch();
        }
        // Converted to the column's own width first, as Lance converts the literal: 0.1 is the
        // float nearest 0.1 for a float column.
        double number = filterDouble(value.text);
        if (isWholeNumber(value.text)) {
            bool ok = false;
            const qint64 whole = value.text.toLongLong(&ok);
            if (ok) {
                number = type.bytes == 8 ? double(whole) : double(float(whole));
            }
        }
        if (type.bytes == 4) {
            number = double(float(number));
        } else if (type.bytes == 2) {
            number = double(float(qfloat16(float(number))));
        }
        out.signedKey = floatOrderKey(number);
        return out;
    }
    case FilterKind::Bool:
        if (value.kind != FilterOperand::Kind::Bool) {
            return mismatch();
        }
        out.signedKey = value.truth ? 1 : 0;
        return out;
    case FilterKind::Utf8:
        if (value.kind != FilterOperand::Kind::Text) {
            return mismatch();
        }
        out.bytes = value.text.toUtf8();
        return out;
    default:
        return filterError(RowFilter::tr("Column “%1” holds %2 values, which the filter does not "
                                         "compare; IS NULL and IS NOT NULL apply to it.")
                               .arg(column, kindName(type)));
    }
}

// A LIKE pattern as pieces: `%`, `_`, and bytes, a backslash making the character after it
// plain, as Arrow's LIKE reads it.
QList<FilterPiece> filterPattern(const QString &pattern)
{
    QList<FilterPiece> out;
    const QByteArray bytes = pattern.toUtf8();
    const auto plain = [&](qsizetype at) {
        // A whole character: its lead byte and the continuation bytes after it.
        qsizetype end = at + 1;
        while (end < bytes.size() && (uchar(bytes.at(end)) & 0xc0) == 0x80) {
            ++end;
        }
        for (qsizetype b = at; b < end; ++b) {
            out.append({FilterPiece::Kind::Byte, bytes.at(b)});
        }
        return end;
    };
    for (qsizetype i = 0; i < bytes.size();) {
        const char c = bytes.at(i);
        if (c == '\\' && i + 1 < bytes.size()) {
            i = plain(i + 1);
        } else if (c == '%') {
            if (out.isEmpty() || out.back().kind != FilterPiece::Kind::AnyText) {
                out.append({FilterPiece::Kind::AnyText, 0});
            }
            ++i;
        } else if (c == '_') {
            out.append({FilterPiece::Kind::OneCharacter, 0});
            ++i;
        } else {
            i = plain(i);
        }
    }
    return out;
}

qsizetype nextCharacter(const char *text, qsizetype size, qsizetype at)
{
    ++at;
    while (at < size && (uchar(text[at]) & 0xc0) == 0x80) {
        ++at;
    }
    return at;
}

// Whether `text` matches `pattern`: `%` backtracks one character at a time.
bool filterLike(const char *text, qsizetype size, const QList<FilterPiece> &pattern)
{
    qsizetype p = 0;
    qsizetype t = 0;
    qsizetype star = -1;
    qsizetype starText = 0;
    while (t < size) {
        if (p < pattern.size() && pattern.at(p).kind == FilterPiece::Kind::OneCharacter) {
            t = nextCharacter(text, size, t);
            ++p;
        } else if (p < pattern.size() && pattern.at(p).kind == FilterPiece::Kind::Byte
                   && pattern.at(p).byte == text[t]) {
            ++t;
            ++p;
        } else if (p < pattern.size() && pattern.at(p).kind == FilterPiece::Kind::AnyText) {
            star = p++;
            starText = t;
        } else if (star >= 0) {
            p = star + 1;
            starText = nextCharacter(text, size, starText);
            t = starText;
        } else {
            return false;
        }
    }
    while (p < pattern.size() && pattern.at(p).kind == FilterPiece::Kind::AnyText) {
        ++p;
    }
    return p == pattern.size();
}

} // namespace

api::Result<RowFilter> RowFilter::parse(const QString &text, const FieldTree &tree)
{
    auto tokens = filterTokens(text);
    if (!tokens) {
        return tokens.error();
    }
    auto condition = FilterParser(std::move(*tokens)).all();
    if (!condition) {
        return condition.error();
    }
    // The column as Lance finds it: spelled exactly, or else in other cases.
    const QString &named = condition->column.text;
    const FieldTree::Node *node = tree.find(named);
    for (qsizetype i = 0; !node && i < tree.topLevel.size(); ++i) {
        if (tree.topLevel.at(i).field.name.compare(named, Qt::CaseInsensitive) == 0) {
            node = &tree.topLevel.at(i);
        }
    }
    if (!node) {
        return ApiError::catalog(api::ErrorCode::TableColumnNotFound,
                                 tr("The filter names the column “%1”, which this version of "
                                    "the table does not have.")
                                     .arg(named));
    }
    RowFilter out;
    out.m_text = text;
    out.m_column = node->field.name;
    out.m_type = node->type;
    out.m_test = condition->test;
    out.m_comparison = condition->comparison;
    const QString &name = out.m_column;
    switch (out.m_test) {
    case Test::IsNull:
    case Test::IsNotNull:
        return out;
    case Test::IsTrue:
    case Test::IsNotTrue:
    case Test::IsFalse:
    case Test::IsNotFalse:
        if (out.m_type.kind != ValueType::Kind::Bool) {
            return filterError(tr("The filter tests column “%1” as true or false, but it holds "
                                  "%2 values.")
                                   .arg(name, kindName(out.m_type)));
        }
        return out;
    case Test::Like:
    case Test::NotLike:
        if (out.m_type.kind != ValueType::Kind::Utf8) {
            return filterError(tr("LIKE applies to text, but column “%1” holds %2 values.")
                                   .arg(name, kindName(out.m_type)));
        }
        out.m_pattern = filterPattern(condition->values.front().text);
        return out;
    default:
        break;
    }
    for (const FilterOperand &value : std::as_const(condition->values)) {
        auto literal = filterLiteral(name, out.m_type, value);
        if (!literal) {
            return literal.error();
        }
        out.m_literals.append(*literal);
    }
    return out;
}

int RowFilter::compareAt(const ColumnArray &values, qint64 row, const Literal &literal) const
{
    const auto order = [](auto a, auto b) {
        return a < b ? -1 : (b < a ? 1 : 0);
    };
    const char *at = values.values.constData() + row * m_type.bytes;
    switch (m_type.kind) {
    case ValueType::Kind::Int:
        switch (m_type.bytes) {
        case 1:
            return order(qint64(qint8(*at)), literal.signedKey);
        case 2:
            return order(qint64(qFromLittleEndian<qint16>(at)), literal.signedKey);
        case 4:
            return order(qint64(qFromLittleEndian<qint32>(at)), literal.signedKey);
        default:
            return order(qFromLittleEndian<qint64>(at), literal.signedKey);
        }
    case ValueType::Kind::UInt:
        switch (m_type.bytes) {
        case 1:
            return order(quint64(quint8(*at)), literal.unsignedKey);
        case 2:
            return order(quint64(qFromLittleEndian<quint16>(at)), literal.unsignedKey);
        case 4:
            return order(quint64(qFromLittleEndian<quint32>(at)), literal.unsignedKey);
        default:
            return order(qFromLittleEndian<quint64>(at), literal.unsignedKey);
        }
    case ValueType::Kind::Float: {
        double value = 0;
        if (m_type.bytes == 2) {
            value = filterHalf(qFromLittleEndian<quint16>(at));
        } else if (m_type.bytes == 4) {
            float single = 0;
            std::memcpy(&single, at, sizeof single);
            value = double(single);
        } else {
            std::memcpy(&value, at, sizeof value);
        }
        return order(floatOrderKey(value), literal.signedKey);
    }
    case ValueType::Kind::Bool:
        return order(qint64(*at != 0 ? 1 : 0), literal.signedKey);
    default: {
        // Text: byte by byte, a prefix before what it starts.
        const qint64 from = values.offsets.at(row);
        const qint64 size = values.offsets.at(row + 1) - from;
        const qsizetype common = qsizetype(std::min<qint64>(size, literal.bytes.size()));
        const int bytes = common == 0 ? 0
                                      : std::memcmp(values.values.constData() + from,
                                                    literal.bytes.constData(), size_t(common));
        return bytes != 0 ? (bytes < 0 ? -1 : 1) : order(size, qint64(literal.bytes.size()));
    }
    }
}

bool RowFilter::keeps(const ColumnArray &values, qint64 row) const
{
    const bool valid = values.isValid(row);
    const auto truth = [&] {
        return valid && values.values.at(row) != 0;
    };
    switch (m_test) {
    case Test::IsNull:
        return !valid;
    case Test::IsNotNull:
        return valid;
    case Test::IsTrue:
        return truth();
    case Test::IsNotTrue:
        return !truth();
    case Test::IsFalse:
        return valid && values.values.at(row) == 0;
    case Test::IsNotFalse:
        return !valid || values.values.at(row) != 0;
    default:
        break;
    }
    // Every other test of a null is null: the row is not kept, NOT or no NOT.
    if (!valid) {
        return false;
    }
    switch (m_test) {
    case Test::Compare: {
        const int order = compareAt(values, row, m_literals.front());
        switch (m_comparison) {
        case Comparison::Equal:
            return order == 0;
        case Comparison::NotEqual:
            return order != 0;
        case Comparison::Less:
            return order < 0;
        case Comparison::LessOrEqual:
            return order <= 0;
        case Comparison::Greater:
            return order > 0;
        case Comparison::GreaterOrEqual:
            return order >= 0;
        }
        return false;
    }
    case Test::Between:
    case Test::NotBetween: {
        const bool within = compareAt(values, row, m_literals.at(0)) >= 0
                            && compareAt(values, row, m_literals.at(1)) <= 0;
        return within == (m_test == Test::Between);
    }
    case Test::In:
    case Test::NotIn: {
        bool found = false;
        for (const Literal &literal : m_literals) {
            if (compareAt(values, row, literal) == 0) {
                found = true;
                break;
            }
        }
        return found == (m_test == Test::In);
    }
    case Test::Like:
    case Test::NotLike: {
        const qint64 from = values.offsets.at(row);
        const bool like = filterLike(values.values.constData() + from,
                                     qsizetype(values.offsets.at(row + 1) - from), m_pattern);
        return like == (m_test == Test::Like);
    }
    default:
        return false;
    }
}

QList<qint64> RowFilter::matchingRows(const ColumnArray &values) const
{
    QList<qint64> out;
    for (qint64 row = 0; row < values.length; ++row) {
        if (keeps(values, row)) {
            out.append(row);
        }
    }
    return out;
}

} // namespace lance::rows
