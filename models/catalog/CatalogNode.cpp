// SPDX-License-Identifier: Apache-2.0
#include "catalog/CatalogNode.h"

namespace lance::catalog {

CatalogNode::CatalogNode(QString name, CatalogNode *parent, int row)
    : m_name(std::move(name))
    , m_parent(parent)
    , m_row(row)
{}

CatalogNode::~CatalogNode()
{
    // Nobody will read the answers: a refresh replaced this node, or the model is going away.
    // Cancelling frees the worker or the connection early; the callbacks are dropped unread.
    m_pageRequest.cancel();
    m_declaredCheck.cancel();
}

api::Identifier CatalogNode::id() const
{
    QStringList names;
    for (const CatalogNode *node = this; !node->isRoot(); node = node->m_parent) {
        names.prepend(node->m_name);
    }
    return api::Identifier(std::move(names));
}

bool CatalogNode::hasSyntheticRow() const
{
    return m_loadState == LoadState::Loading || m_loadState == LoadState::Failed;
}

CatalogNode::Kind CatalogNode::kindOfRow(int row) const
{
    if (row < namespaceCount()) {
        return Kind::Namespace;
    }
    if (row < loadedCount()) {
        return Kind::Table;
    }
    return m_loadState == LoadState::Failed ? Kind::Error : Kind::Loading;
}

int CatalogNode::indexOfNamespace(const QString &name) const
{
    for (size_t i = 0; i < m_namespaces.size(); ++i) {
        if (m_namespaces[i]->m_name == name) {
            return int(i);
        }
    }
    return -1;
}

void CatalogNode::appendNamespaces(const QStringList &names)
{
    m_namespaces.reserve(m_namespaces.size() + size_t(names.size()));
    for (const QString &name : names) {
        m_namespaces.push_back(std::make_unique<CatalogNode>(name, this, namespaceCount()));
    }
}

void CatalogNode::appendTables(const QStringList &names)
{
    m_tables.append(names);
}

void CatalogNode::advance(const std::optional<QString> &nextToken)
{
    if (nextToken && !nextToken->isEmpty()) {
        m_pageToken = nextToken;
        return;
    }
    m_pageToken.reset();
    m_listing = m_listing == Listing::Namespaces ? Listing::Tables : Listing::Done;
    if (m_listing == Listing::Done) {
        m_tables.squeeze();
        m_namespaces.shrink_to_fit();
    }
}

void CatalogNode::setPageRequest(const api::RequestHandle &handle)
{
    m_pageRequest = handle;
    m_awaitingPage = true;
}

void CatalogNode::pageAnswered()
{
    m_pageRequest = api::RequestHandle();
    m_awaitingPage = false;
}

std::optional<bool> CatalogNode::isDeclaredOnly(int table) const
{
    if (!m_declaredKnown || size_t(table) >= m_declaredOnly.size()) {
        return std::nullopt;
    }
    return m_declaredOnly[size_t(table)];
}

void CatalogNode::setDeclaredOnly(std::vector<bool> declaredOnly)
{
    m_declaredOnly = std::move(declaredOnly);
    m_declaredKnown = true;
}

} // namespace lance::catalog
