// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Result.h"

#include <QCoreApplication>
#include <QString>

namespace lance::engine {

/// Moves a staged manifest to its final name without ever replacing a file that is already
/// there: the step of CreateTableVersion that makes a version visible to Lance readers
/// (ManifestJournal runs it after the catalog has committed).
class NoReplaceMove
{
    Q_DECLARE_TR_FUNCTIONS(NoReplaceMove)

public:
    enum class Outcome { Moved, TargetExists };

    /// Renames `from` to `to` unless `to` exists; creates `to`'s folder. A failure is an error
    /// (ErrorCode::Internal) whose message is the system's reason. Linux:
    /// `renameat2(RENAME_NOREPLACE)`; macOS: `renamex_np(RENAME_EXCL)`; either falls back to
    /// linkThenUnlink() where the file system lacks the flag. Windows: `MoveFileExW` without
    /// `MOVEFILE_REPLACE_EXISTING`, written through to the disk.
    static api::Result<Outcome> move(const QString &from, const QString &to);
#ifndef Q_OS_WIN
    /// move()'s fallback, in two steps: `link()` refuses an existing `to` just as the atomic
    /// rename would, then `unlink()` drops `from`. `to`'s folder must exist. Public so the tests
    /// run the path that only file systems without a no-replace rename take.
    static api::Result<Outcome> linkThenUnlink(const QString &from, const QString &to);
#endif
};

} // namespace lance::engine
