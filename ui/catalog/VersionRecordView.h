// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/CommonTypes.h"

#include <QWidget>

class QLabel;
class QStackedWidget;
class QTableWidget;

namespace lance::ui {

class PathLabel;

/// The whole record of one table version, below the versions list: every field (the time both
/// local and UTC, the size both readable and in bytes) and each metadata pair on a row of its
/// own. Every value can be selected and copied.
///
/// Object names for tests: `recordVersion`, `recordTime`, `recordTimeUtc`,
/// `recordManifestPath`, `recordSize`, `recordETag`, `recordMetadata`, `recordPlaceholder`.
class VersionRecordView : public QWidget
{
    Q_OBJECT

public:
    explicit VersionRecordView(QWidget *parent = nullptr);

    void showNothing();
    /// Shows `version`'s record; `staged`: a version staged for creation, not in the catalog
    /// yet, whose facts are read from the manifest it names.
    void showVersion(const api::TableVersion &version, bool staged = false);
    /// The version shown, if any.
    std::optional<qint64> shownVersion() const { return m_shown; }

private:
    QLabel *addField(const QString &label, const QString &objectName);
    void showFacts(const api::TableVersion &version, bool staged);

    QStackedWidget *m_pages = nullptr;
    QLabel *m_placeholder = nullptr;
    QWidget *m_recordPage = nullptr;
    QLabel *m_version = nullptr;
    QLabel *m_time = nullptr;
    QLabel *m_timeUtc = nullptr;
    QLabel *m_holds = nullptr;  //!< rows, fragments, data, deletions (api::VersionFacts)
    QLabel *m_madeBy = nullptr; //!< operation, commit message, writer
    PathLabel *m_manifestPath = nullptr;
    QLabel *m_size = nullptr;
    QLabel *m_eTag = nullptr;
    QTableWidget *m_metadata = nullptr;
    std::optional<qint64> m_shown;
};

} // namespace lance::ui
