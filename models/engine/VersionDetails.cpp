// SPDX-License-Identifier: Apache-2.0
#include "engine/VersionDetails.h"

#include "api/VersionFacts.h"
#include "engine/ConcurrentEach.h"
#include "format/ArrowSchemaConverter.h"
#include "format/LocalPaths.h"
#include "format/ManifestDecoder.h"
#include "format/ManifestFiles.h"
#include "format/ManifestReader.h"
#include "format/TransactionDecoder.h"

#include <QCache>
#include <QDir>
#include <QFileInfo>
#include <QMutex>

#include <algorithm>
#include <vector>

using namespace Qt::StringLiterals;
using lance::api::ApiError;

namespace lance::engine {

namespace {

// Entries cost their fragments: a few large manifests or many small ones, some megabytes.
constexpr qsizetype CacheCost = 200'000;

struct Cache
{
    QMutex mutex;
    QCache<QString, VersionDetails::Facts> entries{CacheCost};
};

// What annotate() adds to a version of a table on a store, by manifest path and the e-tag the
// version was recorded with: some hundred bytes an entry, where the manifest itself (cache())
// can be a hundred kilobytes, so a listing of thousands of versions stays whole in memory.
struct AnnotationCache
{
    QMutex mutex;
    QCache<QString, api::StringMap> entries{100'000};
};

AnnotationCache &annotations()
{
    static AnnotationCache instance;
    return instance;
}

Cache &cache()
{
    static Cache instance;
    return instance;
}

// The transaction: the manifest's own copy, else the file it names beside `_versions/`, which
// `readExternal` reads by its name (the manifest's folder differs: a disk, a store).
template <typename ReadExternal>
std::optional<format::TransactionContents>
transactionOf(QByteArrayView bytes, const format::ManifestContents &manifest, const QString &path,
              ReadExternal readExternal)
{
    const auto inlined = format::ManifestDecoder::inlineTransaction(bytes, manifest, path);
    if (inlined && !inlined->isEmpty()) {
        if (auto decoded = format::TransactionDecoder::decode(*inlined, path)) {
            return std::move(*decoded);
        }
    }
    if (manifest.transactionFile.isEmpty() || manifest.transactionFile.contains(u'/')) {
        return std::nullopt;
    }
    if (auto decoded = readExternal(manifest.transactionFile)) {
        return std::move(*decoded);
    }
    return std::nullopt;
}

// The bytes of a manifest on a store: its tail first, which holds the whole of a manifest of
// ordinary size (one request; a suffix range costs no more than the object is long); the rest
// before it only for a larger one. A manifest grows some 100 bytes a fragment: 1 MiB holds
// one of about 10,000 fragments.
constexpr qint64 TailBytes = 1024 * 1024;

storage::StorageResult<QByteArray> readManifestObject(storage::ObjectStore &store,
                                                      const QString &key)
{
    const storage::CallControl control;
    auto tail = store.readRange(key, -1, TailBytes, control);
    if (!tail) {
        return tail.error();
    }
    if (tail->offset == 0) {
        return tail->bytes;
    }
    if (tail->offset + tail->bytes.size() > format::ManifestReader::DefaultMaxBytes) {
        return storage::StorageError(storage::StorageError::Kind::Unexpected,
                                     store.uriOf(key).toString(), store.describe())
            .withDetail(VersionDetails::tr("larger than a Lance manifest can be"));
    }
    auto head = store.readRange(key, 0, tail->offset, control);
    if (!head) {
        return head.error();
    }
    return head->bytes + tail->bytes;
}

// A record whose manifest holds another version (a staged file named for the wrong one).
ApiError mislabelled(const QString &path, quint64 inside, qint64 recorded)
{
    return ApiError::invalidInput(VersionDetails::tr("The manifest %1 is of version %2, not %3.")
                                      .arg(QDir::toNativeSeparators(path))
                                      .arg(inside)
                                      .arg(recorded));
}

// The manifest in `bytes`, read from `name`, and the transaction that made it.
template <typename ReadExternal>
api::Result<VersionDetails::Facts> decodeFacts(const QByteArray &bytes, const QString &name,
                                               ReadExternal readExternal)
{
    api::Result<format::ManifestContents> manifest = format::ManifestDecoder::decode(bytes, name);
    if (!manifest) {
        return manifest.error();
    }
    VersionDetails::Facts facts{std::move(*manifest), std::nullopt};
    facts.transaction = transactionOf(bytes, facts.manifest, name, readExternal);
    facts.transactionUnread = !facts.transaction && !facts.manifest.transactionFile.isEmpty()
                              && !facts.manifest.transactionFile.contains(u'/');
    return facts;
}

// The facts cached under `key`, else what `load` reads, cached whatever version it holds (the
// file is what it is, asked for as any version); refused when that is not `version`.
template <typename Load>
api::Result<VersionDetails::Facts> cachedFacts(const QString &key, const QString &name,
                                               qint64 version, Load load)
{
    std::optional<VersionDetails::Facts> facts;
    {
        const QMutexLocker lock(&cache().mutex);
        if (const VersionDetails::Facts *known = cache().entries.object(key)) {
            facts = *known;
        }
    }
    if (!facts) {
        api::Result<VersionDetails::Facts> loaded = load();
        if (!loaded) {
            return loaded.error();
        }
        facts = std::move(*loaded);
        if (!facts->transactionUnread) {
            const QMutexLocker lock(&cache().mutex);
            cache().entries.insert(key, new VersionDetails::Facts(*facts),
                                   1 + facts->manifest.fragments.size());
        }
    }
    if (facts->manifest.version != quint64(version)) {
        return mislabelled(name, facts->manifest.version, version);
    }
    return std::move(*facts);
}

} // namespace

api::Result<VersionDetails::Facts> VersionDetails::read(const api::TableVersion &version,
                                                        const TableStores::Table *table)
{
    if (table) {
        return readFromStore(version, *table);
    }
    const std::optional<QString> path = format::LocalPaths::manifestFile(version.manifestPath);
    if (!path) {
        return ApiError::invalidInput(tr("The manifest %1 is not on a disk this catalog can read.")
                                          .arg(version.manifestPath));
    }
    // stat() through ManifestFiles, not QFileInfo::lastModified(): that converts to local time,
    // which is not safe from several threads at once (glibc's tzset under Qt's mktime).
    const std::optional<format::ManifestFiles::Facts> file = format::ManifestFiles::stat(*path);
    if (!file) {
        return ApiError::invalidInput(tr("The manifest %1 does not exist.").arg(*path));
    }
    const QString key = u"%1\n%2"_s.arg(*path, file->eTag); // inode, time and size
    return cachedFacts(key, *path, version.version, [&]() -> api::Result<Facts> {
        const api::Result<QByteArray> bytes = format::ManifestReader::readBytes(*path);
        if (!bytes) {
            return bytes.error();
        }
        return decodeFacts(
            *bytes, QDir::toNativeSeparators(*path), [&](const QString &transactionFile) {
                return format::TransactionDecoder::readFile(QFileInfo(*path).dir().absoluteFilePath(
                    u"../_transactions/"_s + transactionFile));
            });
    });
}

api::Result<VersionDetails::Facts> VersionDetails::readFromStore(const api::TableVersion &version,
                                                                 const TableStores::Table &table)
{
    const std::optional<QString> key = TableStores::keyOf(table, version.manifestPath);
    if (!key) {
        return ApiError::invalidInput(tr("The manifest %1 is not in the store of its table %2.")
                                          .arg(version.manifestPath, table.uri.toString()));
    }
    const QString uri = table.store->uriOf(*key).toString();
    // A manifest is never rewritten: the e-tag recorded with the version names its bytes, and
    // only a record without one costs a stat.
    QString eTag = version.eTag.value_or(QString());
    if (eTag.isEmpty()) {
        auto meta = table.store->stat(*key, storage::CallControl());
        if (!meta) {
            return ApiError::invalidInput(meta.error().message());
        }
        eTag = meta->eTag;
    }
    const QString cacheKey = u"%1\n%2"_s.arg(uri, eTag);
    return cachedFacts(cacheKey, uri, version.version, [&]() -> api::Result<Facts> {
        auto bytes = readManifestObject(*table.store, *key);
        if (!bytes) {
            return ApiError::invalidInput(bytes.error().message());
        }
        return decodeOnStore(*bytes, *key, table);
    });
}

api::Result<VersionDetails::Facts> VersionDetails::decodeOnStore(const QByteArray &bytes,
                                                                 const QString &key,
                                                                 const TableStores::Table &table)
{
    // `_transactions/` beside `_versions/`, in the table's (or the branch's) folder.
    const QString tableFolder = key.section(u'/', 0, -3);
    return decodeFacts(bytes, table.store->uriOf(key).toString(),
                       [&](const QString &file) -> std::optional<format::TransactionContents> {
                           const QString transactionKey
                               = (tableFolder.isEmpty() ? QString() : tableFolder + u'/')
                                 + u"_transactions/"_s + file;
                           auto object = table.store->read(transactionKey, storage::CallControl());
                           if (!object) {
                               return std::nullopt;
                           }
                           auto decoded = format::TransactionDecoder::decode(
                               object->bytes, table.store->uriOf(transactionKey).toString());
                           return decoded ? std::optional(std::move(*decoded)) : std::nullopt;
                       });
}

api::StringMap VersionDetails::summary(const Facts &facts)
{
    api::StringMap found = facts.manifest.totals().toMetadata();
    if (facts.transaction) {
        found.insert(QString::fromLatin1(api::VersionFacts::Operation),
                     facts.transaction->operationName());
        const QString message = facts.transaction->commitMessage();
        if (!message.isEmpty()) {
            found.insert(QString::fromLatin1(api::VersionFacts::CommitMessage), message);
        }
    }
    if (const QString writer = facts.manifest.writer(); !writer.isEmpty()) {
        found.insert(QString::fromLatin1(api::VersionFacts::Writer), writer);
    }
    return found;
}

void VersionDetails::fillIn(api::TableVersion &version, const api::StringMap &facts)
{
    // What the writer recorded itself wins: the facts fill in, they do not overwrite.
    for (auto it = facts.cbegin(); it != facts.cend(); ++it) {
        if (!version.metadata.contains(it.key())) {
            version.metadata.insert(it.key(), it.value());
        }
    }
}

void VersionDetails::remember(const api::TableVersion &version, const api::StringMap &facts)
{
    if (const QString key = annotationKey(version); !key.isEmpty()) {
        const QMutexLocker lock(&annotations().mutex);
        annotations().entries.insert(key, new api::StringMap(facts));
    }
}

std::optional<api::StringMap> VersionDetails::remembered(const api::TableVersion &version)
{
    const QString key = annotationKey(version);
    if (key.isEmpty()) {
        return std::nullopt;
    }
    const QMutexLocker lock(&annotations().mutex);
    const api::StringMap *known = annotations().entries.object(key);
    return known ? std::optional(*known) : std::nullopt;
}

QString VersionDetails::annotationKey(const api::TableVersion &version)
{
    // A manifest is never rewritten: its path, the e-tag it was recorded with and the version
    // name its bytes.
    if (!version.eTag || version.eTag->isEmpty()) {
        return {};
    }
    return u"%1\n%2\n%3"_s.arg(version.manifestPath, *version.eTag).arg(version.version);
}

void VersionDetails::describe(const Facts &facts, api::DescribeTableResponse &response)
{
    const format::ManifestContents::Totals totals = facts.manifest.totals();
    response.version = qint64(facts.manifest.version);
    response.schema = format::ArrowSchemaConverter::convert(facts.manifest);
    // The spec's TableBasicStats has two counts; deleted rows as Lance's summary counts them.
    response.stats = api::TableBasicStats{totals.deletionFileRows, totals.fragments};
    response.metadata = totals.toMetadata();
    if (const QString writer = facts.manifest.writer(); !writer.isEmpty()) {
        response.metadata.insert(QString::fromLatin1(api::VersionFacts::Writer), writer);
    }
    if (const QString format = facts.manifest.dataFormatText(); !format.isEmpty()) {
        response.metadata.insert(QString::fromLatin1(api::VersionFacts::DataFormat), format);
    }
}

void VersionDetails::annotateAll(QList<api::TableVersion> &versions,
                                 const TableStores::Table *table)
{
    // Requests in flight at once: at 20 ms a round trip, 32 read a thousand manifests in well
    // under a second.
    constexpr qsizetype MaxReaders = 32;
    api::TableVersion *first = versions.data(); // detached here, before any thread starts
    concurrentEach(versions.size(), table ? MaxReaders : 1,
                   [&](qsizetype index) { annotate(first[index], table); });
}

void VersionDetails::annotate(api::TableVersion &version, const TableStores::Table *table)
{
    // Where the catalog cannot look (a store it has no access to) the record stays as it was
    // given. A manifest that is missing or damaged says why, so that the gap is explained.
    if (!table && !format::LocalPaths::manifestFile(version.manifestPath)) {
        return;
    }
    // Only on a store: a local file's name and e-tag are checked by read() (a copied catalog
    // can hold another file under the same path).
    const QString key = table ? annotationKey(version) : QString();
    if (!key.isEmpty()) {
        const QMutexLocker lock(&annotations().mutex);
        if (const api::StringMap *known = annotations().entries.object(key)) {
            fillIn(version, *known);
            return;
        }
    }
    const api::Result<Facts> facts = read(version, table);
    if (!facts) {
        version.metadata.insert(QString::fromLatin1(api::VersionFacts::Unreadable),
                                facts.error().userMessage());
        return;
    }
    api::StringMap found = summary(*facts);
    fillIn(version, found);
    if (!key.isEmpty() && !facts->transactionUnread) {
        const QMutexLocker lock(&annotations().mutex);
        annotations().entries.insert(key, new api::StringMap(std::move(found)));
    }
}

} // namespace lance::engine
