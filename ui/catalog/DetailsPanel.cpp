// SPDX-License-Identifier: Apache-2.0
#include "ui/catalog/DetailsPanel.h"

#include "api/VersionFacts.h"
#include "ui/catalog/HealthView.h"
#include "ui/catalog/RowsView.h"
#include "ui/catalog/SchemaView.h"
#include "ui/common/MessageBanner.h"
#include "ui/common/ReadOnlyTable.h"

#include <QFontDatabase>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QScrollArea>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace lance::ui {

namespace {

QString yesNo(std::optional<bool> value, const QString &unknown)
{
    if (!value) {
        return unknown;
    }
    return *value ? DetailsPanel::tr("Yes") : DetailsPanel::tr("No");
}

} // namespace

DetailsPanel::DetailsPanel(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(u"detailsPanel"_s);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);

    m_banner = new MessageBanner(this);
    m_banner->setObjectName(u"detailsBanner"_s);
    m_banner->hide();
    connect(m_banner, &MessageBanner::retryRequested, this, &DetailsPanel::retryRequested);
    layout->addWidget(m_banner);

    m_pages = new QStackedWidget(this);
    layout->addWidget(m_pages, 1);

    m_placeholder = new QLabel(tr("Select a namespace or a table to see its details."), this);
    m_placeholder->setObjectName(u"detailsPlaceholder"_s);
    m_placeholder->setAlignment(Qt::AlignCenter);
    m_placeholder->setWordWrap(true);
    m_placeholder->setEnabled(false);
    m_pages->addWidget(m_placeholder);

    m_loading = new QLabel(this);
    m_loading->setObjectName(u"detailsLoading"_s);
    m_loading->setAlignment(Qt::AlignCenter);
    m_pages->addWidget(m_loading);

    m_detailsPage = new QWidget(this);
    auto *detailsLayout = new QVBoxLayout(m_detailsPage);
    detailsLayout->setContentsMargins(0, 0, 0, 0);
    m_title = new QLabel(m_detailsPage);
    m_title->setObjectName(u"detailsTitle"_s);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont titleFont = m_title->font();
    titleFont.setBold(true);
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.2);
    m_title->setFont(titleFont);
    detailsLayout->addWidget(m_title);

    m_tabs = new QTabWidget(m_detailsPage);
    m_tabs->setObjectName(u"detailsTabs"_s);
    m_tabs->setDocumentMode(true);
    // The overview scrolls rather than hold the window's height up: on a small screen the
    // lists beside and below it keep their rows (VisibleRows).
    auto *overviewScroll = new QScrollArea(m_tabs);
    overviewScroll->setObjectName(u"overviewScroll"_s);
    overviewScroll->setWidget(createOverview());
    overviewScroll->setWidgetResizable(true);
    overviewScroll->setFrameShape(QFrame::NoFrame);
    overviewScroll->setFocusPolicy(Qt::NoFocus); // its values take the focus, and show it
    overviewScroll->setMinimumHeight(3 * overviewScroll->fontMetrics().height());
    m_tabs->addTab(overviewScroll, tr("Overview"));
    m_schema = new SchemaView(m_tabs);
    m_tabs->addTab(m_schema, tr("Schema"));
    m_rows = new RowsView(m_tabs);
    m_tabs->addTab(m_rows, tr("Rows"));
    m_properties = ReadOnlyTable::create({tr("Property"), tr("Value")}, u"propertiesTable"_s, this);
    m_tabs->addTab(m_properties, tr("Properties"));

    auto *tagsPage = new QWidget(m_tabs);
    auto *tagsLayout = new QVBoxLayout(tagsPage);
    m_tagsNote = new QLabel(tagsPage);
    m_tagsNote->setObjectName(u"tagsNote"_s);
    m_tagsNote->setWordWrap(true);
    m_tagsNote->hide();
    tagsLayout->addWidget(m_tagsNote);
    m_tags = ReadOnlyTable::create({tr("Tag"), tr("Version"), tr("Branch"), tr("Manifest size")},
                                   u"tagsTable"_s, tagsPage);
    tagsLayout->addWidget(m_tags, 1);
    m_tabs->addTab(tagsPage, tr("Tags"));
    // Its tables are as tall as their rows; the page scrolls as a whole.
    auto *healthScroll = new QScrollArea(m_tabs);
    healthScroll->setObjectName(u"healthScroll"_s);
    m_health = new HealthView(healthScroll);
    healthScroll->setWidget(m_health);
    healthScroll->setWidgetResizable(true);
    healthScroll->setFrameShape(QFrame::NoFrame);
    healthScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_healthPage = healthScroll;
    m_tabs->addTab(healthScroll, tr("Health"));
    connect(m_tabs, &QTabWidget::currentChanged, this, [this] {
        if (isHealthShown()) {
            emit healthShown();
        }
        if (isRowsShown()) {
            emit rowsShown();
        }
    });

    m_json = new QPlainTextEdit(m_tabs);
    m_json->setObjectName(u"rawJson"_s);
    m_json->setReadOnly(true);
    m_json->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_json->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_tabs->addTab(m_json, tr("JSON"));
    detailsLayout->addWidget(m_tabs, 1);
    m_pages->addWidget(m_detailsPage);

    showNothing();
}

