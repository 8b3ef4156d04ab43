// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QStringList>

class QMimeData;

namespace lance::ui {

/// What a drag from a file manager carries, as far as Lance registration cares: its local paths,
/// and whether some of them are dataset folders (for a namespace) or manifests and `_versions/`
/// folders (for a table). Looked at once per drag, with cheap checks only: move events come with
/// every pointer movement and a drag may carry thousands of files; the planner reads the files
/// on drop and reports the rest.
struct DraggedFiles
{
    QStringList paths;
    bool datasets = false;  //!< a Lance dataset folder
    bool manifests = false; //!< a `.manifest` file or a `_versions/` folder

    /// Nothing when a URL is not a local file (a web page, a remote file): nothing here can
    /// register it.
    static DraggedFiles fromMime(const QMimeData *mime);
    static DraggedFiles fromPaths(QStringList paths);
};

} // namespace lance::ui
