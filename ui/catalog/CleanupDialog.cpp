// SPDX-License-Identifier: Apache-2.0
#include "ui/catalog/CleanupDialog.h"

#include "details/CleanupPlanText.h"
#include "ui/common/ReadOnlyTable.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace lance::ui {

namespace {

using PlanText = details::CleanupPlanText;

QTableWidget *previewTable(const QStringList &headers, const QString &objectName, QWidget *parent)
{
    QTableWidget *table = ReadOnlyTable::create(headers, objectName, parent);
    table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table->horizontalHeader()->setStretchLastSection(true);
    return table;
}

QSpinBox *createSpin(int minimum, int value, const QString &suffix, QWidget *parent)
{
    auto *spin = new QSpinBox(parent);
    spin->setRange(minimum, 1'000'000);
    spin->setValue(value);
    spin->setSuffix(suffix);
    return spin;
}

} // namespace

CleanupDialog::CleanupDialog(api::CatalogService &service, api::Identifier table, QString tableName,
                             const std::optional<QString> &location, QWidget *parent)
    : QDialog(parent)
    , m_service(service)
    , m_table(std::move(table))
    , m_tableName(std::move(tableName))
{
    setObjectName(u"cleanupDialog"_s);
    setWindowTitle(tr("Clean Up Old Versions of %1").arg(m_tableName));
    auto *layout = new QVBoxLayout(this);
    auto *intro = new QLabel(
        tr("Old versions and the files only they use are removed for good. The latest version, "
           "tagged versions, the versions branches start from and every file a branch reads "
           "always stay. Nothing is removed before you have seen it here."),
        this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    if (location) {
        // The files below are named in this folder, on a disk or a store.
        auto *where = new QLabel(tr("The table's files are in %1").arg(*location), this);
        where->setObjectName(u"cleanupLocation"_s);
        where->setTextInteractionFlags(Qt::TextSelectableByMouse);
        where->setWordWrap(true);
        layout->addWidget(where);
    }

    // The policy: a version goes when it meets every condition ticked.
    auto *policy = new QFormLayout;
    m_olderThan = new QCheckBox(tr("Committed &more than"), this);
    m_olderThan->setObjectName(u"cleanupOlderThan"_s);
    m_olderThan->setChecked(true);
    m_days = createSpin(0, 7, tr(" days ago"), this);
    m_days->setObjectName(u"cleanupDays"_s);
    policy->addRow(m_olderThan, m_days);
    m_keep = new QCheckBox(tr("Not among the &newest"), this);
    m_keep->setObjectName(u"cleanupKeep"_s);
    m_keepCount = createSpin(1, 10, tr(" versions"), this);
    m_keepCount->setObjectName(u"cleanupKeepCount"_s);
    policy->addRow(m_keep, m_keepCount);
    m_before = new QCheckBox(tr("Numbered &below"), this);
    m_before->setObjectName(u"cleanupBefore"_s);
    m_beforeVersion = createSpin(1, 1, QString(), this);
    m_beforeVersion->setObjectName(u"cleanupBeforeVersion"_s);
    policy->addRow(m_before, m_beforeVersion);
    m_unverified = new QCheckBox(
        tr("Also remove files no version names that are younger than 7 &days (only when no one "
           "writes to the table)"),
        this);
    m_unverified->setObjectName(u"cleanupUnverified"_s);
    policy->addRow(m_unverified);
    layout->addLayout(policy);

    m_summary = new QLabel(this);
    m_summary->setObjectName(u"cleanupSummary"_s);
    m_summary->setWordWrap(true);
    QFont bold = m_summary->font();
    bold.setBold(true);
    m_summary->setFont(bold);
    layout->addWidget(m_summary);
    m_versions = previewTable(PlanText::versionHeaders(), u"cleanupVersions"_s, this);
    layout->addWidget(m_versions, 1);
    m_files = previewTable(PlanText::fileHeaders(), u"cleanupFiles"_s, this);
    layout->addWidget(m_files, 1);
    m_notes = new QLabel(this);
    m_notes->setObjectName(u"cleanupNotes"_s);
    m_notes->setWordWrap(true);
    layout->addWidget(m_notes);
    m_outcome = new QLabel(this);
    m_outcome->setObjectName(u"cleanupOutcome"_s);
    m_outcome->setWordWrap(true);
    layout->addWidget(m_outcome);
    m_progress = new QProgressBar(this);
    m_progress->setObjectName(u"cleanupProgress"_s);
    m_progress->setRange(0, 0);
    m_progress->hide();
    layout->addWidget(m_progress);

    m_buttons = new QDialogButtonBox(this);
    m_cleanUp = m_buttons->addButton(tr("&Clean Up"), QDialogButtonBox::DestructiveRole);
    m_cleanUp->setObjectName(u"cleanupApply"_s);
    m_cleanUp->setAutoDefault(false);
    m_close = m_buttons->addButton(QDialogButtonBox::Close);
    m_close->setObjectName(u"cleanupClose"_s);
    connect(m_cleanUp, &QPushButton::clicked, this, &CleanupDialog::cleanUp);
    connect(m_close, &QPushButton::clicked, this, [this] {
        if (m_applying) {
            // Stops waiting; the catalog finishes what it started (see the class comment).
            ++m_generation;
            m_request.cancel();
            m_applying = false;
            m_progress->hide();
            m_outcome->setText(tr("Cancelled: the catalog finishes the cleanup it started, and "
                                  "the next cleanup takes up whatever is left."));
            preview();
            return;
        }
        reject();
    });
    layout->addWidget(m_buttons);

    m_again = new QTimer(this);
    m_again->setSingleShot(true);
    m_again->setInterval(300);
    connect(m_again, &QTimer::timeout, this, &CleanupDialog::preview);
    for (QCheckBox *box : {m_olderThan, m_keep, m_before, m_unverified}) {
        connect(box, &QCheckBox::toggled, this, &CleanupDialog::policyChanged);
    }
    for (QSpinBox *spin : {m_days, m_keepCount, m_beforeVersion}) {
        connect(spin, &QSpinBox::valueChanged, this, &CleanupDialog::policyChanged);
    }
    resize(760, 640);
    preview();
}

api::CleanupPolicy CleanupDialog::policy() const
{
    api::CleanupPolicy out;
    if (m_olderThan->isChecked()) {
        out.olderThanSeconds = qint64(m_days->value()) * 24 * 3600;
    }
    if (m_keep->isChecked()) {
        out.keepLatest = m_keepCount->value();
    }
    if (m_before->isChecked()) {
        out.beforeVersion = m_beforeVersion->value();
    }
    out.deleteUnverified = m_unverified->isChecked();
    return out;
}

void CleanupDialog::policyChanged()
{
    m_days->setEnabled(m_olderThan->isChecked());
    m_keepCount->setEnabled(m_keep->isChecked());
    m_beforeVersion->setEnabled(m_before->isChecked());
    // What is shown no longer says what Clean Up would do.
    forgetPlan();
    m_again->start();
}

void CleanupDialog::forgetPlan()
{
    ++m_generation;
    m_request.cancel();
    m_plan.reset();
    m_planning = true;
    m_summary->setText(tr("Reading what this policy removes…"));
    updateButtons();
}

void CleanupDialog::preview()
{
    m_again->stop();
    forgetPlan();
    const api::CleanupPolicy wanted = policy();
    if (!wanted.olderThanSeconds && !wanted.keepLatest && !wanted.beforeVersion) {
        m_planning = false;
        showProblem(tr("Tick at least one condition: which versions go?"));
        return;
    }
    api::PlanTableCleanupRequest request;
    request.id = m_table;
    request.policy = wanted;
    m_request = m_service.call(
        request, this,
        [this, generation = m_generation](api::Result<api::PlanTableCleanupResponse> result) {
            if (generation != m_generation) {
                return;
            }
            m_planning = false;
            if (!result) {
                showProblem(result.error().isUnsupported()
                                ? tr("This server cannot clean up old versions (a "
                                     "lance-catalog-server can).")
                                : result.error().userMessage());
            } else {
                showPlan(*result);
            }
            emit previewed();
        });
}

void CleanupDialog::showPlan(const api::PlanTableCleanupResponse &plan)
{
    m_plan = plan;
    m_summary->setText(PlanText::summary(plan));
    ReadOnlyTable::fill(m_versions, PlanText::versionRows(plan));
    QList<QStringList> files;
    for (const api::CleanupFile &file : plan.files) {
        files << PlanText::fileRow(file);
    }
    ReadOnlyTable::fill(m_files, files);
    m_files->setVisible(!plan.files.isEmpty());
    m_notes->setText(plan.warnings.join(u'\n'));
    updateButtons();
}

void CleanupDialog::showProblem(const QString &text)
{
    m_plan.reset();
    m_summary->setText(text);
    m_versions->setRowCount(0);
    m_files->setRowCount(0);
    m_notes->clear();
    updateButtons();
}

void CleanupDialog::updateButtons()
{
    const bool removes = m_plan && (!m_plan->removedVersions.isEmpty() || !m_plan->files.isEmpty());
    m_cleanUp->setEnabled(removes && !m_planning && !m_applying);
    m_close->setText(m_applying ? tr("Cancel") : tr("Close"));
    for (QWidget *input :
         std::initializer_list<QWidget *>{m_olderThan, m_keep, m_before, m_unverified}) {
        input->setEnabled(!m_applying);
    }
}

void CleanupDialog::cleanUp()
{
    if (!m_plan || isBusy()) {
        return;
    }
    m_applying = true;
    m_progress->show();
    m_summary->setText(tr("Removing the versions' records, then their files…"));
    updateButtons();
    api::CleanupTableRequest request;
    request.id = m_table;
    request.policy = policy();
    request.planId = m_plan->planId;
    ++m_generation;
    m_request = m_service.call(
        request, this,
        [this, generation = m_generation](api::Result<api::CleanupTableResponse> result) {
            if (generation != m_generation) {
                return;
            }
            m_applying = false;
            m_progress->hide();
            if (!result) {
                // A conflict: the table changed since the preview. Read what it is now.
                const QString problem = result.error().isConflict()
                                            ? tr("The table changed since this preview; nothing "
                                                 "was removed. Here is what the policy removes "
                                                 "now.")
                                            : result.error().userMessage();
                if (result.error().isConflict()) {
                    preview();
                }
                m_outcome->setText(problem);
                updateButtons();
                return;
            }
            const QString outcome = PlanText::outcome(*result);
            m_outcome->setText(outcome);
            emit cleanedUp(outcome);
            preview();
        });
}

} // namespace lance::ui
