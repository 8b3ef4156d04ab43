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
    /// Lance writer leaves it before CreateTableVersion (64 bytes, a unique name); answers its
    /// path.
    static QString stageManifest(const QString &catalogRoot, const QString &table, qint64 version);
};

} // namespace lance::test
