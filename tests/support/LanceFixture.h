// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QMap>
#include <QString>

namespace lance::storage {
class ObjectStore;
}

namespace lance::test {

/// The real Lance datasets in tests/data/lance (written by LanceDB; see the README there).
class LanceFixture
{
public:
    /// Copies dataset folder `name` (say "people.lance") into `folder`, whole; tests change
    /// their copy, never the data in the repository. Fails the running test and answers false
    /// when the dataset is missing or a file cannot be copied. `as` names the copy (the
    /// dataset's own name when empty).
    static bool copyInto(const QString &name, const QString &folder, const QString &as = {});
    /// Puts every file under `folder` (a copy made with copyInto()) into `store`, each at its
    /// path relative to `folder`, as Lance's files are when a table is written there. Fails the
    /// running test and answers false when one cannot be read or put.
    static bool upload(const QString &folder, storage::ObjectStore &store);
    /// The manifests in the `_versions/` folder of the table at `table` (a path), by version:
    /// final names only, as Lance reads them.
    static QMap<quint64, QString> manifests(const QString &table);
};

} // namespace lance::test
