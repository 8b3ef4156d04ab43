// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/CommonTypes.h"

#include <QCoreApplication>
#include <QString>

#include <optional>

namespace lance::format {

/// What the name of a file in a Lance table's `_versions/` folder says it is.
///
///  - Final: `N.manifest` (V1) or the 20-digit `u64::MAX - N` form (V2), as
///    format::ManifestFiles::parseName reads them;
///  - Detached: `d<anything>.manifest`, a version outside the table's history;
///  - Staging: `<final name>-<suffix>` such as `…0012.manifest-1f0c…-…`, written by a Lance
///    writer before it moved the file to its final name (version and scheme from that name);
///  - VersionHint: `latest_version_hint.json`;
///  - Other: anything else.
class ManifestFileName
{
    Q_DECLARE_TR_FUNCTIONS(ManifestFileName)

public:
    enum class Kind { Final, Detached, Staging, VersionHint, Other };

    struct Parsed
    {
        Kind kind = Kind::Other;
        std::optional<qint64> version;                   //!< Final and Staging only
        std::optional<api::ManifestNamingScheme> scheme; //!< Final and Staging only
        QString finalName; //!< Final: the name itself; Staging: the final name it will get
    };

    /// Reads `fileName`; of a path, only the part after the last `/` counts.
    static Parsed parse(const QString &fileName);

    /// ".manifest", the ending of every manifest's file name.
    static inline const QString Suffix = QStringLiteral(".manifest");
    /// One translated phrase for the notes of a drop, made to follow "<file> is": "a detached
    /// manifest, not a version of the table"; empty for Kind::Final.
    static QString note(const Parsed &parsed);
};

} // namespace lance::format
