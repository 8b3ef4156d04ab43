// SPDX-License-Identifier: Apache-2.0
#include "ui/staging/DeclareTableDialog.h"

#include "ui/common/KeyValueEditor.h"

#include <QFormLayout>
#include <QLineEdit>

using namespace Qt::StringLiterals;

namespace lance::ui {

DeclareTableDialog::DeclareTableDialog(const api::Identifier &namespaceId, const QString &delimiter,
                                       const QSet<QString> &existing, QWidget *parent)
    : OperationDialog(parent)
    , m_namespace(namespaceId)
    , m_delimiter(delimiter)
    , m_existing(existing)
    , m_name(new QLineEdit(this))
    , m_location(new QLineEdit(this))
    , m_properties(new KeyValueEditor(tr("Property"), tr("Value"), this))
{
    setWindowTitle(namespaceId.isRoot()
                       ? tr("Declare a Table")
                       : tr("Declare a Table in %1").arg(namespaceId.toString(delimiter)));
    m_name->setObjectName(u"nameEdit"_s);
    m_location->setObjectName(u"locationEdit"_s);
    m_location->setPlaceholderText(tr("Optional: the server chooses one when empty"));
    m_properties->setObjectName(u"propertiesEditor"_s);

    auto *form = new QFormLayout;
    form->addRow(tr("&Name:"), m_name);
    form->addRow(tr("&Location:"), m_location);
    form->addRow(tr("&Properties:"), m_properties);

    connect(m_name, &QLineEdit::textChanged, this, &DeclareTableDialog::updateState);
    connect(m_properties, &KeyValueEditor::edited, this, &DeclareTableDialog::updateState);
    setForm(form);
}

void DeclareTableDialog::setRequest(const api::DeclareTableRequest &request)
{
    m_name->setText(request.id.names().isEmpty() ? QString() : request.id.names().last());
    m_location->setText(request.location.value_or(QString()));
    m_properties->setValues(request.properties);
}

api::DeclareTableRequest DeclareTableDialog::request() const
{
    api::DeclareTableRequest request;
    request.id = api::Identifier(m_namespace.names() + QStringList{m_name->text().trimmed()});
    if (!m_location->text().trimmed().isEmpty()) {
        request.location = m_location->text().trimmed();
    }
    request.properties = m_properties->values();
    return request;
}

api::Result<void> DeclareTableDialog::problem() const
{
    const QString name = m_name->text().trimmed();
    if (name.isEmpty()) {
        return api::ApiError::invalidInput(tr("Give the new table a name."));
    }
    if (name.contains(m_delimiter)) {
        return api::ApiError::invalidInput(
            tr("A name cannot contain the delimiter \"%1\": it separates namespaces.")
                .arg(m_delimiter));
    }
    // Caught here rather than at the commit: catalogs that keep tables in folders refuse it.
    if (!api::Identifier::checkFolderName(name).hasValue()) {
        return api::ApiError::invalidInput(
            tr("\"%1\" cannot be a table name: a name becomes a folder, so it cannot hold a "
               "slash or be \".\" or \"..\".")
                .arg(name));
    }
    if (m_existing.contains(name)) {
        return api::ApiError::invalidInput(
            tr("\"%1\" already exists in this namespace.").arg(name));
    }
    return m_properties->problem();
}

} // namespace lance::ui
