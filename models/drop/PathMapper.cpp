// SPDX-License-Identifier: Apache-2.0
#include "drop/PathMapper.h"

#include "format/LocalPaths.h"

#include <QDir>

namespace lance::drop {

namespace {

std::optional<QString> cleanIfAbsolute(const QString &localPath)
{
    const QString path = QDir::cleanPath(QDir::fromNativeSeparators(localPath));
    if (localPath.isEmpty() || !QDir::isAbsolutePath(path)) {
        return std::nullopt;
    }
    return path;
}

} // namespace

PathMapper PathMapper::local()
{
    PathMapper mapper;
    mapper.manifestPath = [](const QString &localPath) -> std::optional<QString> {
        const std::optional<QString> path = cleanIfAbsolute(localPath);
        if (!path) {
            return std::nullopt;
        }
        return format::LocalPaths::objectStorePath(*path);
    };
    mapper.location = cleanIfAbsolute;
    return mapper;
}

PathMapper PathMapper::remote(PathMapping mapping)
{
    PathMapper mapper;
    mapper.manifestPath = [mapping](const QString &localPath) {
        return mapping.map(localPath);
    };
    mapper.location = mapper.manifestPath;
    return mapper;
}

PathMapper PathMapper::sameMachine(PathMapping mapping)
{
    const PathMapper mapped = remote(std::move(mapping));
    const PathMapper here = local();
    const auto either = [](Map first, Map second) -> Map {
        return [first, second](const QString &localPath) {
            std::optional<QString> answer = first(localPath);
            return answer ? answer : second(localPath);
        };
    };
    return {either(mapped.manifestPath, here.manifestPath), either(mapped.location, here.location)};
}

} // namespace lance::drop
