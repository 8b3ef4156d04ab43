// SPDX-License-Identifier: Apache-2.0
#include "ui/common/MessageBoxPrompter.h"

#include <QDialogButtonBox>
#include <QFileDialog>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>

using namespace Qt::StringLiterals;

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

// Fills `box` with `question`; the buttons in the order of its choices.
QList<QPushButton *> fill(QMessageBox &box, const Prompter::Question &question)
{
    box.setIcon(iconOf(question.severity));
    box.setWindowTitle(question.title);
    box.setText(question.text);
    box.setInformativeText(question.informativeText);
    box.setDetailedText(question.details);
    QList<QPushButton *> buttons;
    for (const Prompter::Choice &choice : question.choices) {
        buttons << box.addButton(choice.label, roleOf(choice.role));
    }
    if (question.defaultChoice >= 0 && question.defaultChoice < buttons.size()) {
        box.setDefaultButton(buttons[question.defaultChoice]);
    }
    if (const int cancel = Prompter::cancelIndex(question); cancel >= 0) {
        box.setEscapeButton(buttons[cancel]);
    }
    return buttons;
}

int chosenIndex(const QMessageBox &box, const QList<QPushButton *> &buttons,
                const Prompter::Question &question)
{
    const auto chosen = buttons.indexOf(qobject_cast<QPushButton *>(box.clickedButton()));
    return chosen >= 0 ? int(chosen) : Prompter::cancelIndex(question);
}

void fill(QInputDialog &dialog, const Prompter::TextQuestion &question)
{
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
    if (question.problem) {
        // QInputDialog makes its buttons when it lays itself out, on first show; setting the
        // OK button's text makes them now, so that OK can be disabled before it is shown.
        dialog.setOkButtonText(dialog.okButtonText());
        // Checked as it is typed: OK waits for a usable text, and the label says why not.
        const auto follow
            = [&dialog, label = question.label, problem = question.problem](const QString &text) {
                  const QString why = text.isEmpty() ? QString() : problem(text);
                  dialog.setLabelText(why.isEmpty() ? label : label + u"\n\n"_s + why);
                  if (auto *buttons = dialog.findChild<QDialogButtonBox *>()) {
                      if (QPushButton *ok = buttons->button(QDialogButtonBox::Ok)) {
                          ok->setEnabled(!text.isEmpty() && why.isEmpty());
                      }
                  }
              };
        QObject::connect(&dialog, &QInputDialog::textValueChanged, &dialog, follow);
        follow(question.text);
    }
}

// A dialog opened without waiting closes when what asked is gone: its answer has nowhere to go.
void closeWith(QDialog *dialog, QObject *context)
{
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    if (context) {
        QObject::connect(context, &QObject::destroyed, dialog, &QDialog::reject);
    }
}

} // namespace

int MessageBoxPrompter::ask(const Question &question)
{
    QMessageBox box(m_parent);
    const QList<QPushButton *> buttons = fill(box, question);
    box.exec();
    return chosenIndex(box, buttons, question);
}

std::optional<QString> MessageBoxPrompter::askText(const TextQuestion &question)
{
    QInputDialog dialog(m_parent);
    fill(dialog, question);
    if (dialog.exec() != QDialog::Accepted) {
        return std::nullopt;
    }
    return dialog.textValue();
}

void MessageBoxPrompter::open(const Question &question, QObject *context,
                              std::function<void(int chosen)> answered)
{
    auto *box = new QMessageBox(m_parent);
    const QList<QPushButton *> buttons = fill(*box, question);
    closeWith(box, context);
    QPointer<QObject> asker = context;
    QObject::connect(box, &QDialog::finished, box,
                     [box, buttons, question, asker, answered = std::move(answered)] {
                         if (asker && answered) {
                             answered(chosenIndex(*box, buttons, question));
                         }
                     });
    box->open();
}

void MessageBoxPrompter::openText(const TextQuestion &question, QObject *context,
                                  std::function<void(const std::optional<QString> &text)> answered)
{
    auto *dialog = new QInputDialog(m_parent);
    fill(*dialog, question);
    closeWith(dialog, context);
    QPointer<QObject> asker = context;
    QObject::connect(dialog, &QDialog::finished, dialog,
                     [dialog, asker, answered = std::move(answered)](int result) {
                         if (asker && answered) {
                             answered(result == QDialog::Accepted
                                          ? std::optional<QString>(dialog->textValue())
                                          : std::nullopt);
                         }
                     });
    dialog->open();
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
