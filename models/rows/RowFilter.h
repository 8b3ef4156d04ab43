// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Result.h"
#include "rows/ColumnArray.h"
#include "rows/FieldTree.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QList>
#include <QString>

namespace lance::rows {

/// One condition on one top-level column, written as LanceDB's `where` strings are, and the
/// rows of that column it keeps. It means what Lance means by the same text, so that a filter
/// answers the rows LanceDB answers:
///  - `col = lit`, `!=` / `<>`, `<`, `<=`, `>`, `>=` (the literal may come first);
///    `col [NOT] BETWEEN lit AND lit`; `col [NOT] IN (lit, ...)`;
///  - `col IS [NOT] NULL` (any column); `col IS [NOT] TRUE|FALSE`, `col`, `NOT col` (booleans);
///  - `col [NOT] LIKE 'pattern'` (strings): `%` any text, `_` one character, `\` escapes.
/// Columns are bare names (one that matches no column exactly matches one spelled with other
/// cases, as Lance resolves it) or in backticks; text is in single quotes ('' for a quote);
/// numbers are integers or decimals with an exponent, `-` for negative; TRUE and FALSE.
/// Keywords in any case; `--` starts a comment.
///
/// A literal is converted to the column's type, as Lance converts it, and refused where it is
/// not a value of that type (300 for an int8, 2.5 or -1 for a uint32, text for a number), so
/// integers compare exactly at every width. Floats compare in IEEE 754's total order, as Arrow
/// does: NaN above +Infinity and equal to itself, -0.0 below 0.0. Text compares byte by byte
/// (UTF-8). A null matches no comparison, only IS NULL (and IS NOT TRUE / IS NOT FALSE).
///
/// Refused, each with a sentence naming what is wrong: AND and OR, two columns, functions and
/// arithmetic, fields inside a column, dates, times, timestamps, decimals and binaries compared
/// with a value, double-quoted names (Lance reads `"x"` as the text 'x', not as a column) and
/// anything else. A column the version does not have is TableColumnNotFound; any other problem
/// InvalidInput. Pure, any thread.
class RowFilter
{
    Q_DECLARE_TR_FUNCTIONS(RowFilter)

public:
    /// The condition `text` says, on a column of `tree` (the version's schema).
    static api::Result<RowFilter> parse(const QString &text, const FieldTree &tree);

    /// The top-level column the condition reads, as the schema names it.
    const QString &column() const { return m_column; }
    const QString &text() const { return m_text; }
    /// The column's type when the filter was parsed: its values are read as this type.
    const ValueType &type() const { return m_type; }

    /// The positions of `values`' rows (values of column()) that the condition keeps, ascending.
    QList<qint64> matchingRows(const ColumnArray &values) const;

    enum class Test {
        Compare,
        Between,
        NotBetween,
        In,
        NotIn,
        Like,
        NotLike,
        IsNull,
        IsNotNull,
        IsTrue,
        IsNotTrue,
        IsFalse,
        IsNotFalse,
    };
    enum class Comparison { Equal, NotEqual, Less, LessOrEqual, Greater, GreaterOrEqual };

    /// A literal as the column's values compare: integers and booleans signed, unsigned 64-bit
    /// integers unsigned, floats as their total-order key, text as UTF-8.
    struct Literal
    {
        qint64 signedKey = 0;
        quint64 unsignedKey = 0;
        QByteArray bytes;
    };

    /// One piece of a LIKE pattern: literal bytes, `_` or `%`.
    struct PatternPiece
    {
        enum class Kind { Byte, OneCharacter, AnyText };
        Kind kind = Kind::Byte;
        char byte = 0;
    };

private:
    int compareAt(const ColumnArray &values, qint64 row, const Literal &literal) const;
    bool keeps(const ColumnArray &values, qint64 row) const;

    QString m_text;
    QString m_column;
    ValueType m_type;
    Test m_test = Test::Compare;
    Comparison m_comparison = Comparison::Equal;
    QList<Literal> m_literals; //!< Compare: one; Between: low, high; In: the list
    QList<PatternPiece> m_pattern;
};

} // namespace lance::rows
