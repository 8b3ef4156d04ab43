// SPDX-License-Identifier: Apache-2.0
#include "ui/drop/DraggedFiles.h"

#include "drop/ManifestDropPlanner.h"

#include <QFileInfo>
#include <QMimeData>
#include <QUrl>

using namespace Qt::StringLiterals;

namespace lance::ui {

DraggedFiles DraggedFiles::fromMime(const QMimeData *mime)
{
    QStringList paths;
    if (!mime || !mime->hasUrls()) {
        return {};
    }
    const QList<QUrl> urls = mime->urls();
    for (const QUrl &url : urls) {
        if (!url.isLocalFile()) {
            return {};
        }
        paths << url.toLocalFile();
    }
    return fromPaths(std::move(paths));
}

DraggedFiles DraggedFiles::fromPaths(QStringList paths)
{
    DraggedFiles dragged;
    for (const QString &path : std::as_const(paths)) {
        const QFileInfo info(path);
        if (info.isDir() && lance::drop::ManifestDropPlanner::isDatasetFolder(path)) {
            dragged.datasets = true;
        }
        if ((info.isDir() && info.fileName() == u"_versions"_s)
            || (info.isFile() && info.fileName().contains(u".manifest"_s))) {
            dragged.manifests = true;
        }
    }
    dragged.paths = std::move(paths);
    return dragged;
}

} // namespace lance::ui
