// SPDX-License-Identifier: Apache-2.0
#include "ui/connection/ProfileEditor.h"

#include "ui/common/Icons.h"
#include "ui/common/InlineNote.h"
#include "ui/common/KeyValueEditor.h"
#include "ui/common/Prompter.h"
#include "ui/connection/StorageOptionsEditor.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScopedValueRollback>
#include <QSpinBox>
#include <QTableWidget>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <functional>

using namespace Qt::StringLiterals;
using lance::connection::ConnectionProfile;

namespace lance::ui {

namespace {

constexpr int MaxTimeoutSeconds = 3600;

int timeoutSeconds(int timeoutMs)
{
    return std::clamp(int(std::lround(timeoutMs / 1000.0)), 1, MaxTimeoutSeconds);
}

QToolButton *browseButton(const QString &objectName, const QString &toolTip, QWidget *parent)
{
    auto *button = new QToolButton(parent);
    button->setObjectName(objectName);
    button->setIcon(Icons::icon(Icons::Id::OpenFolder));
    button->setText(ProfileEditor::tr("Browse…"));
    button->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    button->setToolTip(toolTip);
    return button;
}

QWidget *row(QWidget *parent, QWidget *field, QWidget *button)
{
    auto *widget = new QWidget(parent);
    auto *layout = new QHBoxLayout(widget);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(field, 1);
    layout->addWidget(button);
    return widget;
}

} // namespace

ProfileEditor::ProfileEditor(Prompter &prompter, QWidget *parent)
    : QWidget(parent)
    , m_prompter(prompter)
{
    setObjectName(u"profileEditor"_s);
    m_nameEdit = new QLineEdit(this);
    m_nameEdit->setObjectName(u"nameEdit"_s);
    m_nameEdit->setMaxLength(ConnectionProfile::MaxNameLength);

    m_kindCombo = new QComboBox(this);
    m_kindCombo->setObjectName(u"kindCombo"_s);
    for (const auto kind : {ConnectionProfile::Kind::Rest, ConnectionProfile::Kind::Local}) {
        m_kindCombo->addItem(ConnectionProfile::kindLabel(kind), int(kind));
    }

    m_urlEdit = new QLineEdit(this);
    m_urlEdit->setObjectName(u"urlEdit"_s);
    m_urlEdit->setPlaceholderText(u"https://catalog.example.com/lance"_s);
    m_urlEdit->setToolTip(tr("The server's address with its path prefix, if it has one (Apache "
                             "Gravitino serves under /lance)."));
    m_folderField = createFolderField();

    m_authCombo = new QComboBox(this);
    m_authCombo->setObjectName(u"authCombo"_s);
    m_authCombo->addItem(tr("None"), int(rest::AuthMethod::None));
    m_authCombo->addItem(tr("API key (x-api-key header)"), int(rest::AuthMethod::ApiKey));
    m_authCombo->addItem(tr("Bearer token (Authorization header)"),
                         int(rest::AuthMethod::BearerToken));
    m_secretEdit = new QLineEdit(this);
    m_secretEdit->setObjectName(u"secretEdit"_s);
    m_secretEdit->setEchoMode(QLineEdit::Password);
    m_secretEdit->setPlaceholderText(tr("Not saved yet"));
    m_secretNote = new InlineNote(this);
    m_secretNote->setObjectName(u"secretStorageNote"_s);

    m_headersField = createHeadersField();
    m_caFileField = createCaFileField();
    m_timeoutSpin = new QSpinBox(this);
    m_timeoutSpin->setObjectName(u"timeoutSpin"_s);
    m_timeoutSpin->setRange(1, MaxTimeoutSeconds);
    m_timeoutSpin->setSuffix(tr(" s"));
    m_timeoutSpin->setToolTip(tr("How long one request may take before it is given up."));
    m_timeoutSpin->setMaximumWidth(fontMetrics().averageCharWidth() * 14);
    m_delimiterEdit = new QLineEdit(this);
    m_delimiterEdit->setObjectName(u"delimiterEdit"_s);
    m_delimiterEdit->setMaximumWidth(fontMetrics().averageCharWidth() * 10);
    m_delimiterEdit->setToolTip(tr("Joins the parts of an identifier in URLs (the spec's "
                                   "default is $)."));

    m_environmentCombo = new QComboBox(this);
    m_environmentCombo->setObjectName(u"environmentCombo"_s);
    for (const auto environment :
         {ConnectionProfile::Environment::Development, ConnectionProfile::Environment::Staging,
          ConnectionProfile::Environment::Production}) {
        m_environmentCombo->addItem(ConnectionProfile::environmentLabel(environment),
                                    int(environment));
    }
    m_readOnlyCheck = new QCheckBox(tr("Read-only: offer no changes on this connection"), this);
    m_readOnlyCheck->setObjectName(u"readOnlyCheck"_s);

    m_serverFilesCombo = new QComboBox(this);
    m_serverFilesCombo->setObjectName(u"serverFilesCombo"_s);
    m_serverFilesCombo->addItem(tr("This machine's when the server runs here (localhost)"),
                                int(ConnectionProfile::ServerFiles::Auto));
    m_serverFilesCombo->addItem(tr("This machine's (a server sharing this disk)"),
                                int(ConnectionProfile::ServerFiles::ThisMachine));
    m_serverFilesCombo->addItem(tr("Another machine's (only through the path mapping)"),
                                int(ConnectionProfile::ServerFiles::Elsewhere));
    m_serverFilesCombo->setToolTip(
        tr("Whose files the paths the server sends name. A server reached through a tunnel "
           "runs elsewhere even on localhost."));
    m_mappingField = createMappingField();
    m_storageEditor = new StorageOptionsEditor(this);

    m_form = new QFormLayout(this);
    m_form->setContentsMargins(0, 0, 0, 0);
    m_form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    m_form->addRow(tr("&Name:"), m_nameEdit);
    m_form->addRow(tr("&Kind:"), m_kindCombo);
    m_form->addRow(tr("Server &URL:"), m_urlEdit);
    m_form->addRow(tr("Catalog &folder:"), m_folderField);
    m_form->addRow(tr("Authent&ication:"), m_authCombo);
    m_form->addRow(tr("&Secret:"), m_secretEdit);
    m_form->addRow(QString(), m_secretNote);
    m_form->addRow(tr("&Headers:"), m_headersField);
    m_form->addRow(tr("&CA file:"), m_caFileField);
    m_form->addRow(tr("Ti&meout:"), m_timeoutSpin);
    m_form->addRow(tr("&Delimiter:"), m_delimiterEdit);
    m_form->addRow(tr("Fi&le access:"), m_serverFilesCombo);
    m_form->addRow(tr("Path mappin&g:"), m_mappingField);
    m_form->addRow(tr("Ob&ject storage:"), m_storageEditor);
    m_form->addRow(tr("&Environment:"), m_environmentCombo);
    m_form->addRow(QString(), m_readOnlyCheck);

    const auto changed = [this] {
        if (!m_loading) {
            emit edited();
        }
    };
    for (QLineEdit *edit : {m_nameEdit, m_urlEdit, m_folderEdit, m_caFileEdit, m_delimiterEdit}) {
        connect(edit, &QLineEdit::textEdited, this, changed);
    }
    connect(m_secretEdit, &QLineEdit::textEdited, this, [this, changed] {
        m_secretEdited = true;
        changed();
    });
    connect(m_mappingEditor, &KeyValueEditor::edited, this, changed);
    connect(m_storageEditor, &StorageOptionsEditor::edited, this, changed);
    for (QComboBox *combo : {m_kindCombo, m_authCombo, m_environmentCombo, m_serverFilesCombo}) {
        connect(combo, &QComboBox::currentIndexChanged, this, [this, changed] {
            updateRows();
            changed();
        });
    }
    connect(m_timeoutSpin, &QSpinBox::valueChanged, this, changed);
    connect(m_readOnlyCheck, &QCheckBox::toggled, this, changed);
    connect(m_headersTable, &QTableWidget::itemChanged, this, changed);
    setProfile(ConnectionProfile());
}

QWidget *ProfileEditor::createFolderField()
{
    m_folderEdit = new QLineEdit(this);
    m_folderEdit->setObjectName(u"folderEdit"_s);
    m_folderEdit->setPlaceholderText(tr("A folder; created on first use"));
    auto *browse = browseButton(u"browseFolderButton"_s, tr("Choose the catalog folder"), this);
    connect(browse, &QToolButton::clicked, this, &ProfileEditor::onBrowseFolder);
    return row(this, m_folderEdit, browse);
}

QWidget *ProfileEditor::createCaFileField()
{
    m_caFileEdit = new QLineEdit(this);
    m_caFileEdit->setObjectName(u"caFileEdit"_s);
    m_caFileEdit->setPlaceholderText(tr("Optional: extra trusted certificates (PEM or DER)"));
    auto *browse = browseButton(u"browseCaFileButton"_s, tr("Choose a CA certificate file"), this);
    connect(browse, &QToolButton::clicked, this, &ProfileEditor::onBrowseCaFile);
    return row(this, m_caFileEdit, browse);
}

QWidget *ProfileEditor::createMappingField()
{
    auto *field = new QWidget(this);
    m_mappingEditor = new KeyValueEditor(tr("Folder here"), tr("What the server calls it"), field);
    m_mappingEditor->setObjectName(u"pathMappingEditor"_s);
    m_mappingEditor->setToolTip(
        tr("Where this machine sees the server's files, as /mnt/lake/ = s3://lake/: restore, "
           "branches and dropped files need it for a server elsewhere."));
    QTableWidget *table = m_mappingEditor->table();
    // Room for two folders; more scroll.
    table->setMinimumHeight(0);
    table->setFixedHeight(table->horizontalHeader()->sizeHint().height()
                          + 2 * table->verticalHeader()->defaultSectionSize()
                          + 2 * table->frameWidth());
    m_testMappingButton = new QPushButton(tr("Test Mapping"), field);
    m_testMappingButton->setObjectName(u"testMappingButton"_s);
    m_testMappingButton->setSizePolicy(QSizePolicy::Maximum, QSizePolicy::Fixed);
    m_testMappingButton->setToolTip(tr("Find a table on the server and read its latest manifest "
                                       "here, through this mapping"));
    connect(m_testMappingButton, &QPushButton::clicked, this, &ProfileEditor::testMappingRequested);
    m_mappingNote = new InlineNote(field);
    m_mappingNote->setObjectName(u"mappingNote"_s);
    auto *test = new QHBoxLayout;
    test->addWidget(m_testMappingButton);
    test->addWidget(m_mappingNote, 1);
    test->addStretch(); // the button keeps its size while the note is hidden
    auto *layout = new QVBoxLayout(field);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_mappingEditor);
    layout->addLayout(test);
    return field;
}

