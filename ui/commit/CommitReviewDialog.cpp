// SPDX-License-Identifier: Apache-2.0
#include "ui/commit/CommitReviewDialog.h"

#include "api/JsonCodec.h"
#include "ui/common/Prompter.h"
#include "ui/common/WrappingItemDelegate.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QDialogButtonBox>
#include <QDir>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSaveFile>
#include <QScreen>
#include <QSplitter>
#include <QStyle>
#include <QTreeWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace lance::ui {

CommitReviewDialog::CommitReviewDialog(const api::BatchCommitTablesRequest &request,
                                       const QList<Line> &lines, const QString &catalogTitle,
                                       const QString &confirmName, Prompter &prompter,
                                       QWidget *parent)
    : QDialog(parent)
    , m_body(api::json::encode(request, api::json::Format::Indented))
    , m_confirmName(confirmName)
    , m_prompter(prompter)
{
    setWindowTitle(tr("Review the Commit"));
    int warnings = 0;
    for (const Line &line : lines) {
        warnings += int(line.warnings.size());
    }
    QString headingText
        = tr("%n operation(s) will be sent to %1 as one batch commit: all are applied, or none.",
             nullptr, int(lines.size()))
              .arg(catalogTitle);
    if (warnings > 0) {
        headingText
            += u' ' + tr("%n warning(s) below: read them before committing.", nullptr, warnings);
    }
    auto *heading = new QLabel(headingText, this);
    heading->setObjectName(u"reviewHeading"_s);
    heading->setWordWrap(true);

    m_summary = new QTreeWidget(this);
    m_summary->setObjectName(u"summaryTree"_s);
    m_summary->setRootIsDecorated(warnings > 0);
    m_summary->setHeaderLabels({tr("#"), tr("Operation"), tr("Table"), tr("Details")});
    const QIcon warningIcon = style()->standardIcon(QStyle::SP_MessageBoxWarning);
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const Line &line = lines.at(i);
        auto *item
            = new QTreeWidgetItem({QString::number(i + 1), line.kind, line.target, line.summary});
        // Whole in the tooltip too, however narrow the dialog is made.
        item->setToolTip(2, line.target);
        item->setToolTip(3, line.summary);
        m_summary->addTopLevelItem(item);
        if (line.warnings.isEmpty()) {
            continue;
        }
        item->setIcon(0, warningIcon);
        item->setToolTip(0, line.warnings.join(u'\n'));
        for (const QString &warning : line.warnings) {
            auto *child = new QTreeWidgetItem(item, {warning});
            child->setFirstColumnSpanned(true);
            child->setToolTip(0, warning);
        }
        item->setExpanded(true);
    }
    for (int column = 0; column < 3; ++column) {
        m_summary->resizeColumnToContents(column);
    }
    // Long lines wrap in their column, so that no summary or warning is cut at any width; the
    // short columns were measured unwrapped first, on one line each.
    new WrappingItemDelegate(m_summary);

    m_json = new QPlainTextEdit(QString::fromUtf8(m_body), this);
    m_json->setObjectName(u"jsonView"_s);
    m_json->setReadOnly(true);
    m_json->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    auto *copy = new QPushButton(tr("&Copy JSON"), this);
    copy->setObjectName(u"copyJsonButton"_s);
    connect(copy, &QPushButton::clicked, this,
            [this] { QApplication::clipboard()->setText(QString::fromUtf8(m_body)); });
    auto *save = new QPushButton(tr("Save JSON…"), this);
    save->setObjectName(u"saveJsonButton"_s);
    connect(save, &QPushButton::clicked, this, &CommitReviewDialog::saveBody);
    auto *jsonButtons = new QHBoxLayout;
    jsonButtons->addWidget(new QLabel(tr("The request body (POST /v1/table/batch-commit):"), this),
                           1);
    jsonButtons->addWidget(copy);
    jsonButtons->addWidget(save);
    auto *jsonPane = new QWidget(this);
    auto *jsonLayout = new QVBoxLayout(jsonPane);
    jsonLayout->setContentsMargins(0, 0, 0, 0);
    jsonLayout->addLayout(jsonButtons);
    jsonLayout->addWidget(m_json);

    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(m_summary);
    splitter->addWidget(jsonPane);
    splitter->setChildrenCollapsible(false);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    m_commit = buttons->addButton(tr("C&ommit"), QDialogButtonBox::AcceptRole);
    m_commit->setObjectName(u"commitButton"_s);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(heading);
    layout->addWidget(splitter, 1);
    m_skip = new QCheckBox(tr("Commit without this review from now on"), this);
    m_skip->setObjectName(u"skipReviewCheck"_s);
    m_confirm = new QLineEdit(this);
    m_confirm->setObjectName(u"confirmEdit"_s);
    if (m_confirmName.isEmpty()) {
        layout->addWidget(m_skip);
        m_confirm->hide();
    } else {
        // Production: always reviewed, and the name typed, so no setting can skip it.
        m_skip->hide();
        auto *ask = new QLabel(tr("This is a production catalog. Type <b>%1</b> to commit.")
                                   .arg(m_confirmName.toHtmlEscaped()),
                               this);
        layout->addWidget(ask);
        layout->addWidget(m_confirm);
        m_confirm->setFocus(); // what the steward must do first: the name is typed at once
        connect(m_confirm, &QLineEdit::textChanged, this, &CommitReviewDialog::updateCommit);
    }
    layout->addWidget(buttons);
    resize(initialSize(parent));
    updateCommit();
}