QWidget *DetailsPanel::createOverview()
{
    auto *page = new QWidget(this);
    page->setObjectName(u"overviewPage"_s);
    m_form = new QFormLayout(page);
    m_form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    m_form->setLabelAlignment(Qt::AlignRight);
    return page;
}

void DetailsPanel::showNothing()
{
    m_banner->hide();
    m_pages->setCurrentWidget(m_placeholder);
}

void DetailsPanel::showLoading(const api::Identifier &id, const QString &delimiter)
{
    m_banner->hide();
    m_loading->setText(tr("Loading %1…").arg(id.toString(delimiter)));
    m_pages->setCurrentWidget(m_loading);
}

void DetailsPanel::showFailure(const api::Identifier &id, const api::ApiError &error)
{
    Q_UNUSED(id)
    m_pages->setCurrentWidget(m_placeholder);
    m_banner->showError(error, true);
}

void DetailsPanel::addRow(const QString &label, const QString &value, bool selectable)
{
    auto *field = new QLabel(value.isEmpty() ? tr("(none)") : value);
    field->setWordWrap(true);
    if (selectable) {
        field->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
        // Reached with Tab and F6 too, with a caret where the focus is: a value is copied from
        // the keyboard, and F6 has somewhere visible to land on a page that holds no list.
        field->setFocusPolicy(Qt::StrongFocus);
    }
    m_form->addRow(label, field);
}

void DetailsPanel::showDetails(const details::ObjectDetails &details, const QString &delimiter)
{
    m_banner->hide();
    while (m_form->rowCount() > 0) {
        m_form->removeRow(0);
    }
    const QString fullId = details.id.toString(delimiter);
    addRow(tr("Identifier:"), fullId);
    if (details.kind == details::ObjectDetails::Kind::Namespace) {
        m_title->setText(details.id.isRoot() ? tr("Root namespace")
                                             : tr("Namespace %1").arg(fullId));
        const auto &description = *details.namespaceDescription;
        fillProperties(description.properties.value_or(api::StringMap()),
                       tr("This server does not report namespace properties."),
                       description.properties.has_value());
        addRow(tr("Properties:"),
               QString::number(description.properties.value_or(api::StringMap()).size()));
    } else {
        // The whole identifier: sales$orders and sales$eu$orders are both "orders".
        m_title->setText(tr("Table %1").arg(fullId));
        const auto &table = *details.tableDescription;
        addRow(tr("Location:"), table.location.value_or(QString()));
        addRow(tr("Table URI:"), table.tableUri.value_or(QString()));
        addRow(tr("Managed versioning:"), yesNo(table.managedVersioning, tr("Not reported")));
        addRow(tr("Declared only:"), yesNo(table.isOnlyDeclared, tr("Not checked")));
        if (table.version) {
            addRow(tr("Latest version:"), QString::number(*table.version));
        }
        addTableFacts(table);
        fillProperties(table.properties.value_or(api::StringMap()),
                       tr("This server does not report table properties."),
                       table.properties.has_value());
    }
    const bool isTable = details.kind == details::ObjectDetails::Kind::Table;
    m_tabs->setTabEnabled(m_tabs->indexOf(m_schema), isTable);
    m_tabs->setTabEnabled(m_tabs->indexOf(m_healthPage), isTable);
    if (isTable) {
        m_schemaTable = details.id;
        m_catalogSchema = details.tableDescription->schema;
        m_latest = details.tableDescription->version;
        m_noCatalogSchema
            = details.tableDescription->isOnlyDeclared.value_or(false)
                  ? tr("This table is declared only: it has no data yet, and so no schema.")
                  : tr("The catalog did not say what this table's schema is (its manifest may "
                       "be where the catalog cannot read it).");
        if (m_versionSchema && m_versionSchema->table != details.id) {
            m_versionSchema.reset();
        }
        refreshSchema();
    } else {
        m_schemaTable.reset();
    }
    fillTags(details);
    m_json->setPlainText(QString::fromUtf8(details.rawJson));
    m_pages->setCurrentWidget(m_detailsPage);
    emit objectShown(details.id, isTable);
}

bool DetailsPanel::isRowsShown() const
{
    return m_pages->currentWidget() == m_detailsPage && m_tabs->currentWidget() == m_rows;
}

