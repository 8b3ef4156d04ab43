// SPDX-License-Identifier: Apache-2.0
#include "ui/connection/ConnectionTestView.h"

#include "connection/CatalogConnection.h"
#include "ui/common/Icons.h"

#include <QGridLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;
using lance::connection::ConnectionTester;
using State = lance::connection::ConnectionTester::Check::State;

namespace lance::ui {

namespace {

enum RowColumn { IconColumn, TitleColumn, MessageColumn };

QPixmap stateIcon(State state, const QWidget &widget)
{
    const QSize size(16, 16);
    switch (state) {
    case State::Passed:
        return Icons::icon(Icons::Id::Positive).pixmap(size, widget.devicePixelRatioF());
    case State::Failed:
        return Icons::icon(Icons::Id::Error).pixmap(size, widget.devicePixelRatioF());
    case State::Skipped:
        return Icons::icon(Icons::Id::Information)
            .pixmap(size, widget.devicePixelRatioF(), QIcon::Disabled);
    case State::Running:
        return Icons::icon(Icons::Id::Refresh).pixmap(size, widget.devicePixelRatioF());
    case State::Pending:
        break;
    }
    return {};
}

// For screen readers, which do not see the icon.
QString stateName(State state)
{
    switch (state) {
    case State::Pending:
        return ConnectionTestView::tr("Waiting");
    case State::Running:
        return ConnectionTestView::tr("Running");
    case State::Passed:
        return ConnectionTestView::tr("Passed");
    case State::Failed:
        return ConnectionTestView::tr("Failed");
    case State::Skipped:
        return ConnectionTestView::tr("Skipped");
    }
    return {};
}

} // namespace

ConnectionTestView::ConnectionTestView(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(u"connectionTestView"_s);
    m_rows = new QWidget(this);
    m_rowsLayout = new QGridLayout(m_rows);
    m_rowsLayout->setContentsMargins(0, 0, 0, 0);
    m_rowsLayout->setHorizontalSpacing(8);
    m_rowsLayout->setColumnStretch(MessageColumn, 1);

    m_summaryLabel = new QLabel(this);
    m_summaryLabel->setObjectName(u"testSummaryLabel"_s);
    m_summaryLabel->setTextFormat(Qt::PlainText);
    m_summaryLabel->setWordWrap(true);
    m_summaryLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_cancelButton = new QPushButton(Icons::icon(Icons::Id::Cancel), tr("Cancel Test"), this);
    m_cancelButton->setObjectName(u"cancelTestButton"_s);
    m_cancelButton->hide();
    connect(m_cancelButton, &QPushButton::clicked, this, &ConnectionTestView::cancel);

    auto *summaryRow = new QHBoxLayout;
    summaryRow->addWidget(m_summaryLabel, 1);
    summaryRow->addWidget(m_cancelButton, 0, Qt::AlignTop);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_rows);
    layout->addLayout(summaryRow);
    clear();
}

ConnectionTestView::~ConnectionTestView() = default;

void ConnectionTestView::start(const connection::ConnectionProfile &profile, const QString &secret)
{
    auto connection = connection::CatalogConnection::open(profile, secret);
    if (!connection) {
        showProblem(connection.error().userMessage());
        return;
    }
    start(std::move(*connection));
}

void ConnectionTestView::start(std::unique_ptr<connection::CatalogConnection> connection)
{
    stop();
    m_connection = std::move(connection);
    m_tester = std::make_unique<ConnectionTester>(m_connection.get());
    connect(m_tester.get(), &ConnectionTester::checkChanged, this, &ConnectionTestView::updateRow);
    connect(m_tester.get(), &ConnectionTester::finished, this, &ConnectionTestView::onFinished);
    m_tester->start(); // fills the checks, so the rows can be built
    rebuildRows();
    setSummaryEmphasis(true);
    m_cancelButton->show();
}

void ConnectionTestView::showProblem(const QString &message)
{
    stop();
    rebuildRows();
    setSummaryEmphasis(true);
    m_summaryLabel->setText(message);
    emit finished(false);
}

