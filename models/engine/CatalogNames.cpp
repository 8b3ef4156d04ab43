// SPDX-License-Identifier: Apache-2.0
#include "engine/CatalogNames.h"

using namespace Qt::StringLiterals;
using lance::api::ApiError;
using lance::api::ErrorCode;
using lance::api::Identifier;

namespace lance::engine {

namespace {

constexpr qsizetype MaxNameBytes = 255;

} // namespace

api::Result<void> CatalogNames::checkName(const QString &name)
{
    if (auto problem = Identifier::checkName(name); !problem.hasValue()) {
        return problem;
    }
    if (auto problem = Identifier::checkFolderName(name); !problem.hasValue()) {
        return problem;
    }
    if (name.toUtf8().size() > MaxNameBytes) {
        return api::ApiError::invalidInput(
            tr("the name \"%1\" is longer than %2 bytes in UTF-8: names become folders.")
                .arg(name.left(40) + QChar(0x2026), QString::number(MaxNameBytes)));
    }
    return {};
}

api::Result<void> CatalogNames::checkNamespace(const Identifier &id)
{
    for (const QString &name : id.names()) {
        if (const auto problem = checkName(name); !problem.hasValue()) {
            return ApiError::catalog(
                ErrorCode::InvalidInput,
                tr("\"%1\" is not a valid identifier: %2")
                    .arg(id.names().join(u'$'), problem.error().userMessage()));
        }
    }
    return {};
}

api::Result<void> CatalogNames::checkTable(const Identifier &id)
{
    if (id.isRoot()) {
        return ApiError::catalog(ErrorCode::InvalidInput,
                                 tr("A table identifier needs at least one name; the root "
                                    "namespace is not a table."));
    }
    return checkNamespace(id);
}

QString CatalogNames::key(const Identifier &id)
{
    return id.names().join(u'$');
}

QString CatalogNames::display(const Identifier &id)
{
    return id.toString();
}

QString CatalogNames::branch(const std::optional<QString> &branch)
{
    if (!branch || *branch == u"main"_s) {
        return QString();
    }
    return *branch;
}

std::optional<QString> CatalogNames::answeredBranch(const QString &branch)
{
    return branch.isEmpty() ? std::nullopt : std::optional<QString>(branch);
}

} // namespace lance::engine
