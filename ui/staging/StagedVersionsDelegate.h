// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "staging/StagedMarks.h"

#include <QIcon>
#include <QStyledItemDelegate>

namespace lance::ui {

/// Paints the versions table's rows (TableVersionModel, through any proxy) with the staged
/// work of the shown table over them: a version a staged delete covers is struck out on the
/// error tone's tint; a version staged for creation (TableVersionModel::StagedRole) is in
/// italics in the staging colour, its time column saying that it is staged. The loaded
/// versions stay as they are. A version whose manifest cannot be read
/// (TableVersionModel::UnreadableRole) carries the warning icon in its version column, on
/// every branch; every other row paints as usual.
class StagedVersionsDelegate : public QStyledItemDelegate
{
    Q_OBJECT

public:
    explicit StagedVersionsDelegate(QObject *parent = nullptr);

    /// The staged work of the table the view shows (a blank mark: none).
    void setMark(staging::StagedMarks::Mark mark) { m_mark = std::move(mark); }
    const staging::StagedMarks::Mark &mark() const { return m_mark; }
    /// Whether the row of `index` is painted as staged for deletion.
    bool isStagedForDeletion(const QModelIndex &index) const;
    /// The icon the cell of `index` carries: the warning icon in the version column of a version
    /// whose manifest cannot be read, else none.
    QIcon markOf(const QModelIndex &index) const;

protected:
    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override;

private:
    staging::StagedMarks::Mark m_mark;
    QIcon m_unreadableIcon;
};

} // namespace lance::ui