void ProfileEditor::setMapping(const drop::PathMapping &mapping)
{
    const QScopedValueRollback loading(m_loading, true);
    api::StringMap rows;
    for (const drop::PathMapping::Rule &rule : mapping.rules()) {
        rows.insert(QDir::toNativeSeparators(rule.localPrefix), rule.uriPrefix);
    }
    m_mappingEditor->setValues(rows);
    // As the table orders the rules (by folder), so that only an edit counts as a change.
    m_savedMapping = this->mapping();
    m_mappingNote->setNote(InlineNote::Kind::Information, QString());
}

drop::PathMapping ProfileEditor::mapping() const
{
    QList<drop::PathMapping::Rule> rules;
    const api::StringMap rows = m_mappingEditor->values();
    for (auto it = rows.cbegin(); it != rows.cend(); ++it) {
        rules.append({QDir::fromNativeSeparators(it.key().trimmed()), it.value().trimmed()});
    }
    return drop::PathMapping(rules);
}

void ProfileEditor::setMappingNote(bool read, const QString &text)
{
    m_mappingNote->setNote(read ? InlineNote::Kind::Information : InlineNote::Kind::Warning, text);
}

void ProfileEditor::setMappingTestEnabled(bool enabled)
{
    m_testMappingButton->setEnabled(enabled);
}

