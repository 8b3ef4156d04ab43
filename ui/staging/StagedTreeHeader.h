// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QHeaderView>

namespace lance::ui {

/// The catalog tree's header, used for one thing: the tables staged to be declared at the top
/// level. A table staged inside a namespace is noted on that namespace's row; the root has no
/// row, so the line above the first row says "Staged at the top level: + a, b" instead (the
/// staged colour, italic, elided; the tooltip lists them whole). Hidden while there are none,
/// as the tree's header always was: with one column it would only say "Name".
///
/// Install it with QTreeView::setHeader() before the model is set. Object name for tests:
/// `stagedTreeHeader`.
class StagedTreeHeader : public QHeaderView
{
    Q_OBJECT

public:
    explicit StagedTreeHeader(QWidget *parent = nullptr);

    /// Shows `names` (sorted by the caller), or hides the header when empty.
    void setDeclaredAtRoot(const QStringList &names);
    /// What the header says, empty while hidden.
    const QString &text() const { return m_text; }

protected:
    void paintSection(QPainter *painter, const QRect &rect, int logicalIndex) const override;

private:
    QString m_text;
};

} // namespace lance::ui
