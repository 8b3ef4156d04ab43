// SPDX-License-Identifier: Apache-2.0
#include "ui/catalog/RowsFollower.h"

#include "api/VersionFacts.h"
#include "catalog/TableRowsModel.h"
#include "catalog/TableVersionModel.h"
#include "details/ManifestAccess.h"
#include "rows/ArrowIpcReader.h"
#include "ui/catalog/DetailsPanel.h"
#include "ui/catalog/RowsView.h"
#include "ui/catalog/VersionsPanel.h"

#include <QMetaObject>
#include <QThreadPool>

using namespace Qt::StringLiterals;

namespace lance::ui {

RowsFollower::RowsFollower(api::CatalogService *service, QString delimiter, VersionsPanel *versions,
                           DetailsPanel *details, QObject *parent)
    : QObject(parent)
    , m_service(service)
    , m_delimiter(std::move(delimiter))
    , m_versions(versions)
    , m_details(details)
{
    connect(versions, &VersionsPanel::currentVersionChanged, this, &RowsFollower::follow);
    connect(details, &DetailsPanel::rowsShown, this, &RowsFollower::follow);
    connect(details->rowsView(), &RowsView::conditionChanged, this, &RowsFollower::follow);
    connect(details, &DetailsPanel::objectShown, this, [this](const api::Identifier &, bool) {
        m_shown.reset();
        if (m_details) {
            m_details->rowsView()->showMessage(tr("Choose a version to see its rows."));
        }
        follow();
    });
}

void RowsFollower::follow()
{
    if (!m_versions || !m_details || !m_details->isRowsShown()) {
        return;
    }
    RowsView *view = m_details->rowsView();
    const std::optional<VersionsPanel::Current> current = m_versions->currentVersion();
    if (!current) {
        m_shown.reset();
        view->showMessage(tr("This table has no version to show rows of yet."));
        return;
    }
    const catalog::TableVersionModel *model = m_versions->model();
    const std::optional<QString> branch = model ? model->branch() : std::nullopt;
    const QString condition = view->condition();
    const Shown shown{current->table, current->version.version, branch,
                      current->version.manifestPath, condition};
    if (m_shown == shown) {
        return; // loaded already: scrolling on reads the rest
    }
    m_shown = shown;
    const QString name = current->table.toString(m_delimiter);
    const QString title
        = current->staged ? tr("Staged version %1 of %2").arg(current->version.version).arg(name)
          : branch ? tr("Version %1 of %2 on %3").arg(current->version.version).arg(name, *branch)
                   : tr("Version %1 of %2").arg(current->version.version).arg(name);
    view->setTitle(condition.isEmpty() ? title : tr("%1, where %2").arg(title, condition));
    // What the version says it holds, when its record or manifest says (LanceDB's key); with a
    // condition, how many meet it is known only once all are read.
    bool counted = false;
    const qint64 total = current->version.metadata.value(u"total_rows"_s).toLongLong(&counted);
    counted = counted && condition.isEmpty();

    catalog::TableRowsModel::Fetch fetch;
    if (current->staged) {
        // No server has seen this manifest: read its rows here, off the GUI thread.
        const details::ManifestAccess access = model && model->manifestAccess()
                                                   ? *model->manifestAccess()
                                                   : details::ManifestAccess();
        const api::TableVersion version = current->version;
        QPointer<RowsFollower> self(this);
        fetch = [self, access, version, condition](qint64 offset, qint64 limit,
                                                   catalog::TableRowsModel::Done done) {
            QThreadPool::globalInstance()->start(
                [self, access, version, condition, offset, limit, done] {
                    auto rows = access.readRows(version, offset, limit, condition);
                    QMetaObject::invokeMethod(
                        self.data(),
                        [self, done, rows = std::move(rows)] {
                            if (self) {
                                done(rows);
                            }
                        },
                        Qt::QueuedConnection);
                });
        };
    } else {
        api::QueryTableRequest request;
        request.id = current->table;
        request.version = current->version.version;
        request.branch = branch;
        request.withRowId = true;
        if (!condition.isEmpty()) {
            request.filter = condition;
        }
        QPointer<RowsFollower> self(this);
        api::CatalogService *service = m_service;
        fetch = [self, service, request, name](qint64 offset, qint64 limit,
                                               catalog::TableRowsModel::Done done) {
            if (!self) {
                return;
            }
            api::QueryTableRequest page = request;
            page.offset = offset;
            page.k = limit;
            service->call(page, self.data(),
                          [done, name](api::Result<api::QueryTableResponse> answer) {
                              if (!answer) {
                                  done(answer.error());
                                  return;
                              }
                              done(rows::ArrowIpcReader::read(
                                  answer->data, RowsFollower::tr("the rows of %1").arg(name)));
                          });
        };
    }
    view->model()->setSource(std::move(fetch), counted ? total : -1);
}

} // namespace lance::ui
