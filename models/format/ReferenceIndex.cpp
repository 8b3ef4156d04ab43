// SPDX-License-Identifier: Apache-2.0
#include "format/ReferenceIndex.h"

#include "format/ManifestDecoder.h"
#include "format/ProtobufReader.h"

#include <limits>
#include <mutex>

using namespace Qt::StringLiterals;

namespace lance::format {

namespace {

// The fragment's id, which Lance writes first; 0 when it is not there (proto3 leaves out an id
// of 0). Only a key to the fragments seen: the whole message is compared.
quint64 leadingId(QByteArrayView encoded)
{
    ProtobufReader reader(encoded);
    const auto field = reader.next();
    return field && field->number == 1 && field->wireType == 0 ? field->varint : 0;
}

// What a fragment's paths resolve against: the folder naming it, the table's root and the base
// paths of its manifest. Manifests that agree on these resolve the same bytes alike.
QString contextOf(const ManifestContents &manifest, const ManifestReferences::Place &place)
{
    QString context = place.ownRoot + u'\n' + place.tableRoot;
    for (const ManifestContents::BasePath &base : manifest.basePaths) {
        context += u"\n%1:%2:%3"_s.arg(base.id).arg(base.isDatasetRoot ? 1 : 0).arg(base.path);
    }
    return context;
}

} // namespace

std::unique_ptr<ReferenceIndex> ReferenceIndex::clone() const
{
    auto copy = std::make_unique<ReferenceIndex>();
    copy->m_paths = m_paths;
    copy->m_pathIds = m_pathIds;
    copy->m_fragments = m_fragments;
    copy->m_identities = m_identities;
    copy->m_memos = m_memos;
    return copy;
}

std::optional<quint32> ReferenceIndex::pathId(const QString &path) const
{
    const auto found = m_pathIds.constFind(path);
    return found == m_pathIds.cend() ? std::nullopt : std::optional(*found);
}

quint32 ReferenceIndex::intern(const QString &path)
{
    const auto found = m_pathIds.constFind(path);
    if (found != m_pathIds.cend()) {
        return *found;
    }
    const auto id = quint32(m_paths.size());
    m_pathIds.insert(path, id);
    m_paths.append(path);
    return id;
}

api::Result<ReferenceIndex::Version> ReferenceIndex::add(QByteArrayView bytes, const QString &name,
                                                         const ManifestReferences::Place &place,
                                                         ManifestContents *rest)
{
    QList<QByteArrayView> encoded;
    auto contents = ManifestDecoder::decode(
        bytes, name, [&encoded](QByteArrayView fragment) { encoded.append(fragment); });
    if (!contents) {
        return contents.error();
    }
    Version out;
    out.version = qint64(contents->version);
    out.manifestPath = place.manifestPath;
    out.ownRoot = place.ownRoot;
    out.timestamp = contents->timestamp;
    const QString context = contextOf(*contents, place);

    // Fragments seen before, side by side with other readers; then the new ones, alone.
    constexpr quint32 Unseen = std::numeric_limits<quint32>::max();
    out.fragments.resize(encoded.size(), Unseen);
    qsizetype unseen = 0;
    {
        const std::shared_lock read(m_lock);
        if (const auto memo = m_memos.constFind(context); memo != m_memos.cend()) {
            for (qsizetype i = 0; i < encoded.size(); ++i) {
                if (const auto entry = seenBefore(*memo, encoded.at(i))) {
                    out.fragments[i] = *entry;
                } else {
                    ++unseen;
                }
            }
        } else {
            unseen = encoded.size();
        }
    }

    std::unique_lock lock(m_lock);
    Memo &memo = m_memos[context];
    for (qsizetype i = 0; unseen > 0 && i < encoded.size(); ++i) {
        if (out.fragments.at(i) != Unseen) {
            continue;
        }
        --unseen;
        // Another reader may have added it since.
        auto entry = seenBefore(memo, encoded.at(i));
        if (!entry) {
            const auto added = entryOf(encoded.at(i), memo, i, name, *contents, place);
            if (!added) {
                return added.error();
            }
            entry = *added;
        }
        out.fragments[i] = *entry;
    }
    out.files.append(intern(place.manifestPath));
    if (!contents->transactionFile.isEmpty()) {
        out.files.append(intern(place.ownRoot + u"_transactions/"_s + contents->transactionFile));
    }
    for (const ManifestContents::Index &index : std::as_const(contents->indices)) {
        if (index.uuid.isEmpty()) {
            continue;
        }
        if (const auto folder
            = ManifestReferences::folderOf(*contents, index.baseId, u"_indices/"_s, place)) {
            out.indexFolders.append(intern(*folder + index.uuid + u'/'));
        } else {
            ++out.outsideFiles;
        }
    }
    lock.unlock();
    if (rest) {
        *rest = std::move(*contents);
    }
    return out;
}

std::optional<quint32> ReferenceIndex::seenBefore(const Memo &memo, QByteArrayView encoded)
{
    const auto seen = memo.constFind(leadingId(encoded));
    if (seen == memo.cend()) {
        return std::nullopt;
    }
    for (const Seen &each : *seen) {
        if (each.encoded == encoded) {
            return each.entry;
        }
    }
    return std::nullopt;
}

api::Result<quint32> ReferenceIndex::entryOf(QByteArrayView encoded, Memo &memo, qsizetype index,
                                             const QString &name, const ManifestContents &manifest,
                                             const ManifestReferences::Place &place)
{
    const auto decoded = ManifestDecoder::decodeFragment(encoded, index, name);
    if (!decoded) {
        return decoded.error();
    }
    Fragment entry;
    entry.id = decoded->id;
    entry.physicalRows = qint64(decoded->physicalRows);
    entry.deletedRows = decoded->deletedRows();
    const auto add = [&](const std::optional<quint32> &baseId, const QString &folder,
                         const QString &fileName) {
        if (const auto under = ManifestReferences::folderOf(manifest, baseId, folder, place)) {
            entry.files.append(intern(*under + fileName));
        } else {
            ++entry.outsideFiles;
        }
    };
    for (const ManifestContents::DataFile &file : decoded->files) {
        add(file.baseId, u"data/"_s, file.path);
    }
    if (decoded->deletion) {
        add(decoded->deletion->baseId, u"_deletions/"_s,
            ManifestReferences::deletionFileName(decoded->id, *decoded->deletion));
    }
    // A fragment is its first data file, wherever the version names it from: the same file in
    // two versions is one fragment, whose deletions only grow.
    QString identity = place.ownRoot + u'#' + QString::number(decoded->id);
    if (!decoded->files.isEmpty()) {
        const ManifestContents::DataFile &file = decoded->files.first();
        identity = ManifestReferences::folderOf(manifest, file.baseId, u"data/"_s, place)
                       .value_or(u"outside:"_s)
                   + file.path;
    }
    const auto known = m_identities.constFind(identity);
    entry.identity = known != m_identities.cend() ? *known : quint32(m_identities.size());
    if (known == m_identities.cend()) {
        m_identities.insert(identity, entry.identity);
    }
    const auto number = quint32(m_fragments.size());
    m_fragments.append(std::move(entry));
    memo[leadingId(encoded)].append({encoded.toByteArray(), number});
    return number;
}

} // namespace lance::format
