// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/CatalogService.h"
#include "details/ObjectDetails.h"

#include <QObject>

namespace lance::activity {
class ActivityTracker;
}

namespace lance::details {

/// Reads the details of the namespace or table a person selected: DescribeNamespace, or
/// DescribeTable (with the table URI and the declared-only check) followed by its tags.
///
/// One object at a time: asking for another cancels the previous one, and answers for an
/// object no longer asked for are dropped, so fast clicking through the tree never shows stale
/// details. A table whose tags cannot be listed (a server without tags) still shows its
/// description; the tag problem is reported with it.
class DetailsLoader : public QObject
{
    Q_OBJECT

public:
    DetailsLoader(api::CatalogService *service, activity::ActivityTracker *tracker,
                  QString delimiter, QObject *parent = nullptr);

    void loadNamespace(const api::Identifier &id);
    void loadTable(const api::Identifier &id);
    /// Loads the last object again.
    void reload();
    /// Stops loading and forgets the current object.
    void clear();

    bool isLoading() const { return m_busy; }
    std::optional<api::Identifier> current() const { return m_current; }

signals:
    void loadingStarted(const lance::api::Identifier &id);
    void loaded(const lance::details::ObjectDetails &details);
    void failed(const lance::api::Identifier &id, const lance::api::ApiError &error);

private:
    void start(const api::Identifier &id, ObjectDetails::Kind kind);
    void loadTags(ObjectDetails details, quint64 generation);
    void track(const QString &description);
    void finishWith(const ObjectDetails &details);
    void failWith(const api::Identifier &id, const api::ApiError &error);

    api::CatalogService *m_service;
    activity::ActivityTracker *m_tracker;
    QString m_delimiter;
    std::optional<api::Identifier> m_current;
    ObjectDetails::Kind m_kind = ObjectDetails::Kind::Namespace;
    api::RequestHandle m_loading;
    quint64 m_generation = 0; //!< answers of an older generation are dropped
    bool m_busy = false;
};

} // namespace lance::details
