// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/CommonTypes.h"
#include "api/Result.h"
#include "format/ManifestReader.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QString>

#include <optional>

namespace lance::format {

/// Checks that a file is a table version's manifest, named for the version it holds: what a
/// CreateTableVersion for it needs.
class ManifestCheck
{
    Q_DECLARE_TR_FUNCTIONS(ManifestCheck)

public:
    struct Checked
    {
        qint64 version = 0;
        api::ManifestNamingScheme scheme = api::ManifestNamingScheme::V2; //!< from the name
        qint64 size = 0;                    //!< bytes of the file, as read and checked
        std::optional<QDateTime> timestamp; //!< the commit time inside, in UTC
        QString path;                       //!< absolute, with `/` separators
    };

    /// The facts of the manifest at `path`. Refused (ApiError::invalidInput, one sentence that
    /// names the file):
    ///  - a detached manifest, the version hint, or any name that is not a manifest's, with
    ///    ManifestFileName::note(), before the file is read;
    ///  - anything ManifestReader::readFile() refuses;
    ///  - a name whose version differs from the version inside (both numbers said).
    /// A staging file (`<final name>-<uuid>`) is accepted with the version of its final name.
    /// Reads the file synchronously (ManifestReader::readFile()).
    static api::Result<Checked> check(const QString &path,
                                      qint64 maxBytes = ManifestReader::DefaultMaxBytes);
    /// check() of a manifest already read: `bytes` is its whole content, `name` the path or
    /// URI it was read from (its last segment is the file name checked). `path` is left empty.
    static api::Result<Checked> checkBytes(QByteArrayView bytes, const QString &name);
};

} // namespace lance::format
