// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Result.h"

#include <QStringList>

#include <optional>

namespace lance::api {

/// A namespace or table identifier: the names from below the root namespace down to the object
/// (spec "list-style identifier"). The root namespace has no names. The string form joins the
/// names with a delimiter (default `$`); the root's string form is the delimiter itself.
class Identifier
{
    Q_DECLARE_TR_FUNCTIONS(Identifier)

public:
    static inline const QString DefaultDelimiter = QStringLiteral("$");

    Identifier() = default; //!< the root namespace
    explicit Identifier(QStringList names)
        : m_names(std::move(names))
    {}

    /// Parses the string form. The delimiter alone is the root; anything else is split on the
    /// delimiter and every name must be valid (no empty names, so `a$$b` and `$a` are refused).
    static Result<Identifier> parse(const QString &text,
                                    const QString &delimiter = DefaultDelimiter);

    /// The reason `name` cannot be a namespace or table name, or nothing if it can: it must not
    /// be empty, contain the delimiter, or contain control characters.
    static Result<void> checkName(const QString &name, const QString &delimiter = DefaultDelimiter);
    /// The reason `name` cannot be a folder's name, as a namespace or table is in a catalog that
    /// keeps its tables in folders (ours, Lance's directory namespace): `.`, `..`, a slash or a
    /// backslash; nothing if it can.
    static Result<void> checkFolderName(const QString &name);
    /// The reason `delimiter` cannot be used, or nothing if it can (it must not be empty).
    static Result<void> checkDelimiter(const QString &delimiter);

    /// The first problem with any of the names, or nothing.
    Result<void> check(const QString &delimiter = DefaultDelimiter) const;

    const QStringList &names() const { return m_names; }
    bool isRoot() const { return m_names.isEmpty(); }
    qsizetype depth() const { return m_names.size(); }
    /// The last name; empty for the root.
    QString name() const { return m_names.isEmpty() ? QString() : m_names.last(); }
    /// The enclosing namespace; the root's parent is the root.
    Identifier parent() const;
    Identifier child(const QString &name) const;

    QString toString(const QString &delimiter = DefaultDelimiter) const;
    /// The names joined with a character no name may hold (NUL): a key for a hash or a set
    /// that tells every identifier apart, whatever the delimiter.
    QString key() const { return m_names.join(QChar(0)); }
    /// The string form, percent-encoded for use as one URL path segment (`$` becomes `%24`,
    /// `/` becomes `%2F`, non-ASCII is UTF-8 percent-encoded).
    QByteArray toPathSegment(const QString &delimiter = DefaultDelimiter) const;

    bool operator==(const Identifier &) const = default;

private:
    QStringList m_names;
};

} // namespace lance::api
