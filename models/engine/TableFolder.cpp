// SPDX-License-Identifier: Apache-2.0
#include "engine/TableFolder.h"

#include "engine/CatalogLocations.h"
#include "format/LocalPaths.h"
#include "storage/LocalStore.h"

#include <QDir>

using namespace Qt::StringLiterals;
using lance::api::ApiError;
using lance::api::ErrorCode;

namespace lance::engine {

TableFolder::TableFolder(std::shared_ptr<storage::ObjectStore> store, QString prefix, bool local)
    : m_store(std::move(store))
    , m_prefix(std::move(prefix))
    , m_local(local)
{
    // Empty for a table at a bucket's root: its keys are `_versions/…`, never `/_versions/…`.
    if (!m_prefix.isEmpty() && !m_prefix.endsWith(u'/')) {
        m_prefix += u'/';
    }
}

api::Result<TableFolder> TableFolder::of(const CatalogLocations &locations, const QString &location)
{
    if (const std::optional<QString> folder = locations.localPath(location)) {
        return TableFolder(std::make_shared<storage::LocalStore>(),
                           QDir::cleanPath(QDir(*folder).absolutePath()), true);
    }
    const auto onStore = locations.stores().locate(location);
    if (!onStore) {
        return onStore.error();
    }
    if (!*onStore) {
        return ApiError::catalog(
            ErrorCode::Unsupported,
            tr("The table's files are at %1, on a store this catalog has no storage options "
               "for, so it can neither read nor write them there.")
                .arg(location));
    }
    return TableFolder((*onStore)->store, (*onStore)->uri.keyAsPrefix(), false);
}

TableFolder TableFolder::branch(const QString &name) const
{
    return TableFolder(m_store, m_prefix + u"tree/"_s + name, m_local);
}

QString TableFolder::root() const
{
    const QString folder = m_prefix.endsWith(u'/') ? m_prefix.chopped(1) : m_prefix;
    return m_local ? folder : m_store->uriOf(folder).toString();
}

QString TableFolder::readable(const QString &key) const
{
    return m_local ? QDir::toNativeSeparators(key) : m_store->uriOf(key).toString();
}

QString TableFolder::recordedPath(const QString &key) const
{
    return m_local ? format::LocalPaths::objectStorePath(key) : key;
}

std::optional<QString> TableFolder::keyOf(const QString &recordedPath) const
{
    if (m_local) {
        const std::optional<QString> file = format::LocalPaths::manifestFile(recordedPath);
        return file ? std::optional(format::LocalPaths::resolved(*file)) : std::nullopt;
    }
    const storage::StorageUri here = m_store->uriOf(m_prefix);
    return TableStores::keyOf(TableStores::Table{m_store, here}, recordedPath);
}

} // namespace lance::engine
