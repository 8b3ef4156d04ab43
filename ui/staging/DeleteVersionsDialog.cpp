// SPDX-License-Identifier: Apache-2.0
#include "ui/staging/DeleteVersionsDialog.h"

#include "api/VersionFacts.h"
#include "catalog/TableVersionModel.h"
#include "catalog/VersionCellText.h"
#include "catalog/VersionRanges.h"
#include "staging/VersionRangeText.h"

#include <QCheckBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QRegularExpressionValidator>
#include <QTreeWidget>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace lance::ui {

DeleteVersionsDialog::DeleteVersionsDialog(const api::Identifier &table, const QString &delimiter,
                                           QList<api::TableVersion> loaded, bool allLoaded,
                                           QWidget *parent)
    : OperationDialog(parent)
    , m_loaded(std::move(loaded))
    , m_allLoaded(allLoaded)
    , m_form(new QFormLayout)
    , m_from(new QLineEdit(this))
    , m_to(new QLineEdit(this))
    , m_throughLatest(
          new QCheckBox(tr("Through the &latest, including versions written later"), this))
    , m_ranges(new QLineEdit(this))
    , m_preview(new QLabel(this))
    , m_doomed(new QTreeWidget(this))
    , m_confirm(new QCheckBox(this))
{
    m_kept.id = table;
    m_tableName = table.toString(delimiter);
    std::sort(m_loaded.begin(), m_loaded.end(),
              [](const api::TableVersion &a, const api::TableVersion &b) {
                  return a.version < b.version;
              });
    for (const api::TableVersion &version : std::as_const(m_loaded)) {
        m_known << version.version;
    }
    setWindowTitle(tr("Delete Versions of %1").arg(m_tableName));
    m_from->setObjectName(u"fromEdit"_s);
    m_to->setObjectName(u"toEdit"_s);
    m_throughLatest->setObjectName(u"throughLatestCheck"_s);
    m_ranges->setObjectName(u"rangesEdit"_s);
    m_ranges->setPlaceholderText(tr("1-3, 5, 7-%1").arg(staging::VersionRangeText::latestWord()));
    connect(m_ranges, &QLineEdit::textChanged, this, &DeleteVersionsDialog::refresh);
    m_preview->setObjectName(u"previewLabel"_s);
    m_preview->setWordWrap(true);
    m_doomed->setObjectName(u"doomedList"_s);
    m_doomed->setRootIsDecorated(false);
    m_doomed->setHeaderLabels(
        {tr("Version"), tr("Written"), tr("Rows"), tr("Operation"), tr("Data"), tr("Metadata")});
    m_doomed->setSelectionMode(QAbstractItemView::NoSelection);
    m_doomed->setMinimumHeight(m_doomed->fontMetrics().height() * 7);
    m_confirm->setObjectName(u"confirmCheck"_s);
    connect(m_confirm, &QCheckBox::toggled, this, &DeleteVersionsDialog::updateState);
    for (QLineEdit *edit : {m_from, m_to}) {
        edit->setValidator(
            new QRegularExpressionValidator(QRegularExpression(u"^[0-9]{1,18}$"_s), edit));
        connect(edit, &QLineEdit::textChanged, this, &DeleteVersionsDialog::refresh);
    }
    if (!m_known.isEmpty()) { // the oldest is the usual thing to clean up
        m_from->setText(QString::number(m_known.first()));
        m_to->setText(QString::number(m_known.first()));
    }
    connect(m_throughLatest, &QCheckBox::toggled, this, [this](bool on) {
        m_to->setEnabled(!on);
        refresh();
    });

    m_form->addRow(tr("&From version:"), m_from);
    m_form->addRow(tr("&To version:"), m_to);
    m_form->addRow(QString(), m_throughLatest);
    m_form->addRow(tr("&Versions:"), m_ranges);
    m_form->addRow(m_preview);
    m_form->addRow(m_doomed);
    m_form->addRow(m_confirm);
    m_form->setRowVisible(m_ranges, false);

    setForm(m_form);
    refresh();
    resize(640, sizeHint().height());
}

