// SPDX-License-Identifier: Apache-2.0
#include "ui/connection/StorageOptionsEditor.h"

#include "ui/common/InlineNote.h"

#include <QCheckBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QPushButton>
#include <QScopedValueRollback>
#include <QTabWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;
using lance::connection::ProfileStorage;
using lance::storage::StorageUri;

namespace lance::ui {

StorageOptionsEditor::StorageOptionsEditor(QWidget *parent)
    : QWidget(parent)
{
    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(u"storageTabs"_s);
    m_tabs->setDocumentMode(true);
    for (const StorageUri::Scheme scheme : ProfileStorage::schemes()) {
        m_tabs->addTab(createPage(scheme), ProfileStorage::schemeLabel(scheme));
    }
    m_tabs->setToolTip(tr("Used for a table on that store when the server vends no "
                          "credentials, before this machine's environment."));

    m_testButton = new QPushButton(tr("Test Storage"), this);
    m_testButton->setObjectName(u"testStorageButton"_s);
    m_testButton->setSizePolicy(QSizePolicy::Maximum, QSizePolicy::Fixed);
    m_testButton->setToolTip(tr("Find a table on the server and list its _versions/ folder on "
                                "its store, as the window would reach it"));
    connect(m_testButton, &QPushButton::clicked, this, &StorageOptionsEditor::testRequested);
    m_note = new InlineNote(this);
    m_note->setObjectName(u"storageNote"_s);
    auto *test = new QHBoxLayout;
    test->addWidget(m_testButton);
    test->addWidget(m_note, 1);
    test->addStretch(); // the button keeps its size while the note is hidden

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_tabs);
    layout->addLayout(test);
}

QString StorageOptionsEditor::fieldName(StorageUri::Scheme scheme, const QString &key)
{
    return u"storage."_s + StorageUri::schemeName(scheme) + u'.' + key;
}

QWidget *StorageOptionsEditor::createPage(StorageUri::Scheme scheme)
{
    auto *page = new QWidget(this);
    auto *form = new QFormLayout(page);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    const auto changed = [this] {
        if (!m_loading) {
            emit edited();
        }
    };
    const QList<ProfileStorage::Field> fields = ProfileStorage::fields(scheme);
    for (const ProfileStorage::Field &field : fields) {
        const QString name = fieldName(scheme, field.key);
        if (field.flag) {
            auto *check = new QCheckBox(field.label, page);
            check->setObjectName(name);
            check->setToolTip(field.hint);
            connect(check, &QCheckBox::toggled, this, changed);
            m_checks.insert(name, check);
            form->addRow(QString(), check);
            continue;
        }
        auto *edit = new QLineEdit(page);
        edit->setObjectName(name);
        edit->setPlaceholderText(field.hint);
        edit->setToolTip(field.key); // the option's name, as LanceDB's storage_options take it
        if (field.secret) {
            edit->setEchoMode(QLineEdit::Password);
            m_secretFields.insert(name, true);
            connect(edit, &QLineEdit::textEdited, this, [this, changed] {
                m_secretEdited = true;
                changed();
            });
        } else {
            connect(edit, &QLineEdit::textEdited, this, changed);
        }
        m_edits.insert(name, edit);
        form->addRow(field.label, edit);
    }
    return page;
}

void StorageOptionsEditor::setOptions(const ProfileStorage &plain, const QStringList &savedSecrets)
{
    const QScopedValueRollback loading(m_loading, true);
    m_secretEdited = false;
    for (const StorageUri::Scheme scheme : ProfileStorage::schemes()) {
        const storage::StorageOptions options = plain.options(scheme);
        const QList<ProfileStorage::Field> fields = ProfileStorage::fields(scheme);
        for (const ProfileStorage::Field &field : fields) {
            const QString name = fieldName(scheme, field.key);
            if (QCheckBox *check = m_checks.value(name)) {
                check->setChecked(options.flag(field.key));
            } else if (QLineEdit *edit = m_edits.value(name)) {
                edit->setText(field.secret ? QString() : options.valueOr(field.key, QString()));
                if (field.secret) {
                    const bool saved
                        = savedSecrets.contains(StorageUri::schemeName(scheme) + u'.' + field.key);
                    edit->setPlaceholderText(saved ? tr("Saved in the keychain") : field.hint);
                }
            }
        }
    }
    m_note->clear();
}

void StorageOptionsEditor::setSavedSecrets(const ProfileStorage &secrets)
{
    if (m_secretEdited) {
        return; // what was typed wins over what the keychain answers late
    }
    const QScopedValueRollback loading(m_loading, true);
    for (const StorageUri::Scheme scheme : ProfileStorage::schemes()) {
        const storage::StorageOptions options = secrets.options(scheme);
        const QMap<QString, QString> values = options.values();
        for (auto it = values.cbegin(); it != values.cend(); ++it) {
            const QString name = fieldName(scheme, storage::StorageOptions::canonicalKey(it.key()));
            if (QLineEdit *edit = m_edits.value(name); edit && m_secretFields.contains(name)) {
                edit->setText(it.value());
            }
        }
    }
}

ProfileStorage StorageOptionsEditor::options() const
{
    ProfileStorage storage;
    for (const StorageUri::Scheme scheme : ProfileStorage::schemes()) {
        const QList<ProfileStorage::Field> fields = ProfileStorage::fields(scheme);
        for (const ProfileStorage::Field &field : fields) {
            const QString name = fieldName(scheme, field.key);
            if (const QCheckBox *check = m_checks.value(name)) {
                storage.set(scheme, field.key, check->isChecked() ? u"true"_s : QString());
            } else if (const QLineEdit *edit = m_edits.value(name)) {
                storage.set(scheme, field.key, edit->text());
            }
        }
    }
    return storage;
}

void StorageOptionsEditor::setTestNote(bool listed, const QString &text)
{
    m_note->setNote(listed ? InlineNote::Kind::Information : InlineNote::Kind::Warning, text);
}

void StorageOptionsEditor::setTestEnabled(bool enabled)
{
    m_testButton->setEnabled(enabled);
}

} // namespace lance::ui
