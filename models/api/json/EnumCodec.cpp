// SPDX-License-Identifier: Apache-2.0
// The spec's enum-like strings. The spec declares them as plain strings ("case insensitive,
// supports both PascalCase and snake_case"); the wire form written here is PascalCase.
#include "api/json/Codecs.h"

using namespace Qt::StringLiterals;

namespace lance::api::json {

namespace detail {

template <> const QStringList &wireNames<ManifestNamingScheme>()
{
    static const QStringList names{u"V1"_s, u"V2"_s};
    return names;
}

template <> const QStringList &wireNames<CreateNamespaceMode>()
{
    static const QStringList names{u"Create"_s, u"ExistOk"_s, u"Overwrite"_s};
    return names;
}

template <> const QStringList &wireNames<DropNamespaceMode>()
{
    static const QStringList names{u"Fail"_s, u"Skip"_s};
    return names;
}

template <> const QStringList &wireNames<DropNamespaceBehavior>()
{
    static const QStringList names{u"Restrict"_s, u"Cascade"_s};
    return names;
}

template <> const QStringList &wireNames<RegisterTableMode>()
{
    static const QStringList names{u"Create"_s, u"Overwrite"_s};
    return names;
}

} // namespace detail

QString toWireString(ManifestNamingScheme scheme)
{
    return detail::wireNames<ManifestNamingScheme>().value(qsizetype(scheme));
}

QString toWireString(CreateNamespaceMode mode)
{
    return detail::wireNames<CreateNamespaceMode>().value(qsizetype(mode));
}

QString toWireString(DropNamespaceMode mode)
{
    return detail::wireNames<DropNamespaceMode>().value(qsizetype(mode));
}

QString toWireString(DropNamespaceBehavior behavior)
{
    return detail::wireNames<DropNamespaceBehavior>().value(qsizetype(behavior));
}

QString toWireString(RegisterTableMode mode)
{
    return detail::wireNames<RegisterTableMode>().value(qsizetype(mode));
}

} // namespace lance::api::json
