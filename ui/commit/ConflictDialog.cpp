// SPDX-License-Identifier: Apache-2.0
#include "ui/commit/ConflictDialog.h"

#include "ui/common/Icons.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace lance::ui {

ConflictDialog::ConflictDialog(const commit::CommitOutcome &outcome, const QStringList &operations,
                               QWidget *parent)
    : QDialog(parent)
{
    setWindowTitle(tr("The Commit Conflicts with the Catalog"));
    auto *heading = new QLabel(
        tr("<b>Nothing was applied.</b> The catalog changed in a way that conflicts with %n "
           "staged operation(s); everything is still staged.",
           nullptr, int(outcome.conflicts().isEmpty() ? 1 : outcome.conflicts().size())),
        this);
    heading->setWordWrap(true);
    QString server
        = outcome.serverMessage().isEmpty() ? outcome.message() : outcome.serverMessage();
    if (outcome.serverCode()) {
        server = tr("Server: HTTP %1, error code %2: %3")
                     .arg(outcome.httpStatus())
                     .arg(*outcome.serverCode())
                     .arg(server);
    } else {
        server = tr("Server: HTTP %1: %2").arg(outcome.httpStatus()).arg(server);
    }
    auto *serverLabel = new QLabel(server, this);
    serverLabel->setObjectName(u"serverMessage"_s);
    serverLabel->setWordWrap(true);
    serverLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_tree = new QTreeWidget(this);
    m_tree->setObjectName(u"conflictTree"_s);
    m_tree->setRootIsDecorated(false);
    // What the other side did is shown beside each conflict, as read from the server after
    // the 409: deciding to retry, refresh or discard needs it.
    m_tree->setHeaderLabels({tr("#"), tr("Operation"), tr("Conflict"), tr("On the server now")});
    m_tree->setWordWrap(true);
    for (qsizetype i = 0; i < operations.size(); ++i) {
        auto *item = new QTreeWidgetItem({QString::number(i + 1), operations.at(i), QString()});
        for (const commit::CommitOutcome::Conflict &conflict : outcome.conflicts()) {
            if (conflict.index == i) {
                item->setIcon(0, Icons::icon(Icons::Id::Error));
                item->setText(2, conflict.reason);
                item->setToolTip(2, conflict.reason);
                item->setText(3, conflict.current);
                item->setToolTip(3, conflict.current);
                QFont bold = item->font(1);
                bold.setBold(true);
                item->setFont(1, bold);
            }
        }
        m_tree->addTopLevelItem(item);
    }
    m_tree->resizeColumnToContents(0);
    m_tree->resizeColumnToContents(1);
    // The columns cut long sentences and paths: the current row's, in full, below the list.
    auto *details = new QLabel(this);
    details->setObjectName(u"conflictDetails"_s);
    details->setWordWrap(true);
    details->setTextInteractionFlags(Qt::TextSelectableByMouse);
    connect(m_tree, &QTreeWidget::currentItemChanged, details, [details](QTreeWidgetItem *item) {
        QStringList lines;
        if (item && !item->text(2).isEmpty()) {
            lines << tr("Conflict: %1").arg(item->text(2));
        }
        if (item && !item->text(3).isEmpty()) {
            lines << tr("On the server now: %1").arg(item->text(3));
        }
        details->setText(lines.join(u'\n'));
        details->setVisible(!lines.isEmpty());
    });
    details->hide();
    for (int row = 0; row < m_tree->topLevelItemCount(); ++row) {
        if (!m_tree->topLevelItem(row)->text(2).isEmpty()) {
            m_tree->setCurrentItem(m_tree->topLevelItem(row)); // the first conflict
            break;
        }
    }
    if (outcome.conflicts().isEmpty()) {
        m_tree->setToolTip(tr("The server did not say which operation conflicts, and reading "
                              "its state did not show it."));
    }

    auto *buttons = new QDialogButtonBox(this);
    const auto add = [this, buttons](const QString &name, const QString &text, Choice choice,
                                     QDialogButtonBox::ButtonRole role) {
        QPushButton *button = buttons->addButton(text, role);
        button->setObjectName(name);
        connect(button, &QPushButton::clicked, this, [this, choice] { this->choose(choice); });
        return button;
    };
    QPushButton *retry = add(u"removeAndRetry"_s, tr("&Remove Conflicting and Retry"),
                             Choice::RemoveConflictingAndRetry, QDialogButtonBox::AcceptRole);
    retry->setEnabled(!outcome.conflicts().isEmpty()
                      && outcome.conflicts().size() < operations.size());
    add(u"refreshAndReview"_s, tr("Re&fresh and Review"), Choice::RefreshAndReview,
        QDialogButtonBox::ActionRole);
    QPushButton *keep = add(u"keepStaged"_s, tr("&Keep Everything Staged"), Choice::KeepStaged,
                            QDialogButtonBox::RejectRole);
    keep->setDefault(true);
    add(u"discardAll"_s, tr("&Discard All"), Choice::DiscardAll, QDialogButtonBox::DestructiveRole);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(heading);
    layout->addWidget(serverLabel);
    layout->addWidget(m_tree, 1);
    layout->addWidget(details);
    layout->addWidget(buttons);
    resize(860, 420);
}

void ConflictDialog::choose(Choice choice)
{
    m_choice = choice;
    if (choice == Choice::KeepStaged) {
        reject();
    } else {
        accept();
    }
}

} // namespace lance::ui
