// SPDX-License-Identifier: Apache-2.0
#include "ui/catalog/HealthFollower.h"

#include "details/TableHealthLoader.h"
#include "ui/catalog/DetailsPanel.h"
#include "ui/catalog/HealthView.h"

namespace lance::ui {

HealthFollower::HealthFollower(api::CatalogService *service, activity::ActivityTracker *tracker,
                               QString delimiter, DetailsPanel *details, QObject *parent)
    : QObject(parent)
    , m_details(details)
    , m_loader(new details::TableHealthLoader(service, tracker, delimiter, this))
    , m_delimiter(std::move(delimiter))
{
    connect(details, &DetailsPanel::objectShown, this, &HealthFollower::objectShown);
    connect(details, &DetailsPanel::healthShown, this, &HealthFollower::loadIfShown);
    connect(details->healthView(), &HealthView::refreshRequested, this, [this] {
        if (m_table) {
            m_loader->load(*m_table);
        }
    });
    connect(m_loader, &details::TableHealthLoader::loadingStarted, this,
            [this](const api::Identifier &table) {
                if (m_details) {
                    m_details->healthView()->showMessage(
                        tr("Reading the files of %1: the listing of its folder and the manifest "
                           "of every version kept…")
                            .arg(table.toString(m_delimiter)));
                }
            });
    connect(m_loader, &details::TableHealthLoader::loaded, this,
            [this](const api::Identifier &, const api::GetTableHealthResponse &health) {
                if (m_details) {
                    m_details->healthView()->showHealth(health);
                }
            });
    connect(m_loader, &details::TableHealthLoader::failed, this,
            [this](const api::Identifier &, const QString &message, bool unsupported) {
                if (m_details) {
                    m_details->healthView()->showMessage(
                        unsupported ? tr("This server does not report a table's health (a "
                                         "lance-catalog-server does).")
                                    : message);
                }
            });
}

void HealthFollower::objectShown(const api::Identifier &id, bool isTable)
{
    if (!isTable) {
        m_table.reset();
        m_loader->clear();
        m_details->healthView()->showNothing();
        return;
    }
    if (m_table != id) {
        m_table = id;
        m_loader->clear();
        m_details->healthView()->showMessage(QString());
    }
    loadIfShown();
}

void HealthFollower::loadIfShown()
{
    if (!m_details || !m_details->isHealthShown() || !m_table) {
        return;
    }
    // Read once per table shown; Refresh reads again.
    if (m_loader->current() != m_table) {
        m_loader->load(*m_table);
    }
}

} // namespace lance::ui
