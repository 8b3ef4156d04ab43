// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QString>

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
};

} // namespace lance::test
