// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArray>
#include <QString>

namespace lance::test {

/// Files a test writes for the code under test to read (batch files, staged manifests) and
/// reads back from what the code wrote.
class TestFiles
{
public:
    /// Writes `content` to `path`, creating its folder; answers `path`. A file that cannot be
    /// written is only warned about: the test then fails on reading it, where it says why.
    static QString write(const QString &path, const QByteArray &content);
    /// The bytes of the file at `path`; empty when it cannot be read (or is empty).
    static QByteArray read(const QString &path);
    /// A staged manifest for `version` of `table` in the catalog folder `catalogRoot`, as a
    /// Lance writer leaves it before CreateTableVersion (manifest(version), a unique name);
    /// answers its path.
    static QString stageManifest(const QString &catalogRoot, const QString &table, qint64 version);
    /// The smallest file a catalog accepts as the manifest of `version`: Lance's layout (a
    /// length-prefixed Manifest message, its offset, the format version and `LANC`) around a
    /// message that records only the version, padded with an unknown field (which readers skip)
    /// to `size` bytes when that is larger. For tests that need a version's manifest, not a
    /// table's data: LanceDB's own files are in tests/data/lance.
    static QByteArray manifest(qint64 version, qsizetype size = 0);
};

} // namespace lance::test