QWidget *ProfileEditor::createHeadersField()
{
    auto *field = new QWidget(this);
    m_headersTable = new QTableWidget(0, 2, field);
    m_headersTable->setTabKeyNavigation(false);
    m_headersTable->setObjectName(u"headersTable"_s);
    m_headersTable->setHorizontalHeaderLabels({tr("Name"), tr("Value")});
    m_headersTable->horizontalHeader()->setStretchLastSection(true);
    m_headersTable->verticalHeader()->hide();
    m_headersTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_headersTable->setToolTip(tr("Sent with every request, for a tenant or a routing hint. "
                                  "Never credentials: choose an authentication above."));
    // Room for three headers; more scroll.
    m_headersTable->setFixedHeight(m_headersTable->horizontalHeader()->sizeHint().height()
                                   + 3 * m_headersTable->verticalHeader()->defaultSectionSize()
                                   + 2 * m_headersTable->frameWidth());
    auto *add = new QToolButton(field);
    add->setObjectName(u"addHeaderButton"_s);
    add->setText(tr("Add"));
    add->setToolTip(tr("Add a header"));
    auto *remove = new QToolButton(field);
    remove->setObjectName(u"removeHeaderButton"_s);
    remove->setText(tr("Remove"));
    remove->setToolTip(tr("Remove the selected headers"));
    connect(add, &QToolButton::clicked, this, &ProfileEditor::onAddHeader);
    connect(remove, &QToolButton::clicked, this, &ProfileEditor::onRemoveHeader);
    auto *buttons = new QVBoxLayout;
    buttons->addWidget(add);
    buttons->addWidget(remove);
    buttons->addStretch();
    auto *layout = new QHBoxLayout(field);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_headersTable, 1);
    layout->addLayout(buttons);
    return field;
}

