// SPDX-License-Identifier: Apache-2.0
#include "KeyboardAudit.h"

#include <QAbstractButton>
#include <QAction>
#include <QGroupBox>
#include <QHash>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QTabWidget>

using namespace Qt::StringLiterals;

namespace lance::test {

namespace {

QString nameOf(const QObject *object, const QString &text)
{
    return u"%1 \"%2\""_s.arg(QString::fromLatin1(object->metaObject()->className()), text);
}

// Duplicates among `owners` by mnemonic letter, as sentences.
QStringList clashes(const QMultiHash<QString, QString> &byLetter, const QString &where)
{
    QStringList found;
    for (const QString &letter : byLetter.uniqueKeys()) {
        const QStringList owners = byLetter.values(letter);
        if (owners.size() > 1) {
            found << u"%1: Alt+%2 is %3"_s.arg(where, letter.toUpper(), owners.join(u" and "_s));
        }
    }
    return found;
}

} // namespace

QString KeyboardAudit::mnemonicOf(const QString &text)
{
    for (qsizetype i = 0; i + 1 < text.size(); ++i) {
        if (text.at(i) != u'&') {
            continue;
        }
        if (text.at(i + 1) == u'&') {
            ++i; // "&&" is a literal ampersand
            continue;
        }
        return text.at(i + 1).toLower();
    }
    return {};
}

QStringList KeyboardAudit::mnemonics(const QWidget &dialog)
{
    QStringList found;
    QMultiHash<QString, QString> byLetter;
    for (const QLabel *label : dialog.findChildren<QLabel *>()) {
        const QString letter = mnemonicOf(label->text());
        if (letter.isEmpty() || label->textFormat() == Qt::RichText) {
            continue;
        }
        if (!label->buddy()) {
            found << u"%1 shows its \"&\": it has no buddy"_s.arg(nameOf(label, label->text()));
        } else if (label->isVisibleTo(&dialog)) {
            byLetter.insert(letter, nameOf(label, label->text()));
        }
    }
    for (const QAbstractButton *button : dialog.findChildren<QAbstractButton *>()) {
        const QString letter = mnemonicOf(button->text());
        if (!letter.isEmpty() && button->isVisibleTo(&dialog)) {
            byLetter.insert(letter, nameOf(button, button->text()));
        }
    }
    for (const QGroupBox *box : dialog.findChildren<QGroupBox *>()) {
        const QString letter = mnemonicOf(box->title());
        if (!letter.isEmpty() && box->isVisibleTo(&dialog)) {
            byLetter.insert(letter, nameOf(box, box->title()));
        }
    }
    for (const QTabWidget *tabs : dialog.findChildren<QTabWidget *>()) {
        for (int i = 0; i < tabs->count(); ++i) {
            const QString letter = mnemonicOf(tabs->tabText(i));
            if (!letter.isEmpty()) {
                byLetter.insert(letter, nameOf(tabs, tabs->tabText(i)));
            }
        }
    }
    // A window's menu titles answer Alt+letter too, before any button of it.
    for (const QMenuBar *bar : dialog.findChildren<QMenuBar *>()) {
        for (const QAction *menu : bar->actions()) {
            const QString letter = mnemonicOf(menu->text());
            if (!letter.isEmpty() && menu->isVisible() && bar->isVisibleTo(&dialog)) {
                byLetter.insert(letter, u"the menu \"%1\""_s.arg(menu->text()));
            }
        }
    }
    found << clashes(byLetter, dialog.windowTitle());
    return found;
}

QStringList KeyboardAudit::menuMnemonics(const QMenuBar &menuBar)
{
    QStringList found;
    QMultiHash<QString, QString> titles;
    for (const QAction *menuAction : menuBar.actions()) {
        const QMenu *menu = menuAction->menu();
        if (!menu) {
            continue;
        }
        titles.insert(mnemonicOf(menu->title()), menu->title());
        QMultiHash<QString, QString> items;
        for (const QAction *item : menu->actions()) {
            const QString letter = mnemonicOf(item->text());
            if (!item->isSeparator() && !letter.isEmpty()) {
                items.insert(letter, item->text());
            }
        }
        found << clashes(items, menu->title());
    }
    titles.remove(QString());
    found << clashes(titles, u"the menu bar"_s);
    return found;
}

QStringList KeyboardAudit::shortcuts(const QWidget &window)
{
    QStringList found;
    // Window-wide sequences, and each widget's own, each with who holds it.
    QHash<QString, QString> windowWide;
    QHash<QString, QString> perWidget;
    QList<QAction *> actions = window.findChildren<QAction *>();
    for (QAction *action : window.actions()) {
        if (!actions.contains(action)) {
            actions << action;
        }
    }
    for (const QAction *action : std::as_const(actions)) {
        const QList<QKeySequence> keys = action->shortcuts();
        const QString who = action->text().isEmpty() ? action->objectName() : action->text();
        QStringList seen;
        for (const QKeySequence &key : keys) {
            const QString text = key.toString(QKeySequence::PortableText);
            if (seen.contains(text)) {
                found << u"%1 has %2 twice"_s.arg(who, text);
            }
            seen << text;
            const Qt::ShortcutContext context = action->shortcutContext();
            if (context == Qt::WindowShortcut || context == Qt::ApplicationShortcut) {
                if (windowWide.contains(text) && windowWide.value(text) != who) {
                    found << u"%1 is both %2 and %3"_s.arg(text, windowWide.value(text), who);
                }
                windowWide.insert(text, who);
                continue;
            }
            for (const QObject *holder : action->associatedObjects()) {
                const QString key2 = u"%1@%2"_s.arg(text).arg(quintptr(holder));
                if (perWidget.contains(key2) && perWidget.value(key2) != who) {
                    found << u"%1 is both %2 and %3 on one widget"_s.arg(
                        text, perWidget.value(key2), who);
                }
                perWidget.insert(key2, who);
            }
        }
    }
    // A widget's own key that is also the window's is ambiguous while that widget has focus.
    for (auto it = perWidget.cbegin(); it != perWidget.cend(); ++it) {
        const QString text = it.key().section(u'@', 0, 0);
        if (windowWide.contains(text)) {
            found << u"%1 is both %2 and, in a widget, %3"_s.arg(text, windowWide.value(text),
                                                                 it.value());
        }
    }
    return found;
}

} // namespace lance::test
