// SPDX-License-Identifier: Apache-2.0
#include "ui/activity/RequestLogView.h"

#include "activity/RequestLog.h"
#include "ui/activity/RequestLogDelegate.h"
#include "ui/common/Icons.h"
#include "ui/common/Prompter.h"
#include "ui/common/VisibleRows.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QDateTime>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QFontDatabase>
#include <QHeaderView>
#include <QKeyEvent>
#include <QPlainTextEdit>
#include <QSaveFile>
#include <QScrollBar>
#include <QTableView>
#include <QToolBar>
#include <QVBoxLayout>

#include <algorithm>

using namespace Qt::StringLiterals;
using lance::activity::RequestLog;
using lance::api::ExchangeRecord;

namespace lance::ui {

RequestLogView::RequestLogView(activity::RequestLog *log, Prompter &prompter, QWidget *parent)
    : QWidget(parent)
    , m_log(log)
    , m_prompter(prompter)
{
    setObjectName(u"requestLogView"_s);
    m_toolBar = new QToolBar(this);
    m_toolBar->setObjectName(u"requestLogToolBar"_s);
    m_toolBar->setIconSize(QSize(16, 16));
    m_toolBar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_copyUrlAction = makeAction(u"copyUrlAction"_s, tr("&Copy URL"),
                                 tr("Copy the URLs of the selected requests"));
    m_copyUrlAction->setIcon(Icons::icon(Icons::Id::Copy));
    m_saveAction = makeAction(u"saveLogAction"_s, tr("&Save…"),
                              tr("Save the log as JSON lines, with credentials masked"));
    m_clearAction = makeAction(u"clearLogAction"_s, tr("C&lear"), tr("Remove every request"));
    m_clearAction->setIcon(Icons::icon(Icons::Id::Close));
    connect(m_copyUrlAction, &QAction::triggered, this, &RequestLogView::copySelectedUrls);
    connect(m_saveAction, &QAction::triggered, this, &RequestLogView::saveAs);
    connect(m_clearAction, &QAction::triggered, m_log, &RequestLog::clear);

    m_table = new QTableView(this);
    m_table->setTabKeyNavigation(false); // Tab leaves the log; arrows move in it
    m_table->setObjectName(u"requestTable"_s);
    m_table->setModel(m_log);
    m_table->setItemDelegate(new RequestLogDelegate(m_table));
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_table->setWordWrap(false);
    m_table->setContextMenuPolicy(Qt::ActionsContextMenu);
    m_table->addActions({m_copyUrlAction, m_saveAction, m_clearAction});
    m_table->installEventFilter(this);
    m_table->verticalHeader()->hide();
    // Fixed rows: with thousands of them, measuring each would cost more than it shows.
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_table->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    VisibleRows::keep(m_table);
    QHeaderView *header = m_table->horizontalHeader();
    header->setStretchLastSection(true);
    // Wide enough for the longest value (or the title) of the short columns; measured, since
    // fonts differ between machines.
    const auto fit = [this, header](int column, const QString &longest, int extra = 0) {
        const QString title = m_log->headerData(column, Qt::Horizontal).toString();
        const int width = qMax(m_table->fontMetrics().horizontalAdvance(longest) + extra,
                               header->fontMetrics().horizontalAdvance(title));
        header->resizeSection(column, width + 20); // the cell's and the header's margins
    };
    fit(RequestLog::TimeColumn, u"00:00:00.000"_s);
    fit(RequestLog::MethodColumn, u"DELETE"_s);
    fit(RequestLog::StatusColumn, u"000"_s, 22); // and the error icon
    fit(RequestLog::ElapsedColumn, u"000000"_s);
    fit(RequestLog::OperationColumn, u"DescribeTableVersion"_s);
    // The URL takes what the short columns leave, with the error: Operation and Error stay in
    // view on a small screen (the URL is elided in the middle, whole in its tooltip).
    header->setSectionResizeMode(RequestLog::UrlColumn, QHeaderView::Stretch);
    header->setMinimumSectionSize(header->fontMetrics().horizontalAdvance(u"Status"_s) + 20);
    m_table->setTextElideMode(Qt::ElideMiddle);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_toolBar);
    layout->addWidget(m_table, 1);

    connect(m_table, &QTableView::doubleClicked, this,
            [this](const QModelIndex &index) { showDetails(index.row()); });
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &RequestLogView::updateActions);
    connect(m_log, &QAbstractItemModel::rowsAboutToBeInserted, this,
            &RequestLogView::onRowsAboutToBeInserted);
    connect(m_log, &QAbstractItemModel::rowsInserted, this, &RequestLogView::onRowsInserted);
    connect(m_log, &QAbstractItemModel::rowsRemoved, this, &RequestLogView::updateActions);
    connect(m_log, &QAbstractItemModel::modelReset, this, &RequestLogView::updateActions);
    updateActions();
}

RequestLogView::~RequestLogView() = default;

api::Result<void> RequestLogView::saveTo(const QString &path) const
{
    const auto failure = [&path](const QString &reason) {
        return api::ApiError::invalidInput(tr("The request log could not be saved to %1: %2")
                                               .arg(QDir::toNativeSeparators(path), reason));
    };
    // QSaveFile: an existing file is replaced only once the whole log is written.
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        return failure(file.errorString());
    }
    if (!m_log->saveJsonLines(file)) {
        const QString reason = file.errorString();
        file.cancelWriting();
        return failure(reason);
    }
    if (!file.commit()) {
        return failure(file.errorString());
    }
    return {};
}

