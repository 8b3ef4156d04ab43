// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/CatalogService.h"
#include "api/HealthMessages.h"

#include <QObject>

#include <optional>

namespace lance::activity {
class ActivityTracker;
}

namespace lance::details {

/// Reads a table's health (GetTableHealth) for the details' Health tab. One table at a time:
/// asking for another cancels the previous request, and an answer for a table no longer asked
/// for is dropped. A server without the extension says so in `failed` (`unsupported`), which
/// the tab words as "not here" rather than as an error.
class TableHealthLoader : public QObject
{
    Q_OBJECT

public:
    TableHealthLoader(api::CatalogService *service, activity::ActivityTracker *tracker,
                      QString delimiter, QObject *parent = nullptr);

    void load(const api::Identifier &table);
    /// Loads the last table again.
    void reload();
    /// Stops loading and forgets the table.
    void clear();

    std::optional<api::Identifier> current() const { return m_current; }
    /// The health of current(), once loaded; nothing while loading or after a failure.
    const std::optional<api::GetTableHealthResponse> &health() const { return m_health; }
    bool isLoading() const { return m_busy; }

signals:
    void loadingStarted(const lance::api::Identifier &table);
    void loaded(const lance::api::Identifier &table,
                const lance::api::GetTableHealthResponse &health);
    void failed(const lance::api::Identifier &table, const QString &message, bool unsupported);

private:
    api::CatalogService *m_service;
    activity::ActivityTracker *m_tracker;
    QString m_delimiter;
    std::optional<api::Identifier> m_current;
    std::optional<api::GetTableHealthResponse> m_health;
    api::RequestHandle m_loading;
    quint64 m_generation = 0;
    bool m_busy = false;
};

} // namespace lance::details
