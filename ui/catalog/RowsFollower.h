// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/CatalogService.h"
#include "api/VersionMessages.h"

#include <QObject>
#include <QPointer>

#include <optional>

namespace lance::ui {

class DetailsPanel;
class VersionsPanel;

/// Fills the Rows tab with the rows of the version the Versions view has current (the newest
/// until a person chooses one), on the branch it shows, when the tab is shown: reading rows
/// costs a server's work, not worth doing for every table a person clicks through. A committed
/// version's rows come from the catalog's QueryTable (any server that offers it), a staged
/// manifest's from its table's files, read here (details::ManifestAccess) off the GUI thread.
/// The same version shown again keeps what was loaded. The view's condition goes with every
/// read (QueryTable's `filter`), and a new one reads the rows again from the first.
class RowsFollower : public QObject
{
    Q_OBJECT

public:
    RowsFollower(api::CatalogService *service, QString delimiter, VersionsPanel *versions,
                 DetailsPanel *details, QObject *parent = nullptr);

private:
    void follow();

    struct Shown
    {
        api::Identifier table;
        qint64 version = 0;
        std::optional<QString> branch;
        QString manifestPath;
        QString condition;
        bool operator==(const Shown &) const = default;
    };

    api::CatalogService *m_service;
    QString m_delimiter;
    QPointer<VersionsPanel> m_versions;
    QPointer<DetailsPanel> m_details;
    std::optional<Shown> m_shown;
};

} // namespace lance::ui
