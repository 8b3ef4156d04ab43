// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "staging/StagedMarks.h"

#include <QIcon>
#include <QStyledItemDelegate>

namespace lance::ui {

/// Paints the rows of the catalog tree from CatalogTreeModel's roles (so through any proxy):
/// namespace and table icons; declared-only tables with their own icon and in italics (the
/// model's tooltip explains); the "Loading…" row dimmed; the error row in the error tone, with
/// the error icon and a hint that it can be retried. An error row asks for no more width than
/// a long name would: its message is elided (the tooltip has it whole) rather than widen the
/// tree's column for every row.
///
/// Staged work (setStagedMarks()) is drawn over what was loaded, which stays as it is: a table
/// staged for deregistration struck out, one with other staged changes with their count, and a
/// namespace with tables staged to be declared in it with their names after its own ("+ a, b",
/// StagedStyle's colour, italic, elided; the tooltip lists them whole). Those tables get no row
/// until committed: rows are the loaded catalog's, which CatalogTreeModel alone makes.
class CatalogItemDelegate : public QStyledItemDelegate
{
    Q_OBJECT

public:
    explicit CatalogItemDelegate(QObject *parent = nullptr);

    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override;
    bool helpEvent(QHelpEvent *event, QAbstractItemView *view, const QStyleOptionViewItem &option,
                   const QModelIndex &index) override;

    /// Marks tables with staged work: struck out when staged for deregistration, a count of
    /// staged changes beside the name otherwise, and "→ new name" for a staged rename. What was
    /// loaded stays as it is.
    void setStagedMarks(staging::StagedMarks marks) { m_marks = std::move(marks); }
    const staging::StagedMarks &stagedMarks() const { return m_marks; }
    /// What is painted after the name of `index`: "+ a, b" for a namespace with tables staged to
    /// be declared in it, empty for every other row.
    QString stagedNote(const QModelIndex &index) const;
    /// The tooltip of `index`: the model's, and for a namespace with tables staged to be
    /// declared in it a line naming them all.
    QString toolTip(const QModelIndex &index) const;

protected:
    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override;

private:
    /// The tables staged to be declared in the namespace `index`; none for other rows.
    QStringList declaredIn(const QModelIndex &index) const;

    // Made once: Icons::icon() builds a new engine on every call, and paint runs per row.
    QIcon m_namespaceIcon;
    QIcon m_tableIcon;
    QIcon m_declaredIcon;
    QIcon m_errorIcon;
    staging::StagedMarks m_marks;
};

} // namespace lance::ui
