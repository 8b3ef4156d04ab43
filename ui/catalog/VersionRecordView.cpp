// SPDX-License-Identifier: Apache-2.0
#include "ui/catalog/VersionRecordView.h"

#include "api/VersionFacts.h"
#include "ui/common/PathLabel.h"

#include <QDateTime>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QStackedWidget>
#include <QTableWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace lance::ui {

VersionRecordView::VersionRecordView(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(u"versionRecord"_s);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_pages = new QStackedWidget(this);
    layout->addWidget(m_pages);

    m_placeholder = new QLabel(tr("Select a version to see its record."), this);
    m_placeholder->setObjectName(u"recordPlaceholder"_s);
    m_placeholder->setAlignment(Qt::AlignCenter);
    m_placeholder->setWordWrap(true);
    m_placeholder->setEnabled(false);
    m_pages->addWidget(m_placeholder);

    m_recordPage = new QWidget(this);
    auto *form = new QFormLayout(m_recordPage);
    form->setContentsMargins(6, 6, 6, 6);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->setLabelAlignment(Qt::AlignRight);
    m_pages->addWidget(m_recordPage);

    m_version = addField(tr("Version:"), u"recordVersion"_s);
    m_time = addField(tr("Time:"), u"recordTime"_s);
    m_timeUtc = addField(tr("Time (UTC):"), u"recordTimeUtc"_s);
    m_holds = addField(tr("Holds:"), u"recordHolds"_s);
    m_madeBy = addField(tr("Made by:"), u"recordMadeBy"_s);
    // Elided in the middle, whole in its tooltip and on Ctrl+C: a path never clips the pane.
    m_manifestPath = new PathLabel(m_recordPage);
    m_manifestPath->setObjectName(u"recordManifestPath"_s);
    static_cast<QFormLayout *>(m_recordPage->layout())
        ->addRow(tr("Manifest path:"), m_manifestPath);
    m_size = addField(tr("Manifest size:"), u"recordSize"_s);
    m_eTag = addField(tr("E-tag:"), u"recordETag"_s);

    m_metadata = new QTableWidget(0, 2, m_recordPage);
    m_metadata->setTabKeyNavigation(false);
    m_metadata->setObjectName(u"recordMetadata"_s);
    m_metadata->setHorizontalHeaderLabels({tr("Key"), tr("Value")});
    m_metadata->horizontalHeader()->setStretchLastSection(true);
    m_metadata->verticalHeader()->setVisible(false);
    m_metadata->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_metadata->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_metadata->setAlternatingRowColors(true);
    m_metadata->setAccessibleName(tr("Version metadata"));
    form->addRow(tr("Metadata:"), m_metadata);

    showNothing();
}

QLabel *VersionRecordView::addField(const QString &label, const QString &objectName)
{
    auto *field = new QLabel(m_recordPage);
    field->setObjectName(objectName);
    field->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    // Manifest paths are long URIs without spaces: wrap anywhere rather than widen the pane.
    field->setWordWrap(true);
    field->setMinimumWidth(1);
    static_cast<QFormLayout *>(m_recordPage->layout())->addRow(label, field);
    return field;
}

void VersionRecordView::showNothing()
{
    m_shown.reset();
    m_pages->setCurrentWidget(m_placeholder);
}

void VersionRecordView::showFacts(const api::TableVersion &version, bool staged)
{
    using api::VersionFacts;
    const QLocale locale;
    const QString unreadable = VersionFacts::text(version, VersionFacts::Unreadable);
    const auto rows = VersionFacts::number(version, VersionFacts::TotalRows);
    if (!unreadable.isEmpty()) {
        m_holds->setText(tr("(not known: %1)").arg(unreadable));
    } else if (!rows && staged) {
        m_holds->setText(tr("(not known: its manifest is not read yet, or not reachable from "
                            "here)"));
    } else if (!rows) {
        m_holds->setText(tr("(not known: the catalog did not read this version's manifest)"));
    } else {
        const qint64 deleted
            = VersionFacts::number(version, VersionFacts::TotalDeletionFileRows).value_or(0);
        // Labelled counts: no plural forms to get wrong for 1.
        QString text
            = tr("rows: %1, fragments: %2, data: %3")
                  .arg(
                      locale.toString(*rows),
                      locale.toString(
                          VersionFacts::number(version, VersionFacts::TotalFragments).value_or(0)),
                      locale.formattedDataSize(
                          VersionFacts::number(version, VersionFacts::TotalFilesSize).value_or(0)));
        if (deleted > 0) {
            text += u", "_s
                    + tr("deleted rows kept in deletion files: %1").arg(locale.toString(deleted));
        }
        m_holds->setText(text);
    }
    QStringList made;
    const QString operation = VersionFacts::text(version, VersionFacts::Operation);
    const QString message = VersionFacts::text(version, VersionFacts::CommitMessage);
    const QString writer = VersionFacts::text(version, VersionFacts::Writer);
    if (!operation.isEmpty()) {
        made << operation;
    }
    if (!message.isEmpty()) {
        made << u"\u201c"_s + message + u"\u201d"_s;
    }
    if (!writer.isEmpty()) {
        made << tr("written by %1").arg(writer);
    }
    m_madeBy->setText(made.isEmpty() ? tr("(not known)") : made.join(u", "_s));
}

void VersionRecordView::showVersion(const api::TableVersion &version, bool staged)
{
    const QString none = tr("(none)");
    m_shown = version.version;
    m_version->setText(staged ? tr("%1, staged: created when you commit").arg(version.version)
                              : QString::number(version.version));
    if (staged) {
        m_time->setText(tr("(not recorded yet)"));
        m_timeUtc->setText(tr("(not recorded yet)"));
    } else if (version.timestampMillis) {
        const QDateTime time = QDateTime::fromMSecsSinceEpoch(*version.timestampMillis, Qt::UTC);
        m_time->setText(QLocale().toString(time.toLocalTime(), QLocale::LongFormat));
        m_timeUtc->setText(time.toString(Qt::ISODateWithMs));
    } else {
        m_time->setText(tr("(not recorded)"));
        m_timeUtc->setText(tr("(not recorded)"));
    }
    m_manifestPath->setPath(version.manifestPath, none);
    if (version.manifestSize && *version.manifestSize < 1024) {
        m_size->setText(tr("%1 bytes").arg(QLocale().toString(*version.manifestSize)));
    } else if (version.manifestSize) {
        m_size->setText(tr("%1 (%2 bytes)")
                            .arg(QLocale().formattedDataSize(*version.manifestSize),
                                 QLocale().toString(*version.manifestSize)));
    } else {
        m_size->setText(tr("(not recorded)"));
    }
    m_eTag->setText(version.eTag.value_or(none));

    showFacts(version, staged);

    // The writer's own metadata: the facts read from the manifest are in the lines above.
    m_metadata->setRowCount(0);
    for (auto it = version.metadata.cbegin(); it != version.metadata.cend(); ++it) {
        if (api::VersionFacts::keys().contains(it.key())) {
            continue;
        }
        const int row = m_metadata->rowCount();
        m_metadata->insertRow(row);
        m_metadata->setItem(row, 0, new QTableWidgetItem(it.key()));
        m_metadata->setItem(row, 1, new QTableWidgetItem(it.value()));
    }
    m_metadata->setToolTip(m_metadata->rowCount() == 0 ? tr("This version has no metadata.")
                                                       : QString());
    m_pages->setCurrentWidget(m_recordPage);
}

} // namespace lance::ui
