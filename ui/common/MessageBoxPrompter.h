// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "ui/common/Prompter.h"

#include <QPointer>
#include <QWidget>

namespace lance::ui {

/// Asks with real dialogs (QMessageBox, QInputDialog, QFileDialog), modal to `parent`.
class MessageBoxPrompter : public Prompter
{
public:
    explicit MessageBoxPrompter(QWidget *parent = nullptr)
        : m_parent(parent)
    {}

    void setParent(QWidget *parent) { m_parent = parent; }

    int ask(const Question &question) override;
    std::optional<QString> askText(const TextQuestion &question) override;
    std::optional<QString> chooseFolder(const QString &title, const QString &start) override;
    std::optional<QString> chooseOpenFile(const QString &title, const QString &start,
                                          const QString &filter) override;
    std::optional<QString> chooseSaveFile(const QString &title, const QString &suggested,
                                          const QString &filter) override;
    void inform(Severity severity, const QString &title, const QString &text,
                const QString &details = {}) override;
    /// Window-modal to `parent`, opened with QDialog::open(): the window's event loop goes on.
    void open(const Question &question, QObject *context,
              std::function<void(int chosen)> answered) override;
    void openText(const TextQuestion &question, QObject *context,
                  std::function<void(const std::optional<QString> &text)> answered) override;

private:
    QPointer<QWidget> m_parent;
};

} // namespace lance::ui
