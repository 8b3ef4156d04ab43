// SPDX-License-Identifier: Apache-2.0
#include "ui/staging/DeleteVersionsDialog.h"

#include "catalog/VersionRanges.h"
#include "staging/VersionRangeText.h"

#include <QCheckBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpressionValidator>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace lance::ui {

DeleteVersionsDialog::DeleteVersionsDialog(const api::Identifier &table, const QString &delimiter,
                                           QList<qint64> known, QWidget *parent)
    : OperationDialog(parent)
    , m_known(std::move(known))
    , m_form(new QFormLayout)
    , m_from(new QLineEdit(this))
    , m_to(new QLineEdit(this))
    , m_throughLatest(
          new QCheckBox(tr("Through the &latest, including versions written later"), this))
    , m_ranges(new QLineEdit(this))
    , m_preview(new QLabel(this))
{
    m_kept.id = table;
    std::sort(m_known.begin(), m_known.end());
    setWindowTitle(tr("Delete Versions of %1").arg(table.toString(delimiter)));
    m_from->setObjectName(u"fromEdit"_s);
    m_to->setObjectName(u"toEdit"_s);
    m_throughLatest->setObjectName(u"throughLatestCheck"_s);
    m_ranges->setObjectName(u"rangesEdit"_s);
    m_ranges->setPlaceholderText(tr("1-3, 5, 7-%1").arg(staging::VersionRangeText::latestWord()));
    connect(m_ranges, &QLineEdit::textChanged, this, &DeleteVersionsDialog::refresh);
    m_preview->setObjectName(u"previewLabel"_s);
    m_preview->setWordWrap(true);
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
    m_form->addRow(QString(), m_preview);
    m_form->setRowVisible(m_ranges, false);

    setForm(m_form);
    refresh();
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
    if (m_editsRanges) {
        return rangesProblem();
    }
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

void DeleteVersionsDialog::refresh()
{
    if (!problem().hasValue()) {
        m_preview->clear();
    } else {
        const QList<qint64> doomed = catalog::VersionRanges::covered(request().ranges, m_known);
        QStringList numbers;
        for (const qint64 version : doomed) {
            numbers << QString::number(version);
        }
        m_preview->setText(
            m_known.isEmpty() ? tr("No versions are loaded to compare with.")
                              : tr("Deletes %n loaded version(s): %1.", nullptr, int(doomed.size()))
                                    .arg(numbers.join(u", "_s)));
    }
    updateState();
}

} // namespace lance::ui