void ProfileEditor::setProfile(const ConnectionProfile &profile)
{
    m_loading = true;
    m_saved = profile;
    m_secretEdited = false;
    m_nameEdit->setText(profile.name);
    m_kindCombo->setCurrentIndex(m_kindCombo->findData(int(profile.kind)));
    m_urlEdit->setText(profile.url.toString());
    m_folderEdit->setText(QDir::toNativeSeparators(profile.localFolder));
    m_authCombo->setCurrentIndex(m_authCombo->findData(int(profile.auth)));
    m_secretEdit->clear();
    m_headersTable->setRowCount(0);
    for (const auto &[name, value] : profile.headers) {
        const int rowIndex = m_headersTable->rowCount();
        m_headersTable->insertRow(rowIndex);
        m_headersTable->setItem(rowIndex, 0, new QTableWidgetItem(QString::fromLatin1(name)));
        m_headersTable->setItem(rowIndex, 1, new QTableWidgetItem(QString::fromUtf8(value)));
    }
    m_caFileEdit->setText(QDir::toNativeSeparators(profile.caFile));
    m_timeoutSpin->setValue(timeoutSeconds(profile.timeoutMs));
    m_delimiterEdit->setText(profile.delimiter);
    m_environmentCombo->setCurrentIndex(m_environmentCombo->findData(int(profile.environment)));
    m_readOnlyCheck->setChecked(profile.readOnly);
    m_serverFilesCombo->setCurrentIndex(m_serverFilesCombo->findData(int(profile.serverFiles)));
    m_storageEditor->setOptions(profile.storage, profile.storageSecrets);
    updateRows();
    m_loading = false;
}

