// SPDX-License-Identifier: Apache-2.0
#include "ui/catalog/SchemaFollower.h"

#include "catalog/TableVersionModel.h"
#include "details/ManifestAccess.h"
#include "format/ArrowSchemaConverter.h"
#include "ui/catalog/DetailsPanel.h"
#include "ui/catalog/VersionsPanel.h"

#include <QMetaObject>
#include <QThreadPool>

namespace lance::ui {

SchemaFollower::SchemaFollower(VersionsPanel *versions, DetailsPanel *details, QObject *parent)
    : QObject(parent)
    , m_versions(versions)
    , m_details(details)
{
    connect(versions, &VersionsPanel::currentVersionChanged, this, &SchemaFollower::follow);
    // The table's store reached, or its credentials renewed: what could not be read may be now.
    if (catalog::TableVersionModel *model = versions->model()) {
        connect(model, &catalog::TableVersionModel::manifestAccessChanged, this,
                &SchemaFollower::follow);
    }
}

void SchemaFollower::follow()
{
    const quint64 generation = ++m_generation;
    if (!m_versions || !m_details) {
        return;
    }
    const std::optional<VersionsPanel::Current> current = m_versions->currentVersion();
    if (!current) {
        return; // the catalog's schema stays, as the details said it
    }
    const catalog::TableVersionModel *model = m_versions->model();
    // A model without one reads this machine's paths, as a local catalog's.
    const details::ManifestAccess access
        = model && model->manifestAccess() ? *model->manifestAccess() : details::ManifestAccess();
    QPointer<SchemaFollower> self(this);
    QThreadPool::globalInstance()->start([self, generation, access, current = *current] {
        const auto facts = access.read(current.version);
        std::optional<api::JsonArrowSchema> schema;
        QString problem;
        if (facts) {
            schema = format::ArrowSchemaConverter::convert(facts->manifest);
        } else {
            problem = facts.error().userMessage();
        }
        QMetaObject::invokeMethod(
            self.data(),
            [self, generation, current, schema = std::move(schema), problem] {
                if (!self || generation != self->m_generation || !self->m_details) {
                    return;
                }
                self->m_details->showVersionSchema(current.table, current.version.version,
                                                   current.staged, schema, problem);
            },
            Qt::QueuedConnection);
    });
}

} // namespace lance::ui
