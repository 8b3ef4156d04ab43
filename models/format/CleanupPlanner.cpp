// SPDX-License-Identifier: Apache-2.0
#include "format/CleanupPlanner.h"

#include "format/ManifestReferences.h"
#include "format/ReferenceMarks.h"

#include <QCryptographicHash>
#include <QSet>

#include <algorithm>
#include <limits>

using namespace Qt::StringLiterals;

namespace lance::format {

namespace {

using Kind = ManifestReferences::Kind;

// The words of a version kept or removed.
api::CleanupVersion entry(qint64 version, const ReferenceIndex::Version *manifest, bool recorded,
                          const QString &reason, const QString &detail = {})
{
    api::CleanupVersion out;
    out.version = version;
    out.recorded = recorded;
    out.reason = reason;
    out.detail = detail;
    if (manifest && manifest->timestamp) {
        out.timestampMillis = manifest->timestamp->toMSecsSinceEpoch();
    }
    return out;
}

} // namespace

api::Result<void> CleanupPlanner::check(const api::CleanupPolicy &policy)
{
    if (!policy.olderThanSeconds && !policy.keepLatest && !policy.beforeVersion) {
        return api::ApiError::invalidInput(
            tr("A cleanup needs a policy: versions older than a time, all but the latest N, or "
               "those before a version."));
    }
    if (policy.olderThanSeconds && *policy.olderThanSeconds < 0) {
        return api::ApiError::invalidInput(tr("A cleanup's age cannot be negative."));
    }
    if (policy.keepLatest && *policy.keepLatest < 1) {
        return api::ApiError::invalidInput(
            tr("A cleanup keeps at least the latest version: keep 1 or more, not %1.")
                .arg(*policy.keepLatest));
    }
    if (policy.beforeVersion && *policy.beforeVersion < 1) {
        return api::ApiError::invalidInput(
            tr("Versions are numbered from 1: \"before %1\" names none.")
                .arg(*policy.beforeVersion));
    }
    return {};
}

api::PlanTableCleanupResponse CleanupPlanner::plan(const Input &input,
                                                   const api::CleanupPolicy &policy)
{
    api::PlanTableCleanupResponse out;
    QList<qint64> recorded = input.recorded;
    std::sort(recorded.begin(), recorded.end());
    const QSet<qint64> isRecorded(recorded.cbegin(), recorded.cend());
    const std::optional<qint64> latest
        = recorded.isEmpty() ? std::nullopt : std::optional(recorded.last());
    out.latestVersion = latest;
    // keep N: the Nth newest recorded version and those above it stay.
    qint64 keepFrom = std::numeric_limits<qint64>::max();
    if (policy.keepLatest && !recorded.isEmpty()) {
        const qint64 keep = std::min<qint64>(*policy.keepLatest, recorded.size());
        keepFrom = recorded.at(recorded.size() - qsizetype(keep));
    }
    const QDateTime cutoff
        = policy.olderThanSeconds ? input.now.addSecs(-*policy.olderThanSeconds) : QDateTime();
    const auto inPolicy = [&](qint64 version, const ReferenceIndex::Version *manifest) {
        if (policy.beforeVersion && version >= *policy.beforeVersion) {
            return false;
        }
        if (version >= keepFrom) {
            return false;
        }
        if (policy.olderThanSeconds
            && !(manifest && manifest->timestamp && *manifest->timestamp < cutoff)) {
            return false;
        }
        return true;
    };

    QSet<qint64> versions(recorded.cbegin(), recorded.cend());
    for (auto it = input.main.cbegin(); it != input.main.cend(); ++it) {
        versions.insert(it.key());
    }
    QList<qint64> ordered(versions.cbegin(), versions.cend());
    std::sort(ordered.begin(), ordered.end());

    static const ReferenceIndex nothing;
    const ReferenceIndex &index = input.index ? *input.index : nothing;
    ReferenceMarks kept(index);    // 1 for what a kept version names
    ReferenceMarks removed(index); // the newest removed version that named it
    std::optional<QDateTime> earliestKept;
    for (const qint64 version : ordered) {
        const auto found = input.main.constFind(version);
        const ReferenceIndex::Version *manifest = found != input.main.cend() ? &*found : nullptr;
        const bool isKnown = isRecorded.contains(version);
        api::CleanupVersion said;
        bool keep = true;
        if (latest && version == *latest) {
            said = entry(version, manifest, isKnown, u"latest"_s);
        } else if (!latest || version > *latest) {
            said = entry(version, manifest, isKnown, u"newer"_s);
        } else if (!isKnown) {
            said = entry(version, manifest, false, u"unrecorded"_s);
            keep = false;
        } else if (input.tags.contains(version)) {
            said
                = entry(version, manifest, true, u"tag"_s, input.tags.value(version).join(u", "_s));
        } else if (input.branchStarts.contains(version)) {
            said = entry(version, manifest, true, u"branch_source"_s,
                         input.branchStarts.value(version).join(u", "_s));
        } else if (inPolicy(version, manifest)) {
            said = entry(version, manifest, true, u"policy"_s);
            keep = false;
        } else {
            said = entry(version, manifest, true, u"outside_policy"_s);
        }
        if (!manifest) {
            (keep ? out.keptVersions : out.removedVersions).append(said);
            continue;
        }
        if (keep) {
            kept.mark(*manifest, 1);
            if (manifest->timestamp && (!earliestKept || *manifest->timestamp < *earliestKept)) {
                earliestKept = *manifest->timestamp;
            }
            out.keptVersions.append(said);
        } else {
            removed.mark(*manifest, version);
            out.removedVersions.append(said);
        }
    }
    // A branch's versions are its own: every file they read stays, main's included.
    for (const ReferenceIndex::Version &branch : input.branches) {
        kept.mark(branch, 1);
    }
    kept.finish();
    removed.finish();

    const QDateTime safeBefore
        = policy.deleteUnverified ? QDateTime() : input.now.addSecs(-SafetyWindowSeconds);
    QSet<QString> removedManifests;
    for (const api::CleanupVersion &version : std::as_const(out.removedVersions)) {
        const auto manifest = input.main.constFind(version.version);
        if (manifest != input.main.cend()) {
            removedManifests.insert(manifest->manifestPath);
        }
    }
    for (const storage::ObjectMeta &object : input.listing) {
        const QString &path = object.key;
        const Kind kind = ManifestReferences::kindOf(path);
        if (kind == Kind::Other || path.startsWith(u"tree/"_s)) {
            continue; // a branch's own files are its versions' business
        }
        std::optional<qint64> lastUsed;
        bool goes = false;
        if (kind == Kind::Manifest) {
            if (removedManifests.contains(path)) {
                goes = true;
                lastUsed = removed.of(path);
            } else if (path.startsWith(u"_versions/.tmp"_s)) {
                goes = !(safeBefore.isValid() && object.lastModified >= safeBefore);
            }
        } else if (kept.of(path) == 0) {
            // A file a removed version used goes. One no version names may belong to a commit
            // still being written: it goes only when older than the oldest version kept and
            // than the safety window. (Lance applies the first rule to every file, so an old
            // tag keeps every later version's files; a removed version's files are no write's.)
            const bool olderThanKept = !earliestKept || !object.lastModified.isValid()
                                       || object.lastModified < *earliestKept;
            const bool maybeInProgress
                = safeBefore.isValid()
                  && (!object.lastModified.isValid() || object.lastModified >= safeBefore);
            const qint64 usedBy = removed.of(path);
            const bool wasUsed = usedBy != 0;
            if (wasUsed) {
                lastUsed = usedBy;
            }
            goes = wasUsed || (olderThanKept && !maybeInProgress);
            if (!goes) {
                ++out.keptRecent.files;
                out.keptRecent.bytes += object.size;
            }
        }
        if (!goes) {
            continue;
        }
        api::CleanupFile file{path, ManifestReferences::kindName(kind), object.size, lastUsed, {}};
        if (object.lastModified.isValid()) {
            file.modifiedMillis = object.lastModified.toMSecsSinceEpoch();
        }
        out.files.append(file);
        ++out.freed.files;
        out.freed.bytes += object.size;
    }
    std::sort(out.files.begin(), out.files.end(),
              [](const auto &a, const auto &b) { return a.path < b.path; });

    if (!out.removedVersions.isEmpty()) {
        const api::CleanupVersion &newest = out.removedVersions.last();
        out.warnings << tr("A reader that opened version %1 or an older one removed here, and is "
                           "still reading it, fails once its files are gone.")
                            .arg(newest.version);
    }
    if (out.keptRecent.files > 0) {
        out.warnings << (policy.deleteUnverified
                             ? tr("%1 files no version references are newer than the oldest "
                                  "version kept and stay.")
                                   .arg(out.keptRecent.files)
                             : tr("%1 files no version references are newer than the safety "
                                  "window (7 days) or the oldest version kept, and stay: a "
                                  "write may be in progress. Deleting unverified files removes "
                                  "the former too.")
                                   .arg(out.keptRecent.files));
    }
    if (policy.deleteUnverified) {
        out.warnings << tr("Unverified files are deleted too: a write in progress on this table "
                           "would lose its files. Make sure no one writes to it.");
    }

    // The plan's name: what it removes, so that applying it removes exactly this.
    QCryptographicHash digest(QCryptographicHash::Sha256);
    for (const api::CleanupVersion &version : std::as_const(out.removedVersions)) {
        digest.addData(u"v%1;"_s.arg(version.version).toUtf8());
    }
    for (const api::CleanupFile &file : std::as_const(out.files)) {
        digest.addData(u"f%1:%2;"_s.arg(file.path).arg(file.size).toUtf8());
    }
    out.planId = QString::fromLatin1(digest.result().toHex().left(32));
    return out;
}

} // namespace lance::format