QSize CommitReviewDialog::initialSize(const QWidget *parent) const
{
    // Wide enough for the summary's columns, within the screen the dialog opens on: a laptop's
    // 1024 x 700 must show the buttons, a wide screen the lines unwrapped.
    int columns = 0;
    for (int column = 0; column < m_summary->columnCount() - 1; ++column) {
        columns += m_summary->columnWidth(column);
    }
    int details = 0;
    for (int line = 0; line < m_summary->topLevelItemCount(); ++line) {
        details = qMax(details,
                       fontMetrics().horizontalAdvance(m_summary->topLevelItem(line)->text(3)));
    }
    columns += details;
    QSize wanted(qMax(720, columns + 80), 560);
    const QScreen *where = parent && parent->screen() ? parent->screen() : screen();
    if (where) {
        const QSize available = where->availableGeometry().size();
        wanted = wanted.boundedTo(QSize(available.width() * 9 / 10, available.height() * 9 / 10));
    }
    return wanted.expandedTo(minimumSizeHint());
}

bool CommitReviewDialog::skipReviewNextTime() const
{
    return m_confirmName.isEmpty() && m_skip->isChecked();
}

bool CommitReviewDialog::isCommitEnabled() const
{
    return m_commit->isEnabled();
}

void CommitReviewDialog::addFacts(int line, const QString &sentence, const QStringList &details)
{
    QTreeWidgetItem *item = m_summary->topLevelItem(line);
    if (!item || sentence.isEmpty()) {
        return;
    }
    auto *child = new QTreeWidgetItem(item, {sentence});
    child->setFirstColumnSpanned(true);
    child->setIcon(0, style()->standardIcon(QStyle::SP_MessageBoxInformation));
    child->setToolTip(0, sentence); // a reason may run past the dialog's edge
    // The lines a sentence introduces (a sample of rows), one under it each, without an icon.
    for (const QString &detail : details) {
        auto *under = new QTreeWidgetItem(child, {detail});
        under->setFirstColumnSpanned(true);
        under->setToolTip(0, detail);
    }
    child->setExpanded(!details.isEmpty());
    item->setExpanded(true);
    if (!m_summary->rootIsDecorated()) {
        m_summary->setRootIsDecorated(true);
        m_summary->resizeColumnToContents(0); // the numbers now share it with the arrows
    }
}

void CommitReviewDialog::updateCommit()
{
    m_commit->setEnabled(m_confirmName.isEmpty() || m_confirm->text() == m_confirmName);
}

void CommitReviewDialog::saveBody()
{
    const std::optional<QString> path = m_prompter.chooseSaveFile(
        tr("Save the Request Body"), QDir::home().filePath(u"batch-commit.json"_s),
        tr("JSON (*.json);;All files (*)"));
    if (!path) {
        return;
    }
    QSaveFile file(*path);
    if (!file.open(QIODevice::WriteOnly) || file.write(m_body) != m_body.size() || !file.commit()) {
        m_prompter.inform(Prompter::Severity::Warning, tr("Not Saved"),
                          tr("The request body could not be saved to %1: %2.")
                              .arg(QDir::toNativeSeparators(*path), file.errorString()));
    }
}

} // namespace lance::ui
