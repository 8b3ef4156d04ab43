// SPDX-License-Identifier: Apache-2.0
#include "api/Identifier.h"

#include <QUrl>

using namespace Qt::StringLiterals;

namespace lance::api {

Result<Identifier> Identifier::parse(const QString &text, const QString &delimiter)
{
    if (const auto problem = checkDelimiter(delimiter); !problem.hasValue()) {
        return ApiError::invalidInput(problem.error().userMessage());
    }
    if (text.isEmpty()) {
        return ApiError::invalidInput(tr("An identifier is empty; the root namespace is written "
                                         "as the delimiter \"%1\".")
                                          .arg(delimiter));
    }
    if (text == delimiter) {
        return Identifier();
    }
    Identifier id(text.split(delimiter, Qt::KeepEmptyParts));
    if (const auto problem = id.check(delimiter); !problem.hasValue()) {
        return ApiError::invalidInput(
            tr("\"%1\" is not a valid identifier: %2").arg(text, problem.error().userMessage()));
    }
    return id;
}

Result<void> Identifier::checkName(const QString &name, const QString &delimiter)
{
    if (name.isEmpty()) {
        return ApiError::invalidInput(tr("a name is empty."));
    }
    if (!delimiter.isEmpty() && name.contains(delimiter)) {
        return ApiError::invalidInput(
            tr("the name \"%1\" contains the delimiter \"%2\".").arg(name, delimiter));
    }
    for (const QChar c : name) {
        // Control characters cannot be typed, shown or safely logged; no catalog needs them.
        if (c.category() == QChar::Other_Control) {
            return ApiError::invalidInput(
                tr("the name \"%1\" contains a control character (U+%2).")
                    .arg(QString(name).replace(c, QChar::ReplacementCharacter))
                    .arg(c.unicode(), 4, 16, QChar(u'0')));
        }
    }
    return {};
}

Result<void> Identifier::checkFolderName(const QString &name)
{
    if (name == u"."_s || name == u".."_s) {
        return ApiError::invalidInput(
            tr("the name \"%1\" is not allowed: names become folders.").arg(name));
    }
    if (name.contains(u'/') || name.contains(u'\\')) {
        return ApiError::invalidInput(
            tr("the name \"%1\" contains a slash: names become folders.").arg(name));
    }
    return {};
}

Result<void> Identifier::checkDelimiter(const QString &delimiter)
{
    if (delimiter.isEmpty()) {
        return ApiError::invalidInput(tr("The identifier delimiter is empty."));
    }
    return {};
}

Result<void> Identifier::check(const QString &delimiter) const
{
    for (const QString &name : m_names) {
        if (auto problem = checkName(name, delimiter); !problem.hasValue()) {
            return problem;
        }
    }
    return {};
}

Identifier Identifier::parent() const
{
    return isRoot() ? Identifier() : Identifier(m_names.first(m_names.size() - 1));
}

Identifier Identifier::child(const QString &name) const
{
    QStringList names = m_names;
    names.append(name);
    return Identifier(std::move(names));
}

QString Identifier::toString(const QString &delimiter) const
{
    return isRoot() ? delimiter : m_names.join(delimiter);
}

QByteArray Identifier::toPathSegment(const QString &delimiter) const
{
    // Everything outside RFC 3986's unreserved set is encoded, as the Lance Rust client does.
    return QUrl::toPercentEncoding(toString(delimiter));
}

} // namespace lance::api
