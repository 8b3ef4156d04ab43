// SPDX-License-Identifier: Apache-2.0
#include "ui/catalog/SchemaView.h"

#include "format/ArrowSchemaConverter.h"

#include <QHeaderView>
#include <QLabel>
#include <QTreeWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace lance::ui {

namespace {

QString metadataText(const api::StringMap &metadata, const QString &separator)
{
    QStringList pairs;
    for (auto it = metadata.cbegin(); it != metadata.cend(); ++it) {
        pairs.append(it.key() + u'=' + it.value());
    }
    return pairs.join(separator);
}

} // namespace

SchemaView::SchemaView(QWidget *parent)
    : QWidget(parent)
{
    auto *layout = new QVBoxLayout(this);
    m_caption = new QLabel(this);
    m_caption->setObjectName(u"schemaCaption"_s);
    m_caption->setWordWrap(true);
    m_caption->hide();
    layout->addWidget(m_caption);
    m_note = new QLabel(this);
    m_note->setObjectName(u"schemaNote"_s);
    m_note->setWordWrap(true);
    m_note->hide();
    layout->addWidget(m_note);
    m_tree = new QTreeWidget(this);
    m_tree->setObjectName(u"schemaTree"_s);
    m_tree->setAccessibleName(tr("Schema"));
    m_tree->setColumnCount(ColumnCount);
    m_tree->setHeaderLabels(
        {tr("Field"), tr("Type"), tr("Nullable"), tr("Field ID"), tr("Metadata")});
    m_tree->headerItem()->setToolTip(
        IdColumn, tr("Lance's id of the field: it stays when the field is renamed."));
    m_tree->setAlternatingRowColors(true);
    m_tree->setUniformRowHeights(true);
    m_tree->header()->setStretchLastSection(true);
    m_tree->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_tree->header()->setSectionResizeMode(MetadataColumn, QHeaderView::Interactive);
    layout->addWidget(m_tree, 1);
}

void SchemaView::addField(const api::JsonArrowField &field, QTreeWidgetItem *parent)
{
    auto *item = parent ? new QTreeWidgetItem(parent) : new QTreeWidgetItem(m_tree);
    item->setText(NameColumn, field.name);
    item->setText(TypeColumn, format::ArrowSchemaConverter::lanceSpelling(field.type));
    item->setText(NullableColumn, field.nullable ? tr("yes") : tr("no"));
    if (field.lanceFieldId) {
        item->setText(IdColumn, QString::number(*field.lanceFieldId));
        m_tree->setColumnHidden(IdColumn, false);
    }
    item->setText(MetadataColumn, metadataText(field.metadata, u", "_s));
    item->setToolTip(MetadataColumn, metadataText(field.metadata, u"\n"_s));
    for (const api::JsonArrowField &child : field.type.fields) {
        addField(child, item);
    }
}

void SchemaView::showSchema(const api::JsonArrowSchema &schema)
{
    m_tree->clear();
    // Lance's field ids are known only where the schema was read from the manifest here.
    m_tree->setColumnHidden(IdColumn, true);
    for (const api::JsonArrowField &field : schema.fields) {
        addField(field, nullptr);
    }
    m_tree->expandAll();
    m_tree->setVisible(true);
    const QString metadata = metadataText(schema.metadata, u", "_s);
    m_note->setVisible(!metadata.isEmpty());
    m_note->setText(tr("Schema metadata: %1").arg(metadata));
}

void SchemaView::setCaption(const QString &caption)
{
    m_caption->setText(caption);
    m_caption->setVisible(!caption.isEmpty());
}

void SchemaView::showNone(const QString &why)
{
    m_tree->clear();
    m_tree->setVisible(false);
    m_note->setText(why);
    m_note->setVisible(true);
}

} // namespace lance::ui
