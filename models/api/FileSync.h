// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Result.h"

#include <QCoreApplication>
#include <QString>

namespace lance::api {

/// Makes what was written or renamed survive an OS crash or a power loss, not only a crashed
/// process: a write or a rename reaches the page cache at once, the disk whenever the kernel
/// likes, unless the file (for its bytes) and its folder (for its name) are synced.
///
/// POSIX: `fsync()` (macOS: `F_FULLFSYNC`, since its fsync() leaves the drive's cache
/// unflushed). Windows: `FlushFileBuffers()` for files; folders cannot be synced there, and
/// the moves that need it are written through instead (engine::NoReplaceMove).
class FileSync
{
    Q_DECLARE_TR_FUNCTIONS(FileSync)

public:
    /// Syncs the content of the file `path` to the disk.
    static Result<void> file(const QString &path);
    /// Syncs the entries of the folder `path`: names created, renamed or removed in it.
    static Result<void> folder(const QString &path);
    /// Writes `bytes` to `path` whole or not at all (a temporary file renamed over it), then
    /// syncs the file and its folder. The message of a failure names the file and the reason.
    static Result<void> write(const QString &path, const QByteArray &bytes);
    /// After `from` was renamed to `to`: the file, then `to`'s folder, then `from`'s folder
    /// when it is another one. The first failure is the answer, with the system's reason.
    static Result<void> renamed(const QString &from, const QString &to);
};

} // namespace lance::api
