// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Identifier.h"
#include "api/RequestHandle.h"

#include <QObject>

namespace lance::api {
class CatalogService;
}

namespace lance::details {

/// Finds one table with a version on a server, to try a connection's settings on (the path
/// mapping, the storage options): the first table of the root namespace, else of its first
/// namespace. Two list calls at most; never blocks.
class SampleTableFinder : public QObject
{
    Q_OBJECT

public:
    /// `service` must outlive the finder.
    explicit SampleTableFinder(api::CatalogService *service, QObject *parent = nullptr);

    /// Starts again, dropping a search in progress.
    void start();
    /// `purpose` ends the sentence when nothing is found: "to try the mapping on".
    void setPurpose(const QString &purpose) { m_purpose = purpose; }

signals:
    void found(const lance::api::Identifier &table);
    /// Nothing was found, or the server failed; one translated sentence.
    void failed(const QString &message);

private:
    void listTables(const api::Identifier &namespaceId, bool thenNamespaces);
    void listNamespaces();
    QString noTableMessage() const;

    api::CatalogService *m_service;
    api::RequestHandle m_request;
    QString m_purpose;
};

} // namespace lance::details
