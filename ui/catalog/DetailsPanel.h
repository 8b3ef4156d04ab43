// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/ApiError.h"
#include "details/ObjectDetails.h"

#include <QWidget>

class QFormLayout;
class QLabel;
class QPlainTextEdit;
class QStackedWidget;
class QTableWidget;
class QTabWidget;

namespace lance::ui {

class HealthView;
class RowsView;
class MessageBanner;
class SchemaView;

/// Shows what DetailsLoader read for the selected namespace or table: a form of the important
/// fields (for a table also what it holds), the schema, the rows of the version chosen
/// (RowsView, filled by RowsFollower when its tab is shown), the properties, the tags, the table's
/// health (HealthView, filled by HealthFollower when its tab is shown) and the server's raw
/// JSON. Shows loading and failure in place, with Retry; never asks anything.
class DetailsPanel : public QWidget
{
    Q_OBJECT

public:
    explicit DetailsPanel(QWidget *parent = nullptr);

    void showNothing();
    void showLoading(const api::Identifier &id, const QString &delimiter);
    void showDetails(const details::ObjectDetails &details, const QString &delimiter);
    void showFailure(const api::Identifier &id, const api::ApiError &error);
    /// The schema of `version` of `table`, read from its manifest (SchemaFollower), or why it
    /// could not be: the Schema tab shows it while `table` is shown.
    void showVersionSchema(const api::Identifier &table, qint64 version, bool staged,
                           const std::optional<api::JsonArrowSchema> &schema,
                           const QString &problem);
    SchemaView *schemaView() const { return m_schema; }
    HealthView *healthView() const { return m_health; }
    RowsView *rowsView() const { return m_rows; }
    /// The Rows tab is the one shown.
    bool isRowsShown() const;
    /// Whether the Health tab is the one shown.
    bool isHealthShown() const;

signals:
    void retryRequested();
    /// showDetails() showed `id`: a table, or a namespace (`isTable` false).
    void objectShown(const lance::api::Identifier &id, bool isTable);
    /// The Health tab became the one shown.
    void healthShown();
    /// The Rows tab was brought to the front.
    void rowsShown();

private:
    QWidget *createOverview();
    void addTableFacts(const api::DescribeTableResponse &table);
    void fillProperties(const api::StringMap &properties, const QString &unsupportedText,
                        bool supported);
    void fillTags(const details::ObjectDetails &details);
    void addRow(const QString &label, const QString &value, bool selectable = true);
    /// Shows the version's schema where one was read, else the catalog's, and names which.
    void refreshSchema();

    struct VersionSchema
    {
        api::Identifier table;
        qint64 version = 0;
        bool staged = false;
        std::optional<api::JsonArrowSchema> schema;
        QString problem;
    };

    QStackedWidget *m_pages = nullptr;
    QLabel *m_placeholder = nullptr;
    QLabel *m_loading = nullptr;
    MessageBanner *m_banner = nullptr;
    QWidget *m_detailsPage = nullptr;
    QLabel *m_title = nullptr;
    QTabWidget *m_tabs = nullptr;
    QFormLayout *m_form = nullptr;
    QTableWidget *m_properties = nullptr;
    SchemaView *m_schema = nullptr;
    HealthView *m_health = nullptr;
    RowsView *m_rows = nullptr;
    QWidget *m_healthPage = nullptr; //!< the tab: the view in a scroll area
    QTableWidget *m_tags = nullptr;
    QLabel *m_tagsNote = nullptr;
    QPlainTextEdit *m_json = nullptr;
    // What the Schema tab chooses from: the table shown, its schema as the catalog described
    // it (the latest version's) and the schema read for the Versions view's current version.
    std::optional<api::Identifier> m_schemaTable;
    std::optional<api::JsonArrowSchema> m_catalogSchema;
    QString m_noCatalogSchema;
    std::optional<qint64> m_latest;
    std::optional<VersionSchema> m_versionSchema;
};

} // namespace lance::ui
