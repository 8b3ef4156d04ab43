// SPDX-License-Identifier: Apache-2.0
#include "DeleteVersionsDialog.h"

#include "catalog/VersionRanges.h"

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
    , m_table(table)
    , m_known(std::move(known))
    , m_from(new QLineEdit(this))
    , m_to(new QLineEdit(this))
    , m_throughLatest(
          new QCheckBox(tr("Through the &latest, including versions written later"), this))
    , m_preview(new QLabel(this))
{
    std::sort(m_known.begin(), m_known.end());
    setWindowTitle(tr("Delete Versions of %1").arg(table.toString(delimiter)));
    m_from->setObjectName(u"fromEdit"_s);
    m_to->setObjectName(u"toEdit"_s);
    m_throughLatest->setObjectName(u"throughLatestCheck"_s);
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

    auto *form = new QFormLayout;
    form->addRow(tr("&From version:"), m_from);
    form->addRow(tr("&To version:"), m_to);
    form->addRow(QString(), m_throughLatest);
    form->addRow(QString(), m_preview);

    setForm(form);
    refresh();
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
    api::BatchDeleteTableVersionsRequest request;
    request.id = m_table;
    if (const std::optional<api::VersionRange> chosen = range()) {
        request.ranges = {*chosen};
    }
    return request;
}

std::optional<QString> DeleteVersionsDialog::problem() const
{
    const std::optional<api::VersionRange> chosen = range();
    if (!chosen) {
        return tr("Give the first and the last version to delete.");
    }
    if (chosen->endVersion != api::VersionRange::ThroughLatest
        && chosen->endVersion <= chosen->startVersion) {
        return tr("The range ends (%1) before it starts (%2).")
            .arg(m_to->text())
            .arg(chosen->startVersion);
    }
    if (!m_known.isEmpty() && catalog::VersionRanges::covered({*chosen}, m_known).isEmpty()) {
        return tr("No known version lies in %1; the table has versions %2 to %3.")
            .arg(catalog::VersionRanges::describe({*chosen}))
            .arg(m_known.first())
            .arg(m_known.last());
    }
    return std::nullopt;
}

void DeleteVersionsDialog::refresh()
{
    if (problem()) {
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
