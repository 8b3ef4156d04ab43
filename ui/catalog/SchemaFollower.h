// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QObject>
#include <QPointer>

namespace lance::ui {

class DetailsPanel;
class VersionsPanel;

/// Makes the Schema tab follow the Versions view: whenever its current version changes (the
/// newest until a person chooses one), reads that version's manifest where this machine reaches
/// it (the view's details::ManifestAccess), off the GUI thread, and hands the schema, with
/// Lance's field ids, or the reason it cannot be read, to the DetailsPanel. An answer that comes
/// after the current version changed again is dropped.
class SchemaFollower : public QObject
{
    Q_OBJECT

public:
    SchemaFollower(VersionsPanel *versions, DetailsPanel *details, QObject *parent = nullptr);

private:
    void follow();

    QPointer<VersionsPanel> m_versions;
    QPointer<DetailsPanel> m_details;
    quint64 m_generation = 0; //!< of the read in flight; a newer one makes older answers moot
};

} // namespace lance::ui
