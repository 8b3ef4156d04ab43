// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QLabel>

namespace lance::ui {

/// A path or URI as a person reads it (format::LocalPaths::readable), elided in the middle to
/// the width it is given, so the file name and the folders it starts with both stay in view and
/// nothing widens or clips the pane. The whole path is in the tooltip and copied by Ctrl+C (it
/// takes focus from Tab) and by the context menu's Copy Path.
class PathLabel : public QLabel
{
    Q_OBJECT

public:
    explicit PathLabel(QWidget *parent = nullptr);

    /// Shows `path` in its readable form; `placeholder` when it is empty.
    void setPath(const QString &path, const QString &placeholder = {});
    /// The readable form shown, whole; empty without a path.
    QString path() const { return m_path; }
    /// Puts the whole path on the clipboard.
    void copy() const;

    QSize minimumSizeHint() const override;

protected:
    bool event(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void elide();

    QString m_path;
    QString m_placeholder;
};

} // namespace lance::ui
