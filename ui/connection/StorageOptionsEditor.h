// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "connection/ProfileStorage.h"

#include <QHash>
#include <QWidget>

class QCheckBox;
class QLineEdit;
class QPushButton;
class QTabWidget;

namespace lance::ui {

class InlineNote;

/// The Storage section of a connection profile (ProfileEditor): a tab per kind of store with
/// the options ProfileStorage::fields() offers, credentials in password fields, and "Test
/// Storage" with its note below.
///
/// The credentials are typed here and handed out with options(); the dialog keeps them in the
/// SecretStore, never in the profile. Object names for tests: `storageTabs`, one field per
/// option named `storage.<scheme>.<key>` (`storage.s3.aws_region`), `testStorageButton`,
/// `storageNote`.
class StorageOptionsEditor : public QWidget
{
    Q_OBJECT

public:
    explicit StorageOptionsEditor(QWidget *parent = nullptr);

    /// Shows `plain` (a saved profile's options), with empty credential fields; those named in
    /// `savedSecrets` (ProfileStorage::keyNames()) say they are saved until setSavedSecrets().
    void setOptions(const connection::ProfileStorage &plain, const QStringList &savedSecrets);
    /// Fills the credential fields the user has not typed in since setOptions().
    void setSavedSecrets(const connection::ProfileStorage &secrets);
    /// Every option the form shows, credentials included.
    connection::ProfileStorage options() const;
    /// True when a credential was typed since setOptions() or markSaved().
    bool isSecretEdited() const { return m_secretEdited; }
    void markSaved() { m_secretEdited = false; }

    /// What the last test found; empty `text` hides the note.
    void setTestNote(bool listed, const QString &text);
    void setTestEnabled(bool enabled);

signals:
    void edited();
    void testRequested();

private:
    static QString fieldName(storage::StorageUri::Scheme scheme, const QString &key);
    QWidget *createPage(storage::StorageUri::Scheme scheme);

    QTabWidget *m_tabs = nullptr;
    QHash<QString, QLineEdit *> m_edits;  //!< by fieldName()
    QHash<QString, QCheckBox *> m_checks; //!< by fieldName()
    QHash<QString, bool> m_secretFields;  //!< by fieldName(): a credential's password field
    QPushButton *m_testButton = nullptr;
    InlineNote *m_note = nullptr;
    bool m_secretEdited = false;
    bool m_loading = false;
};

} // namespace lance::ui
