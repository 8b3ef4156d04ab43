// SPDX-License-Identifier: Apache-2.0
#include "ui/window/CatalogPane.h"

#include "ui/common/Icons.h"
#include "ui/window/PanePlaceholder.h"
#include "ui/window/ShortcutsDialog.h"

#include <QAction>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace lance::ui {

CatalogPane::CatalogPane(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(u"catalogPane"_s);
    m_filterEdit = new QLineEdit(this);
    m_filterEdit->setObjectName(u"filterEdit"_s);
    m_filterEdit->setPlaceholderText(tr("Filter namespaces and tables"));
    m_filterEdit->setClearButtonEnabled(true);
    m_filterEdit->addAction(Icons::icon(Icons::Id::Filter), QLineEdit::LeadingPosition);
    m_filterEdit->setAccessibleName(tr("Filter"));
    auto *clearFilter = new QAction(m_filterEdit);
    ShortcutsDialog::markViewKey(clearFilter, tr("Clear the filter"), tr("in the filter box"));
    clearFilter->setShortcut(Qt::Key_Escape);
    clearFilter->setShortcutContext(Qt::WidgetShortcut);
    m_filterEdit->addAction(clearFilter);
    connect(clearFilter, &QAction::triggered, m_filterEdit, &QLineEdit::clear);

    m_view = new PanePlaceholder(tr("Namespaces and tables appear here."), this);

    m_layout = new QVBoxLayout(this);
    m_layout->setContentsMargins(0, 0, 0, 0);
    m_layout->setSpacing(4);
    m_count = new QLabel(this);
    m_count->setObjectName(u"filterCount"_s);
    m_count->setEnabled(false); // the palette's quieter text
    m_count->hide();
    auto *filterRow = new QHBoxLayout;
    filterRow->setContentsMargins(0, 0, 0, 0);
    filterRow->addWidget(m_filterEdit, 1);
    filterRow->addWidget(m_count);
    m_layout->addLayout(filterRow);
    m_layout->addWidget(m_view, 1);

    connect(m_filterEdit, &QLineEdit::textChanged, this, &CatalogPane::filterChanged);
}

void CatalogPane::setView(QWidget *view)
{
    m_layout->replaceWidget(m_view, view);
    delete m_view;
    m_view = view;
}

void CatalogPane::setMatchCount(int matching, int loaded)
{
    // Untouched while hidden: pages arrive all the time, and a label that changes asks for a
    // new layout, which would resize the tree and make it fetch pages nobody scrolled to.
    const bool shown = !m_filterEdit->text().isEmpty();
    if (shown) {
        m_count->setText(
            tr("%1 of %2").arg(QLocale().toString(matching), QLocale().toString(loaded)));
        m_count->setToolTip(tr("Names that match the filter, of those loaded"));
    }
    m_count->setVisible(shown);
}

void CatalogPane::focusFilter()
{
    m_filterEdit->setFocus(Qt::ShortcutFocusReason);
    m_filterEdit->selectAll();
}

} // namespace lance::ui
