// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/CatalogService.h"
#include "drop/PathMapper.h"

#include <QObject>
#include <QQueue>
#include <QSet>

#include <functional>
#include <optional>

namespace lance::drop {

/// Finds the table of a catalog whose location is a given Lance dataset folder, for manifests
/// named on the browser's command line (`lance-catalog-browser people.lance/_versions/*`):
/// they say which dataset they belong to, not which table registers it.
///
/// The spec has no "table by location" request, so the finder walks the namespaces breadth
/// first, lists each one's tables, and describes only the tables named like the dataset (the
/// folder's name without `.lance`, as LanceDB names its folders); a table whose location the
/// caller's `matches` accepts is the answer. Its versions are then listed completely, so that
/// versions already in the catalog are flagged before anything is staged. The walk stops after
/// MaxNamespaces namespaces: a catalog that large is better served by naming the table.
class DatasetTableFinder : public QObject
{
    Q_OBJECT

public:
    static constexpr int MaxNamespaces = 2000;
    static constexpr int PageSize = 1000;

    /// True when a table's `location`, as the server answers it, is the dataset folder.
    using Matches = std::function<bool(const QString &location)>;

    struct Outcome
    {
        std::optional<api::Identifier> table; //!< nothing: no table, or more than one, matched
        QSet<qint64> versions;                //!< the versions of `table` in the catalog
        int matching = 0;                     //!< tables whose location matched
        bool complete = true;                 //!< false: stopped at MaxNamespaces
    };
    using Done = std::function<void(api::Result<Outcome>)>;

    /// Accepts the spellings of `folder` a server may answer: what `mapper` maps it to, the
    /// folder itself or its `file://` URI, and (with a `catalogRoot`, the local catalog's folder)
    /// a location relative to the catalog's folder. Compared without trailing slashes, local
    /// paths after resolving links and `..`.
    static Matches locationMatcher(const QString &folder, const PathMapper &mapper,
                                   const QString &catalogRoot = {});

    /// `service` must outlive the finder.
    explicit DatasetTableFinder(api::CatalogService &service, QObject *parent = nullptr);
    ~DatasetTableFinder() override;

    /// Looks for a table named `tableName` whose location `matches`; `done` runs once, later,
    /// unless the finder is destroyed first. A finder runs one search at a time.
    void find(const QString &tableName, Matches matches, Done done);

private:
    void listNextNamespace();
    void describeNextCandidate();
    void listVersions();
    void finish(api::Result<Outcome> outcome);

    api::CatalogService &m_service;
    QString m_tableName;
    Matches m_matches;
    Done m_done;
    QQueue<api::Identifier> m_namespaces; //!< to list, breadth first
    int m_listed = 0;                     //!< namespaces listed so far
    QList<api::Identifier> m_candidates;  //!< tables named like the dataset, to describe
    Outcome m_outcome;
    api::RequestHandle m_inFlight;
};

} // namespace lance::drop