void DeleteVersionsDialog::setRequest(const api::BatchDeleteTableVersionsRequest &request)
{
    m_kept = request;
    const api::VersionRange *one = request.ranges.size() == 1 ? &request.ranges.first() : nullptr;
    // The two fields hold one range that deletes something; anything else is shown as it is.
    m_editsRanges = !one
                    || (one->endVersion != api::VersionRange::ThroughLatest
                        && one->endVersion <= one->startVersion);
    for (QWidget *field : {static_cast<QWidget *>(m_from), static_cast<QWidget *>(m_to),
                           static_cast<QWidget *>(m_throughLatest)}) {
        m_form->setRowVisible(field, !m_editsRanges);
    }
    m_form->setRowVisible(m_ranges, m_editsRanges);
    if (m_editsRanges) {
        m_ranges->setText(staging::VersionRangeText::format(request.ranges));
    } else {
        const bool throughLatest = one->endVersion == api::VersionRange::ThroughLatest;
        m_from->setText(QString::number(one->startVersion));
        // Through the latest leaves "to" unused; the latest known is there if it is unticked.
        const qint64 to = throughLatest ? (m_known.isEmpty() ? one->startVersion : m_known.last())
                                        : one->endVersion - 1;
        m_to->setText(QString::number(to));
        m_throughLatest->setChecked(throughLatest);
    }
    refresh();
}

std::optional<QList<api::VersionRange>> DeleteVersionsDialog::typedRanges() const
{
    return staging::VersionRangeText::parse(m_ranges->text());
}

std::optional<api::VersionRange> DeleteVersionsDialog::range() const
{
    if (m_from->text().isEmpty() || (!m_throughLatest->isChecked() && m_to->text().isEmpty())) {
        return std::nullopt;
    }
    const qint64 from = m_from->text().toLongLong();
    if (m_throughLatest->isChecked()) {
        return api::VersionRange{from, api::VersionRange::ThroughLatest};
    }
    // "From 3 to 5" includes 5; the wire's end is exclusive.
    return catalog::VersionRanges::inclusive(from, m_to->text().toLongLong());
}

api::BatchDeleteTableVersionsRequest DeleteVersionsDialog::request() const
{
    api::BatchDeleteTableVersionsRequest request = m_kept;
    request.ranges.clear();
    if (m_editsRanges) {
        request.ranges = typedRanges().value_or(QList<api::VersionRange>());
    } else if (const std::optional<api::VersionRange> chosen = range()) {
        request.ranges = {*chosen};
    }
    return request;
}

api::Result<void> DeleteVersionsDialog::problem() const
{
    if (auto checked = m_editsRanges ? rangesProblem() : rangeProblem(); !checked.hasValue()) {
        return checked;
    }
    if (!confirmationText().isEmpty() && !m_confirm->isChecked()) {
        return api::ApiError::invalidInput(
            tr("This changes what readers of %1 see; tick the box above to confirm.")
                .arg(m_tableName));
    }
    return {};
}

api::Result<void> DeleteVersionsDialog::rangeProblem() const
{
    const std::optional<api::VersionRange> chosen = range();
    if (!chosen) {
        return api::ApiError::invalidInput(tr("Give the first and the last version to delete."));
    }
    if (chosen->endVersion != api::VersionRange::ThroughLatest
        && chosen->endVersion <= chosen->startVersion) {
        return api::ApiError::invalidInput(tr("The range ends (%1) before it starts (%2).")
                                               .arg(m_to->text())
                                               .arg(chosen->startVersion));
    }
    if (!m_known.isEmpty() && catalog::VersionRanges::covered({*chosen}, m_known).isEmpty()) {
        return api::ApiError::invalidInput(
            tr("No known version lies in %1; the table has versions %2 to %3.")
                .arg(catalog::VersionRanges::describe({*chosen}))
                .arg(m_known.first())
                .arg(m_known.last()));
    }
    return {};
}

api::Result<void> DeleteVersionsDialog::rangesProblem() const
{
    const std::optional<QList<api::VersionRange>> ranges = typedRanges();
    if (!ranges || ranges->isEmpty()) {
        return api::ApiError::invalidInput(
            tr("Write the versions to delete as ranges, for example 1-3, 5, 7-%1.")
                .arg(staging::VersionRangeText::latestWord()));
    }
    for (const api::VersionRange &range : *ranges) {
        if (range.endVersion != api::VersionRange::ThroughLatest
            && range.endVersion <= range.startVersion) {
            return api::ApiError::invalidInput(
                tr("The range %1 ends before it starts.")
                    .arg(staging::VersionRangeText::format({range})));
        }
    }
    if (!m_known.isEmpty() && catalog::VersionRanges::covered(*ranges, m_known).isEmpty()) {
        return api::ApiError::invalidInput(
            tr("No known version lies in %1; the table has versions %2 to %3.")
                .arg(catalog::VersionRanges::describe(*ranges))
                .arg(m_known.first())
                .arg(m_known.last()));
    }
    return {};
}