bool DetailsPanel::isHealthShown() const
{
    return m_pages->currentWidget() == m_detailsPage && m_tabs->currentWidget() == m_healthPage;
}

void DetailsPanel::showVersionSchema(const api::Identifier &table, qint64 version, bool staged,
                                     const std::optional<api::JsonArrowSchema> &schema,
                                     const QString &problem)
{
    m_versionSchema = VersionSchema{table, version, staged, schema, problem};
    if (m_schemaTable == table) {
        refreshSchema();
    }
}

void DetailsPanel::refreshSchema()
{
    const std::optional<VersionSchema> &read = m_versionSchema;
    const bool latest = read && m_latest && read->version == *m_latest && !read->staged;
    if (read && read->schema) {
        m_schema->showSchema(*read->schema);
        m_schema->setCaption(
            read->staged ? tr("Version %1, staged: read from its manifest.").arg(read->version)
            : latest     ? tr("Version %1, the latest: read from its manifest.").arg(read->version)
                         : tr("Version %1, as chosen in the Versions view: "
                                  "read from its manifest.")
                           .arg(read->version));
        return;
    }
    if (read && !latest) {
        m_schema->setCaption(QString());
        m_schema->showNone(tr("The schema of version %1 cannot be read here: %2")
                               .arg(read->version)
                               .arg(read->problem));
        return;
    }
    if (!m_catalogSchema) {
        m_schema->setCaption(QString());
        m_schema->showNone(m_noCatalogSchema);
        return;
    }
    m_schema->showSchema(*m_catalogSchema);
    const QString version
        = m_latest ? tr("Version %1, the latest").arg(*m_latest) : tr("The latest version");
    m_schema->setCaption(read ? tr("%1, as the catalog describes it; its manifest cannot be read "
                                   "here, so field ids may be missing: %2")
                                    .arg(version, read->problem)
                              : tr("%1, as the catalog describes it.").arg(version));
}

void DetailsPanel::addTableFacts(const api::DescribeTableResponse &table)
{
    using api::VersionFacts;
    const api::StringMap &latest = table.metadata; // the latest version's facts, same keys
    const auto rows = VersionFacts::number(latest, VersionFacts::TotalRows);
    if (!rows) {
        return; // the server did not read the manifest, or has none to read
    }
    const QLocale locale;
    const auto count = [&](const char *key) {
        return locale.toString(VersionFacts::number(latest, key).value_or(0));
    };
    addRow(tr("Rows:"), locale.toString(*rows));
    addRow(tr("Deleted rows:"), tr("%1 (in %2 deletion files)")
                                    .arg(count(VersionFacts::TotalDeletionFileRows),
                                         count(VersionFacts::TotalDeletionFiles)));
    addRow(tr("Fragments:"),
           tr("%1 (%2 data files)")
               .arg(count(VersionFacts::TotalFragments), count(VersionFacts::TotalDataFiles)));
    addRow(tr("Data size:"),
           locale.formattedDataSize(
               VersionFacts::number(latest, VersionFacts::TotalFilesSize).value_or(0)));
    const QString format = VersionFacts::text(latest, VersionFacts::DataFormat);
    if (!format.isEmpty()) {
        addRow(tr("Data format:"), format);
    }
    const QString writer = VersionFacts::text(latest, VersionFacts::Writer);
    if (!writer.isEmpty()) {
        addRow(tr("Written by:"), writer);
    }
}

void DetailsPanel::fillProperties(const api::StringMap &properties, const QString &unsupportedText,
                                  bool supported)
{
    m_properties->setRowCount(0);
    m_properties->setToolTip(supported ? QString() : unsupportedText);
    for (auto it = properties.cbegin(); it != properties.cend(); ++it) {
        ReadOnlyTable::append(m_properties, {it.key(), it.value()});
    }
}

void DetailsPanel::fillTags(const details::ObjectDetails &details)
{
    m_tags->setRowCount(0);
    const bool isTable = details.kind == details::ObjectDetails::Kind::Table;
    m_tabs->setTabEnabled(m_tabs->indexOf(m_tags->parentWidget()), isTable);
    if (!isTable) {
        return;
    }
    m_tagsNote->setVisible(!details.tagsProblem.isEmpty()
                           || (details.tags && details.tags->tags.isEmpty()));
    m_tagsNote->setText(!details.tagsProblem.isEmpty() ? details.tagsProblem
                                                       : tr("This table has no tags."));
    if (!details.tags) {
        return;
    }
    for (auto it = details.tags->tags.cbegin(); it != details.tags->tags.cend(); ++it) {
        ReadOnlyTable::append(m_tags, {it.key(), QString::number(it.value().version),
                                       it.value().branch.value_or(tr("main")),
                                       QLocale().formattedDataSize(it.value().manifestSize)});
    }
}

} // namespace lance::ui
