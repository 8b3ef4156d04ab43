// SPDX-License-Identifier: Apache-2.0
#include "ui/staging/CreateVersionDialog.h"

#include "format/LocalPaths.h"
#include "format/ManifestFiles.h"
#include "ui/common/KeyValueEditor.h"
#include "ui/common/Prompter.h"

#include <QComboBox>
#include <QDir>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpressionValidator>

using namespace Qt::StringLiterals;

namespace lance::ui {

namespace {

using Scheme = api::ManifestNamingScheme;

// Versions and sizes are int64 on the wire; 18 digits always fit.
QRegularExpressionValidator *digitsValidator(QObject *parent)
{
    return new QRegularExpressionValidator(QRegularExpression(u"^[0-9]{1,18}$"_s), parent);
}

} // namespace

CreateVersionDialog::CreateVersionDialog(const api::Identifier &table, const QString &delimiter,
                                         std::optional<qint64> latest, Prompter &prompter,
                                         QWidget *parent)
    : OperationDialog(parent)
    , m_table(table)
    , m_prompter(prompter)
{
    setWindowTitle(tr("Create Version of %1").arg(table.toString(delimiter)));
    const auto named = [](auto *widget, const QString &name) {
        widget->setObjectName(name);
        return widget;
    };
    m_version
        = named(new QLineEdit(QString::number(latest.value_or(0) + 1), this), u"versionEdit"_s);
    m_version->setValidator(digitsValidator(m_version));
    m_manifestPath = named(new QLineEdit(this), u"manifestPathEdit"_s);
    m_manifestPath->setPlaceholderText(tr("path/to/table.lance/_versions/…manifest"));
    auto *choose = named(new QPushButton(tr("C&hoose…"), this), u"chooseManifestButton"_s);
    m_size = named(new QLineEdit(this), u"sizeEdit"_s);
    m_size->setValidator(digitsValidator(m_size));
    m_size->setPlaceholderText(tr("Optional: bytes"));
    m_eTag = named(new QLineEdit(this), u"eTagEdit"_s);
    m_eTag->setPlaceholderText(tr("Optional"));
    m_scheme = named(new QComboBox(this), u"schemeCombo"_s);
    m_scheme->addItem(tr("Not given (the server decides)"));
    m_scheme->addItem(tr("V1: {version}.manifest"), int(Scheme::V1));
    m_scheme->addItem(tr("V2: {2^64 - 1 - version}.manifest"), int(Scheme::V2));
    m_branch = named(new QLineEdit(this), u"branchEdit"_s);
    m_branch->setPlaceholderText(tr("Optional: the main branch when empty"));
    m_metadata = named(new KeyValueEditor(tr("Name"), tr("Value"), this), u"metadataEditor"_s);
    m_fileNote = new QLabel(this);
    m_fileNote->setWordWrap(true);
    m_fileNote->setEnabled(false); // the palette's quieter text

    auto *pathRow = new QHBoxLayout;
    pathRow->addWidget(m_manifestPath, 1);
    pathRow->addWidget(choose);
    auto *form = new QFormLayout;
    form->addRow(tr("&Version:"), m_version);
    // A layout takes no buddy: the label is made here, pointing at the path.
    auto *manifestLabel = new QLabel(tr("&Manifest:"), this);
    manifestLabel->setBuddy(m_manifestPath);
    form->addRow(manifestLabel, pathRow);
    form->addRow(QString(), m_fileNote);
    form->addRow(tr("Si&ze:"), m_size); // Alt+S is Stage's
    form->addRow(tr("&E-tag:"), m_eTag);
    form->addRow(tr("&Naming scheme:"), m_scheme);
    form->addRow(tr("&Branch:"), m_branch);
    form->addRow(tr("Meta&data:"), m_metadata);

    connect(choose, &QPushButton::clicked, this, [this] {
        const QString start = m_manifestPath->text().isEmpty()
                                  ? QDir::homePath()
                                  : QFileInfo(u"/"_s + m_manifestPath->text()).absolutePath();
        if (const std::optional<QString> file = m_prompter.chooseOpenFile(
                tr("Choose a Manifest"), start,
                tr("Lance manifests (*.manifest *.manifest-*);;All files (*)"))) {
            useManifestFile(*file);
        }
    });
    for (QLineEdit *edit : {m_version, m_manifestPath, m_size, m_eTag, m_branch}) {
        connect(edit, &QLineEdit::textChanged, this, &CreateVersionDialog::updateState);
    }
    connect(m_metadata, &KeyValueEditor::edited, this, &CreateVersionDialog::updateState);
    setForm(form);
}

void CreateVersionDialog::useManifestFile(const QString &localFile)
{
    const QFileInfo info(localFile);
    m_manifestPath->setText(format::LocalPaths::objectStorePath(info.absoluteFilePath()));
    if (const std::optional<format::ManifestFiles::Facts> facts
        = format::ManifestFiles::stat(info.absoluteFilePath())) {
        m_size->setText(QString::number(facts->size));
        m_eTag->setText(facts->eTag);
    }
    if (const std::optional<format::ManifestFiles::Name> name
        = format::ManifestFiles::parseName(info.fileName())) {
        m_version->setText(QString::number(name->version));
        m_scheme->setCurrentIndex(m_scheme->findData(int(name->scheme)));
        m_fileNote->setText(tr("The file is named as version %1 in the %2 scheme.")
                                .arg(name->version)
                                .arg(name->scheme == Scheme::V2 ? u"V2"_s : u"V1"_s));
    } else {
        m_fileNote->setText(tr("A staged manifest: the server gives it its final name."));
    }
}

void CreateVersionDialog::setRequest(const api::CreateTableVersionRequest &request)
{
    m_version->setText(QString::number(request.version));
    m_manifestPath->setText(request.manifestPath);
    m_size->setText(request.manifestSize ? QString::number(*request.manifestSize) : QString());
    m_eTag->setText(request.eTag.value_or(QString()));
    m_scheme->setCurrentIndex(request.namingScheme ? m_scheme->findData(int(*request.namingScheme))
                                                   : 0);
    m_branch->setText(request.branch.value_or(QString()));
    m_metadata->setValues(request.metadata);
}

api::CreateTableVersionRequest CreateVersionDialog::request() const
{
    api::CreateTableVersionRequest request;
    request.id = m_table;
    request.version = m_version->text().toLongLong();
    request.manifestPath = m_manifestPath->text().trimmed();
    if (!m_size->text().isEmpty()) {
        request.manifestSize = m_size->text().toLongLong();
    }
    if (!m_eTag->text().trimmed().isEmpty()) {
        request.eTag = m_eTag->text().trimmed();
    }
    if (m_scheme->currentData().isValid()) {
        request.namingScheme = Scheme(m_scheme->currentData().toInt());
    }
    if (!m_branch->text().trimmed().isEmpty()) {
        request.branch = m_branch->text().trimmed();
    }
    request.metadata = m_metadata->values();
    return request;
}

api::Result<void> CreateVersionDialog::problem() const
{
    if (m_version->text().isEmpty() || m_version->text().toLongLong() < 1) {
        return api::ApiError::invalidInput(tr("Give the version number, 1 or more."));
    }
    if (m_manifestPath->text().trimmed().isEmpty()) {
        return api::ApiError::invalidInput(tr("Give the manifest's path, or choose the file."));
    }
    return m_metadata->problem();
}

} // namespace lance::ui
