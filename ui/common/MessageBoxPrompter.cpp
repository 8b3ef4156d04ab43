// SPDX-License-Identifier: Apache-2.0
#include "ui/common/MessageBoxPrompter.h"

#include <QFileDialog>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>

namespace lance::ui {

namespace {

QMessageBox::Icon iconOf(Prompter::Severity severity)
{
    switch (severity) {
    case Prompter::Severity::Information:
        return QMessageBox::Information;
    case Prompter::Severity::Question:
        return QMessageBox::Question;
    case Prompter::Severity::Warning:
        return QMessageBox::Warning;
    case Prompter::Severity::Critical:
        return QMessageBox::Critical;
    }
    return QMessageBox::NoIcon;
}

QMessageBox::ButtonRole roleOf(Prompter::ChoiceRole role)
{
    switch (role) {
    case Prompter::ChoiceRole::Accept:
        return QMessageBox::AcceptRole;
    case Prompter::ChoiceRole::Destructive:
        return QMessageBox::DestructiveRole;
    case Prompter::ChoiceRole::Reject:
        return QMessageBox::RejectRole;
    case Prompter::ChoiceRole::Other:
        break;
    }
    return QMessageBox::ActionRole;
}

} // namespace

int MessageBoxPrompter::ask(const Question &question)
{
    QMessageBox box(iconOf(question.severity), question.title, question.text, QMessageBox::NoButton,
                    m_parent);
    box.setInformativeText(question.informativeText);
    box.setDetailedText(question.details);
    QList<QPushButton *> buttons;
    for (const Choice &choice : question.choices) {
        buttons << box.addButton(choice.label, roleOf(choice.role));
    }
    if (question.defaultChoice >= 0 && question.defaultChoice < buttons.size()) {
        box.setDefaultButton(buttons[question.defaultChoice]);
    }
    const int cancel = cancelIndex(question);
    if (cancel >= 0) {
        box.setEscapeButton(buttons[cancel]);
    }
    box.exec();
    const auto chosen = buttons.indexOf(qobject_cast<QPushButton *>(box.clickedButton()));
    return chosen >= 0 ? int(chosen) : cancel;
}

std::optional<QString> MessageBoxPrompter::askText(const TextQuestion &question)
{
    QInputDialog dialog(m_parent);
    dialog.setWindowTitle(question.title);
    dialog.setLabelText(question.label);
    dialog.setTextValue(question.text);
    // A label that says what is about to happen is often a few sentences: wrapped, not one
    // line as wide as the screen.
    if (auto *label = dialog.findChild<QLabel *>()) {
        label->setWordWrap(true);
        label->setMinimumWidth(label->fontMetrics().averageCharWidth() * 60);
    }
    if (question.secret) {
        dialog.setTextEchoMode(QLineEdit::Password);
    }
    if (auto *edit = dialog.findChild<QLineEdit *>()) {
        edit->setPlaceholderText(question.placeholder);
    }
    if (dialog.exec() != QDialog::Accepted) {
        return std::nullopt;
    }
    return dialog.textValue();
}

std::optional<QString> MessageBoxPrompter::chooseFolder(const QString &title, const QString &start)
{
    const QString folder = QFileDialog::getExistingDirectory(m_parent, title, start);
    if (folder.isEmpty()) {
        return std::nullopt;
    }
    return folder;
}

std::optional<QString> MessageBoxPrompter::chooseOpenFile(const QString &title,
                                                          const QString &start,
                                                          const QString &filter)
{
    const QString file = QFileDialog::getOpenFileName(m_parent, title, start, filter);
    if (file.isEmpty()) {
        return std::nullopt;
    }
    return file;
}

std::optional<QString> MessageBoxPrompter::chooseSaveFile(const QString &title,
                                                          const QString &suggested,
                                                          const QString &filter)
{
    const QString file = QFileDialog::getSaveFileName(m_parent, title, suggested, filter);
    if (file.isEmpty()) {
        return std::nullopt;
    }
    return file;
}

void MessageBoxPrompter::inform(Severity severity, const QString &title, const QString &text,
                                const QString &details)
{
    QMessageBox box(iconOf(severity), title, text, QMessageBox::Ok, m_parent);
    box.setDetailedText(details);
    box.exec();
}

} // namespace lance::ui
