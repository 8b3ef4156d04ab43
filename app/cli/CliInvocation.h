// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "drop/PathMapping.h"

#include <QByteArray>
#include <QList>
#include <QMap>
#include <QPair>
#include <QString>
#include <QStringList>
#include <QUrl>

#include <optional>

namespace lance::cli {

/// One run of `lance-catalog`, as parsed from its arguments. Holds names of environment
/// variables, never secrets: those are read from the environment when the client is built.
struct CliInvocation
{
    QString command;       //!< "namespaces", "tables", "describe", "versions", "commit", ...
    QStringList arguments; //!< the command's positional arguments
    QUrl url;              //!< the server; empty with --local (both empty: no catalog)
    QString localRoot;     //!< --local: the folder of a local catalog; empty with --url
    QString apiKeyEnv;     //!< environment variable holding the API key, if any
    QString bearerEnv;     //!< environment variable holding the bearer token, if any
    QList<QPair<QByteArray, QByteArray>> headers;
    QString delimiter;
    QString caFile;
    int timeoutMs = 30000;
    bool json = false;
    // Command options
    bool noDeclared = false;                 //!< tables
    std::optional<qint64> limit;             //!< versions, history, rows
    std::optional<qint64> offset;            //!< rows: --offset N
    QStringList columns;                     //!< rows: --columns A,B
    std::optional<QString> branch;           //!< rows: --branch B
    std::optional<QString> tag;              //!< rows: --tag T
    std::optional<QString> filter;           //!< rows: --filter EXPR
    bool details = false;                    //!< versions
    bool dryRun = false;                     //!< commit
    drop::PathMapping pathMapping;           //!< --map LOCAL=URI, in order
    QString databasePasswordFile;            //!< copy-catalog
    bool cascade = false;                    //!< namespace drop
    QMap<QString, QString> properties;       //!< namespace create and set: --property K=V
    QStringList unsetProperties;             //!< namespace set: --unset K
    std::optional<QString> fromBranch;       //!< branch create: --from BRANCH
    std::optional<qint64> smallFragmentRows; //!< health: --small-rows N
    std::optional<qint64> olderThanSeconds;  //!< cleanup: --older-than DURATION
    std::optional<qint64> keepLatest;        //!< cleanup: --keep N
    std::optional<qint64> beforeVersion;     //!< cleanup: --before VERSION
    bool deleteUnverified = false;           //!< cleanup: --delete-unverified
    bool yes = false;                        //!< cleanup: --yes
};

} // namespace lance::cli