void ConnectionTestView::cancel()
{
    if (m_tester) {
        m_tester->cancel(); // finished() follows at once
    }
}

void ConnectionTestView::clear()
{
    stop();
    rebuildRows();
    setSummaryEmphasis(false); // a hint, not a result
    m_summaryLabel->setText(
        tr("Test connection makes two read-only calls with the values above, saved or not."));
}

bool ConnectionTestView::isRunning() const
{
    return m_tester && m_tester->isRunning();
}

QList<ConnectionTester::Check> ConnectionTestView::checks() const
{
    return m_tester ? m_tester->checks() : QList<ConnectionTester::Check>();
}

QString ConnectionTestView::summaryText() const
{
    return m_summaryLabel->text();
}

void ConnectionTestView::rebuildRows()
{
    while (QLayoutItem *item = m_rowsLayout->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    const QList<ConnectionTester::Check> shown = checks();
    for (int index = 0; index < shown.size(); ++index) {
        auto *icon = new QLabel(m_rows);
        icon->setObjectName(u"checkIconLabel%1"_s.arg(index));
        icon->setFixedSize(16, 16);
        auto *title = new QLabel(m_rows);
        title->setObjectName(u"checkTitleLabel%1"_s.arg(index));
        title->setTextFormat(Qt::PlainText);
        QFont bold = title->font();
        bold.setBold(true);
        title->setFont(bold);
        auto *message = new QLabel(m_rows);
        message->setObjectName(u"checkMessageLabel%1"_s.arg(index));
        message->setTextFormat(Qt::PlainText);
        message->setWordWrap(true);
        message->setTextInteractionFlags(Qt::TextSelectableByMouse);
        m_rowsLayout->addWidget(icon, index, IconColumn, Qt::AlignTop);
        m_rowsLayout->addWidget(title, index, TitleColumn, Qt::AlignTop);
        m_rowsLayout->addWidget(message, index, MessageColumn, Qt::AlignTop);
        updateRow(index);
    }
    m_rows->setVisible(!shown.isEmpty());
}

void ConnectionTestView::updateRow(int index)
{
    QLayoutItem *iconItem = m_rowsLayout->itemAtPosition(index, IconColumn);
    if (!m_tester || !iconItem) {
        return; // the rows are built right after start(), which already reports the first
    }
    const ConnectionTester::Check check = m_tester->checks().at(index);
    auto *icon = qobject_cast<QLabel *>(iconItem->widget());
    icon->setPixmap(stateIcon(check.state, *this));
    icon->setAccessibleName(stateName(check.state));
    icon->setToolTip(stateName(check.state));
    qobject_cast<QLabel *>(m_rowsLayout->itemAtPosition(index, TitleColumn)->widget())
        ->setText(check.title);
    QString message = check.message;
    if (check.state == State::Running) {
        message = tr("Running…");
    } else if (check.state == State::Passed || check.state == State::Failed) {
        message = tr("%1 (%2 ms)").arg(check.message).arg(check.elapsedMs);
    }
    qobject_cast<QLabel *>(m_rowsLayout->itemAtPosition(index, MessageColumn)->widget())
        ->setText(message);
    if (m_tester->isRunning()) {
        m_summaryLabel->setText(m_tester->summary());
    }
}

void ConnectionTestView::onFinished(bool passed)
{
    m_cancelButton->hide();
    m_summaryLabel->setText(m_tester->summary());
    emit finished(passed);
}

void ConnectionTestView::setSummaryEmphasis(bool emphasised)
{
    QFont font = m_summaryLabel->font();
    font.setBold(emphasised);
    m_summaryLabel->setFont(font);
}

void ConnectionTestView::stop()
{
    if (m_tester) {
        m_tester->disconnect(this);
        m_tester->cancel();
    }
    m_tester.reset();
    m_connection.reset();
    m_cancelButton->hide();
}

} // namespace lance::ui