ConnectionProfile ProfileEditor::profile() const
{
    ConnectionProfile profile = m_saved;
    profile.name = m_nameEdit->text();
    profile.kind = ConnectionProfile::Kind(m_kindCombo->currentData().toInt());
    const QString url = m_urlEdit->text().trimmed();
    if (url != m_saved.url.toString()) {
        profile.url = QUrl(url, QUrl::StrictMode);
    }
    profile.localFolder = QDir::fromNativeSeparators(m_folderEdit->text().trimmed());
    profile.auth = rest::AuthMethod(m_authCombo->currentData().toInt());
    profile.headers = headers();
    profile.caFile = QDir::fromNativeSeparators(m_caFileEdit->text().trimmed());
    // Whole seconds in the form; a saved 2500 ms stays 2500 ms unless the field is changed.
    if (m_timeoutSpin->value() != timeoutSeconds(m_saved.timeoutMs)) {
        profile.timeoutMs = m_timeoutSpin->value() * 1000;
    }
    profile.delimiter = m_delimiterEdit->text();
    profile.environment = ConnectionProfile::Environment(m_environmentCombo->currentData().toInt());
    profile.readOnly = m_readOnlyCheck->isChecked();
    profile.serverFiles = ConnectionProfile::ServerFiles(m_serverFilesCombo->currentData().toInt());
    profile.storage = m_storageEditor->options().withoutSecrets();
    // Until the keychain has answered, the fields are empty and the saved names still hold.
    if (m_storageEditor->isSecretEdited()) {
        profile.storageSecrets = storageSecrets().keyNames();
    }
    return profile;
}

void ProfileEditor::setSavedSecret(const QString &profileName, const QString &secret)
{
    if (profileName != m_saved.name || m_secretEdited) {
        return;
    }
    m_secretEdit->setText(secret);
}

QString ProfileEditor::secret() const
{
    return m_secretEdit->text();
}

void ProfileEditor::setSavedStorageSecrets(const QString &profileName,
                                           const connection::ProfileStorage &secrets)
{
    if (profileName == m_saved.name) {
        m_storageEditor->setSavedSecrets(secrets);
    }
}

connection::ProfileStorage ProfileEditor::storageSecrets() const
{
    return m_storageEditor->options().secretsOnly();
}

bool ProfileEditor::isStorageSecretEdited() const
{
    return m_storageEditor->isSecretEdited();
}

connection::ProfileStorage ProfileEditor::storage() const
{
    return m_storageEditor->options();
}

bool ProfileEditor::isModified() const
{
    return m_secretEdited || isStorageSecretEdited() || profile() != m_saved
           || mapping() != m_savedMapping;
}

void ProfileEditor::markSaved()
{
    m_saved = profile();
    m_savedMapping = mapping();
    m_secretEdited = false;
    m_storageEditor->markSaved();
}

void ProfileEditor::setSecretStorage(connection::SecretStore::Storage storage,
                                     const QString &memoryOnlyReason)
{
    using Storage = connection::SecretStore::Storage;
    if (storage == Storage::Memory) {
        m_secretNote->setNote(InlineNote::Kind::Warning, memoryOnlyReason);
    } else if (storage == Storage::Keychain) {
        m_secretNote->setNote(InlineNote::Kind::Information,
                              tr("Saved in the system keychain, never in the settings."));
    } else {
        m_secretNote->setNote(
            InlineNote::Kind::Information,
            tr("Saved in the system keychain when there is one, never in the settings."));
    }
    updateRows(); // the note's row shows only with a secret field
}

