// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QList>

namespace lance::ui {
class CatalogWorkspace;
}

namespace lance::test {

/// Selects versions in a workspace's Versions view as a person does with the mouse: the rows of
/// `versions` (staged and listed alike), the first of them current.
struct VersionSelection
{
    static void select(ui::CatalogWorkspace &workspace, const QList<qint64> &versions);
};

} // namespace lance::test
