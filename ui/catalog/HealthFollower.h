// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/CatalogService.h"

#include <QObject>
#include <QPointer>

#include <optional>

namespace lance::activity {
class ActivityTracker;
}

namespace lance::details {
class TableHealthLoader;
}

namespace lance::ui {

class DetailsPanel;

/// Fills the details' Health tab for the table the panel shows, when the tab is shown: a
/// table's health lists its folder and reads every kept manifest, which is not worth doing for
/// every table a person clicks through. Shown again for the same table, the tab keeps what it
/// read until Refresh; another table reads anew, and an answer for a table no longer shown is
/// dropped (details::TableHealthLoader).
class HealthFollower : public QObject
{
    Q_OBJECT

public:
    HealthFollower(api::CatalogService *service, activity::ActivityTracker *tracker,
                   QString delimiter, DetailsPanel *details, QObject *parent = nullptr);

    details::TableHealthLoader *loader() const { return m_loader; }

private:
    void objectShown(const api::Identifier &id, bool isTable);
    void loadIfShown();

    QPointer<DetailsPanel> m_details;
    details::TableHealthLoader *m_loader;
    QString m_delimiter;
    std::optional<api::Identifier> m_table; //!< the table the panel shows
};

} // namespace lance::ui