void ProfileEditor::updateRows()
{
    const bool rest = m_kindCombo->currentData().toInt() == int(ConnectionProfile::Kind::Rest);
    const auto auth = rest::AuthMethod(m_authCombo->currentData().toInt());
    const bool secret = rest && auth != rest::AuthMethod::None;
    m_form->setRowVisible(m_urlEdit, rest);
    m_form->setRowVisible(m_folderField, !rest);
    m_form->setRowVisible(m_authCombo, rest);
    m_form->setRowVisible(m_secretEdit, secret);
    m_form->setRowVisible(m_secretNote, secret);
    m_form->setRowVisible(m_headersField, rest);
    m_form->setRowVisible(m_caFileField, rest);
    m_form->setRowVisible(m_timeoutSpin, rest);
    m_form->setRowVisible(m_serverFilesCombo, rest);
    m_form->setRowVisible(m_mappingField, rest);
    m_form->setRowVisible(m_storageEditor, rest);
    if (auto *label = qobject_cast<QLabel *>(m_form->labelForField(m_secretEdit))) {
        label->setText(auth == rest::AuthMethod::BearerToken ? tr("&Bearer token:")
                                                             : tr("API ke&y:"));
    }
}

void ProfileEditor::onBrowseFolder()
{
    const QString start
        = m_folderEdit->text().trimmed().isEmpty() ? QDir::homePath() : m_folderEdit->text();
    if (const auto folder = m_prompter.chooseFolder(tr("Choose the Catalog Folder"), start)) {
        m_folderEdit->setText(QDir::toNativeSeparators(*folder));
        emit edited();
    }
}

void ProfileEditor::onBrowseCaFile()
{
    const QString current = m_caFileEdit->text().trimmed();
    const QString start = current.isEmpty() ? QDir::homePath() : QFileInfo(current).absolutePath();
    if (const auto file
        = m_prompter.chooseOpenFile(tr("Choose a CA Certificate File"), start,
                                    tr("Certificates (*.pem *.crt *.cer *.der);;All files (*)"))) {
        m_caFileEdit->setText(QDir::toNativeSeparators(*file));
        emit edited();
    }
}

void ProfileEditor::onAddHeader()
{
    const int rowIndex = m_headersTable->rowCount();
    m_headersTable->insertRow(rowIndex);
    m_headersTable->setItem(rowIndex, 0, new QTableWidgetItem);
    m_headersTable->setItem(rowIndex, 1, new QTableWidgetItem);
    m_headersTable->setCurrentCell(rowIndex, 0);
    m_headersTable->editItem(m_headersTable->item(rowIndex, 0));
    m_headersTable->setFocus();
}

void ProfileEditor::onRemoveHeader()
{
    QList<int> rows;
    const QList<QTableWidgetSelectionRange> ranges = m_headersTable->selectedRanges();
    for (const QTableWidgetSelectionRange &range : ranges) {
        for (int rowIndex = range.topRow(); rowIndex <= range.bottomRow(); ++rowIndex) {
            rows.append(rowIndex);
        }
    }
    if (rows.isEmpty() && m_headersTable->currentRow() >= 0) {
        rows.append(m_headersTable->currentRow());
    }
    std::sort(rows.begin(), rows.end(), std::greater<>());
    for (const int rowIndex : std::as_const(rows)) {
        m_headersTable->removeRow(rowIndex);
    }
    if (!rows.isEmpty()) {
        emit edited();
    }
}

QList<QPair<QByteArray, QByteArray>> ProfileEditor::headers() const
{
    QList<QPair<QByteArray, QByteArray>> headers;
    for (int rowIndex = 0; rowIndex < m_headersTable->rowCount(); ++rowIndex) {
        const QTableWidgetItem *name = m_headersTable->item(rowIndex, 0);
        const QTableWidgetItem *value = m_headersTable->item(rowIndex, 1);
        const QString nameText = name ? name->text().trimmed() : QString();
        const QString valueText = value ? value->text().trimmed() : QString();
        if (nameText.isEmpty() && valueText.isEmpty()) {
            continue; // a row added and left empty
        }
        headers.append({nameText.toLatin1(), valueText.toUtf8()});
    }
    return headers;
}

} // namespace lance::ui