void RequestLogView::saveAs()
{
    const QString suggested = QDir::home().filePath(u"lance-requests-%1.jsonl"_s.arg(
        QDateTime::currentDateTime().toString(u"yyyyMMdd-HHmmss"_s)));
    const std::optional<QString> path = m_prompter.chooseSaveFile(
        tr("Save Request Log"), suggested, tr("JSON lines (*.jsonl);;All files (*)"));
    if (!path) {
        return;
    }
    if (const api::Result<void> saved = saveTo(*path); !saved.hasValue()) {
        m_prompter.inform(Prompter::Severity::Warning, tr("Save Request Log"),
                          saved.error().userMessage());
    }
}

void RequestLogView::copySelectedUrls() const
{
    QModelIndexList rows = m_table->selectionModel()->selectedRows(RequestLog::UrlColumn);
    std::sort(rows.begin(), rows.end(),
              [](const QModelIndex &a, const QModelIndex &b) { return a.row() < b.row(); });
    QStringList urls;
    for (const QModelIndex &index : std::as_const(rows)) {
        urls.append(m_log->record(index.row()).url);
    }
    if (!urls.isEmpty()) {
        QApplication::clipboard()->setText(urls.join(u'\n'));
    }
}

void RequestLogView::showDetails(int row)
{
    if (row < 0 || row >= m_log->rowCount()) {
        return;
    }
    if (!m_details) {
        // One window, reused: looking through failures should not pile up windows.
        m_details = new QDialog(this);
        m_details->setObjectName(u"requestDetailsDialog"_s);
        m_details->setAttribute(Qt::WA_DeleteOnClose);
        auto *text = new QPlainTextEdit(m_details);
        text->setObjectName(u"requestDetailsText"_s);
        text->setReadOnly(true);
        text->setLineWrapMode(QPlainTextEdit::WidgetWidth);
        text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
        auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, m_details);
        connect(buttons, &QDialogButtonBox::rejected, m_details, &QDialog::close);
        auto *layout = new QVBoxLayout(m_details);
        layout->addWidget(text);
        layout->addWidget(buttons);
        m_details->resize(640, 360);
    }
    const ExchangeRecord &record = m_log->record(row);
    m_details->setWindowTitle(
        tr("Request: %1 %2").arg(QString::fromLatin1(record.method), record.operation));
    m_details->findChild<QPlainTextEdit *>(u"requestDetailsText"_s)->setPlainText(describe(record));
    m_details->show();
    m_details->raise();
}

QString RequestLogView::describe(const ExchangeRecord &record)
{
    QStringList lines{
        tr("Time: %1").arg(record.startedAt.toString(Qt::ISODateWithMs)),
        tr("Operation: %1").arg(record.operation),
        tr("Request: %1 %2").arg(QString::fromLatin1(record.method), record.url),
        record.status == 0 ? tr("Status: no answer") : tr("Status: %1").arg(record.status),
        tr("Time taken: %1 ms").arg(record.elapsedMs),
    };
    if (!record.error.isEmpty()) {
        lines.append(tr("Error: %1").arg(record.error));
    }
    if (!record.headers.isEmpty()) {
        lines.append(QString());
        lines.append(tr("Request headers (credentials masked):"));
        for (const auto &[name, value] : record.headers) {
            lines.append(u"  %1: %2"_s.arg(QString::fromLatin1(name), QString::fromUtf8(value)));
        }
    }
    return lines.join(u'\n');
}

bool RequestLogView::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_table
        && (event->type() == QEvent::ShortcutOverride || event->type() == QEvent::KeyPress)) {
        auto *key = static_cast<QKeyEvent *>(event);
        if (key->matches(QKeySequence::Copy)) {
            event->accept();
            if (event->type() == QEvent::KeyPress && m_copyUrlAction->isEnabled()) {
                copySelectedUrls();
            }
            return event->type() == QEvent::KeyPress;
        }
    }
    return QWidget::eventFilter(watched, event);
}

QAction *RequestLogView::makeAction(const QString &objectName, const QString &text,
                                    const QString &toolTip)
{
    QAction *action = m_toolBar->addAction(text);
    action->setObjectName(objectName);
    action->setToolTip(toolTip);
    return action;
}

void RequestLogView::updateActions()
{
    const bool any = m_log->rowCount() > 0;
    m_copyUrlAction->setEnabled(m_table->selectionModel()->hasSelection());
    m_saveAction->setEnabled(any);
    m_clearAction->setEnabled(any);
}

void RequestLogView::onRowsAboutToBeInserted()
{
    const QScrollBar *bar = m_table->verticalScrollBar();
    m_followNewest = bar->value() >= bar->maximum();
}

void RequestLogView::onRowsInserted()
{
    updateActions();
    if (m_followNewest) {
        // After the view has laid the new rows out; before that the bottom is where it was.
        QMetaObject::invokeMethod(m_table, &QTableView::scrollToBottom, Qt::QueuedConnection);
    }
}

} // namespace lance::ui