QString DeleteVersionsDialog::confirmationText() const
{
    const QList<api::VersionRange> ranges = request().ranges;
    if (ranges.isEmpty()) {
        return {};
    }
    const QList<qint64> doomed = catalog::VersionRanges::covered(ranges, m_known);
    if (!m_known.isEmpty() && m_allLoaded && doomed.size() == m_known.size()) {
        return tr("Delete every version of %1: the table stays registered with nothing left "
                  "to read.")
            .arg(m_tableName);
    }
    if (!m_known.isEmpty() && doomed.contains(m_known.last())) {
        qint64 remaining = -1;
        for (const qint64 version : m_known) {
            if (!doomed.contains(version)) {
                remaining = version;
            }
        }
        return remaining < 0
                   ? tr("Delete version %1, the latest of %2, and every loaded version below it.")
                         .arg(m_known.last())
                         .arg(m_tableName)
                   : tr("Delete version %1, the latest of %2: readers will see version %3 "
                        "instead.")
                         .arg(m_known.last())
                         .arg(m_tableName)
                         .arg(remaining);
    }
    const bool throughLatest
        = std::any_of(ranges.cbegin(), ranges.cend(), [](const api::VersionRange &range) {
              return range.endVersion == api::VersionRange::ThroughLatest;
          });
    return throughLatest ? tr("Delete through the latest version of %1, whichever it is when the "
                              "batch is committed.")
                               .arg(m_tableName)
                         : QString();
}

void DeleteVersionsDialog::showDoomed(const QList<qint64> &doomed)
{
    m_doomed->clear();
    // Newest first, as the Versions view lists them.
    for (auto it = m_loaded.crbegin(); it != m_loaded.crend(); ++it) {
        if (!doomed.contains(it->version)) {
            continue;
        }
        using Model = catalog::TableVersionModel;
        // What each holds, as its manifest says (empty where the catalog could not read it).
        const auto bytes = api::VersionFacts::number(*it, api::VersionFacts::TotalFilesSize);
        auto *item
            = new QTreeWidgetItem({catalog::VersionCellText::text(*it, Model::VersionColumn),
                                   catalog::VersionCellText::text(*it, Model::TimeColumn),
                                   catalog::VersionCellText::text(*it, Model::RowsColumn),
                                   catalog::VersionCellText::text(*it, Model::OperationColumn),
                                   bytes ? QLocale().formattedDataSize(*bytes) : QString(),
                                   catalog::VersionCellText::text(*it, Model::MetadataColumn)});
        item->setToolTip(0, it->manifestPath);
        item->setTextAlignment(0, Qt::AlignRight | Qt::AlignVCenter);
        m_doomed->addTopLevelItem(item);
    }
    for (int column = 0; column < m_doomed->columnCount() - 1; ++column) {
        m_doomed->resizeColumnToContents(column);
    }
    m_doomed->setVisible(!doomed.isEmpty());
}

void DeleteVersionsDialog::refresh()
{
    const bool usable = m_editsRanges ? rangesProblem().hasValue() : rangeProblem().hasValue();
    const QList<qint64> doomed
        = usable ? catalog::VersionRanges::covered(request().ranges, m_known) : QList<qint64>();
    if (!usable) {
        m_preview->clear();
    } else if (m_known.isEmpty()) {
        m_preview->setText(tr("No versions are loaded to compare with."));
    } else {
        QStringList numbers;
        for (const qint64 version : doomed) {
            numbers << QString::number(version);
        }
        QString text = tr("Deletes %n loaded version(s): %1.", nullptr, int(doomed.size()))
                           .arg(numbers.join(u", "_s));
        if (!m_allLoaded) {
            text += u' ' + tr("Older versions are not loaded; those in the range go too.");
        }
        // Rows and data are each version's whole table, not what deleting it frees.
        text += u' '
                + tr("Only the version records go: no manifest or data file is deleted, and the "
                     "versions that stay still read theirs.");
        m_preview->setText(text);
    }
    showDoomed(doomed);
    // A table named "a&b" must not turn into a mnemonic.
    const QString confirmation = usable ? confirmationText().replace(u'&', u"&&"_s) : QString();
    if (confirmation != m_confirm->text()) {
        m_confirm->setText(confirmation);
        m_confirm->setChecked(false); // a new consequence needs a new tick
    }
    if (m_form->indexOf(m_confirm) >= 0) { // not while the constructor builds the form
        m_form->setRowVisible(m_confirm, !confirmation.isEmpty());
    }
    updateState();
}

} // namespace lance::ui
