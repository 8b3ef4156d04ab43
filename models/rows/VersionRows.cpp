// SPDX-License-Identifier: Apache-2.0
#include "rows/VersionRows.h"

#include "api/ErrorCode.h"
#include "format/DataFileLayout.h"
#include "rows/DataFileReader.h"
#include "rows/DeletionFileReader.h"
#include "rows/FieldTree.h"
#include "rows/RowIdSequence.h"

#include <QHash>
#include <QtEndian>

#include <algorithm>

using namespace Qt::StringLiterals;
using lance::api::ApiError;

namespace lance::rows {

namespace {

using format::ManifestContents;
using format::ManifestReferences;

// A data file's metadata is nearly always within its last 64 KiB: one read.
constexpr qint64 TailBytes = 64 * 1024;

ApiError storeError(const storage::StorageError &error)
{
    return ApiError::invalidInput(error.message());
}

class Files
{
public:
    Files(storage::ObjectStore &store, const QString &prefix, const ManifestContents &manifest,
          const ManifestReferences::Place &place, const storage::CallControl &control)
        : m_store(store)
        , m_prefix(prefix)
        , m_manifest(manifest)
        , m_place(place)
        , m_control(control)
    {}

    api::Result<QString> keyOf(const std::optional<quint32> &baseId, const QString &folder,
                               const QString &name) const
    {
        auto in = ManifestReferences::folderOf(m_manifest, baseId, folder, m_place);
        if (!in) {
            in = movedRoot(baseId, folder);
        }
        if (!in) {
            return ApiError::catalog(api::ErrorCode::Unsupported,
                                     VersionRows::tr("The file %1 is outside the table's folder, "
                                                     "where this version does not read.")
                                         .arg(name));
        }
        return m_prefix + *in + name;
    }

    // A branch names its table's own root by the path it had when the branch was made: a
    // table copied or moved since names a folder that is not its own any more. Lance's data
    // and deletion files have names no other file has, so the same name under the table's
    // own root is the same file: read there.
    std::optional<QString> movedRoot(const std::optional<quint32> &baseId,
                                     const QString &folder) const
    {
        if (!baseId || m_place.ownRoot.isEmpty()) {
            return std::nullopt;
        }
        const auto named = [](const QString &path) {
            const QStringList parts = path.split(u'/', Qt::SkipEmptyParts);
            return parts.isEmpty() ? QString() : parts.back();
        };
        for (const ManifestContents::BasePath &base : m_manifest.basePaths) {
            if (base.id == *baseId && base.isDatasetRoot
                && named(base.path) == named(m_place.tableRoot)) {
                return folder;
            }
        }
        return std::nullopt;
    }

    api::Result<format::DataFileLayout> layout(const QString &key) const
    {
        // A filter reads a file's columns a window at a time: its layout once.
        if (const auto known = m_layouts.constFind(key); known != m_layouts.cend()) {
            return *known;
        }
        auto read = readLayout(key);
        if (read) {
            m_layouts.insert(key, *read);
        }
        return read;
    }

    api::Result<format::DataFileLayout> readLayout(const QString &key) const
    {
        auto tail = m_store.readRange(key, -TailBytes, TailBytes, m_control);
        if (!tail) {
            return storeError(tail.error());
        }
        const QString name = m_store.uriOf(key).toString();
        const auto size = quint64(tail->meta.size);
        auto start
            = format::DataFileLayout::metadataStart(tail->bytes, quint64(tail->offset), size, name);
        if (!start) {
            return start.error();
        }
        if (*start < quint64(tail->offset)) {
            auto more = m_store.readRange(key, qint64(*start), qint64(size - *start), m_control);
            if (!more) {
                return storeError(more.error());
            }
            return format::DataFileLayout::decode(more->bytes, quint64(more->offset), size, name);
        }
        return format::DataFileLayout::decode(tail->bytes, quint64(tail->offset), size, name);
    }

    DataFileReader::ReadRange ranges(const QString &key) const
    {
        return [this, key](quint64 position, quint64 size) -> api::Result<QByteArray> {
            auto got = m_store.readRange(key, qint64(position), qint64(size), m_control);
            if (!got) {
                return storeError(got.error());
            }
            return got->bytes;
        };
    }

    api::Result<QList<quint32>> deleted(const ManifestContents::Fragment &fragment) const
    {
        if (!fragment.deletion) {
            return QList<quint32>{};
        }
        const QString name = ManifestReferences::deletionFileName(fragment.id, *fragment.deletion);
        auto key = keyOf(fragment.deletion->baseId, u"_deletions/"_s, name);
        if (!key) {
            return key.error();
        }
        auto bytes = m_store.read(*key, m_control);
        if (!bytes) {
            return storeError(bytes.error());
        }
        return DeletionFileReader::decode(bytes->bytes, fragment.deletion->fileType,
                                          m_store.uriOf(*key).toString());
    }

    // The fragment's stable row ids, by physical offset; none where the table has none.
    api::Result<QList<quint64>> rowIds(const ManifestContents::Fragment &fragment) const
    {
        const QString where
            = VersionRows::tr("fragment %1 of version %2").arg(fragment.id).arg(m_manifest.version);
        if (!fragment.externalRowIds) {
            if (!fragment.hasRowIds) {
                return QList<quint64>{};
            }
            return RowIdSequence::decode(fragment.inlineRowIds, fragment.physicalRows, where);
        }
        const ManifestContents::ExternalFile &file = *fragment.externalRowIds;
        // A path under the table's root, never above it or elsewhere.
        if (file.path.isEmpty() || file.path.startsWith(u'/') || file.path.contains(u"://"_s)
            || file.path.split(u'/').contains(u".."_s)) {
            return ApiError::invalidInput(VersionRows::tr("The row ids of %1 are in “%2”, "
                                                          "which is not a file of the table.")
                                              .arg(where, file.path));
        }
        auto key = keyOf(std::nullopt, QString(), file.path);
        if (!key) {
            return key.error();
        }
        if (file.size > quint64(MaxRowIdBytes)) {
            return ApiError::invalidInput(
                VersionRows::tr("The row ids of %1 take %2 bytes, more than this version reads.")
                    .arg(where)
                    .arg(file.size));
        }
        auto bytes = m_store.readRange(*key, qint64(file.offset), qint64(file.size), m_control);
        if (!bytes) {
            return storeError(bytes.error());
        }
        if (quint64(bytes->bytes.size()) != file.size) {
            return ApiError::invalidInput(VersionRows::tr("The row ids of %1 end early in %2.")
                                              .arg(where, m_store.uriOf(*key).toString()));
        }
        return RowIdSequence::decode(bytes->bytes, fragment.physicalRows, where);
    }

private:
    // A fragment's row ids are a few bytes per row at most: 256 MiB is far more than any.
    static constexpr qint64 MaxRowIdBytes = qint64{256} << 20;

    storage::ObjectStore &m_store;
    QString m_prefix;
    const ManifestContents &m_manifest;
    const ManifestReferences::Place &m_place;
    const storage::CallControl &m_control;
    mutable QHash<QString, format::DataFileLayout> m_layouts;
};

// The columns of `fields` at the physical `offsets` (ascending) of `fragment`: each from the
// data file the manifest names for it, nulls where no file of the fragment holds the field.
api::Result<QList<ColumnArray>> readFragment(storage::ObjectStore &store, const Files &files,
                                             const QList<const FieldTree::Node *> &fields,
                                             const ManifestContents::Fragment &fragment,
                                             const QList<qint64> &offsets)
{
    const quint64 physical = fragment.physicalRows;
    const quint64 take = quint64(offsets.size());
    QList<ColumnArray> out;
    if (offsets.isEmpty()) {
        for (const FieldTree::Node *field : fields) {
            out.append(field->emptyArray());
        }
        return out;
    }
    const quint64 first = quint64(offsets.front());
    const quint64 span = quint64(offsets.back()) + 1 - first;
    QList<qint64> within(offsets.size());
    for (qsizetype i = 0; i < offsets.size(); ++i) {
        within[i] = offsets.at(i) - qint64(first);
    }
    QList<std::optional<ColumnArray>> columns(fields.size());
    for (const ManifestContents::DataFile &file : fragment.files) {
        QHash<qint32, qint32> columnOf;
        for (qsizetype i = 0; i < file.fieldIds.size() && i < file.columnIndices.size(); ++i) {
            if (file.fieldIds.at(i) >= 0) {
                columnOf.insert(file.fieldIds.at(i), file.columnIndices.at(i));
            }
        }
        QList<qsizetype> here;
        QList<const FieldTree::Node *> inFile;
        for (qsizetype f = 0; f < fields.size(); ++f) {
            if (columns.at(f)) {
                continue;
            }
            for (const FieldTree::Node *leaf : fields.at(f)->leaves()) {
                if (columnOf.contains(leaf->field.id)) {
                    here.append(f);
                    inFile.append(fields.at(f));
                    break;
                }
            }
        }
        if (inFile.isEmpty()) {
            continue;
        }
        auto key = files.keyOf(file.baseId, u"data/"_s, file.path);
        if (!key) {
            return key.error();
        }
        auto layout = files.layout(*key);
        if (!layout) {
            return layout.error();
        }
        if (layout->rows != physical) {
            return ApiError::invalidInput(VersionRows::tr("The data file %1 holds %2 rows, but its "
                                                          "fragment %3 has %4.")
                                              .arg(store.uriOf(*key).toString())
                                              .arg(layout->rows)
                                              .arg(fragment.id)
                                              .arg(physical));
        }
        auto read = DataFileReader::read(*layout, columnOf, inFile, first, span, files.ranges(*key),
                                         store.uriOf(*key).toString());
        if (!read) {
            return read.error();
        }
        for (qsizetype i = 0; i < here.size(); ++i) {
            columns[here.at(i)] = read->at(i).take(within);
        }
    }
    for (qsizetype f = 0; f < fields.size(); ++f) {
        out.append(columns.at(f) ? *columns.at(f)
                                 : fields.at(f)->emptyArray().nullsLike(qint64(take)));
    }
    return out;
}

// The physical offsets `fragment`'s deletion file removes, checked against its rows; refused
// where the manifest does not count the fragment's rows.
api::Result<QList<quint32>> checkedDeletions(const Files &files, const ManifestContents &manifest,
                                             const ManifestContents::Fragment &fragment)
{
    auto deleted = files.deleted(fragment);
    if (!deleted) {
        return deleted.error();
    }
    const quint64 physical = fragment.physicalRows;
    const bool counted = physical > 0 && (!fragment.deletion || fragment.deletedRows() > 0);
    if (!counted && physical == 0) {
        return ApiError::catalog(api::ErrorCode::Unsupported,
                                 VersionRows::tr("Fragment %1 of version %2 does not count its "
                                                 "rows, which this version needs to read it.")
                                     .arg(fragment.id)
                                     .arg(manifest.version));
    }
    if (!deleted->isEmpty() && deleted->back() >= physical) {
        return ApiError::invalidInput(VersionRows::tr("The deletion file of fragment %1 removes "
                                                      "row %2 of its %3.")
                                          .arg(fragment.id)
                                          .arg(deleted->back())
                                          .arg(physical));
    }
    return deleted;
}

// Appends to `page` the stable row ids at `offsets` of `fragment`, where the table has them.
// A table has them in every fragment or in none; one without them among ones with them is
// refused rather than have `_rowid` mix ids with addresses.
api::Result<void> appendRowIds(const Files &files, const ManifestContents::Fragment &fragment,
                               const QList<qint64> &offsets, VersionRows::Page &page)
{
    const qsizetype before = page.rowAddresses.size() - offsets.size();
    if (!fragment.hasRowIds) {
        if (!page.rowIds.isEmpty()) {
            return ApiError::invalidInput(VersionRows::tr("Fragment %1 has no stable row ids, "
                                                          "where the fragments before it have.")
                                              .arg(fragment.id));
        }
        return {};
    }
    if (page.rowIds.size() != before) {
        return ApiError::invalidInput(VersionRows::tr("Fragment %1 has stable row ids, where "
                                                      "the fragments before it have none.")
                                          .arg(fragment.id));
    }
    auto ids = files.rowIds(fragment);
    if (!ids) {
        return ids.error();
    }
    for (const qint64 offset : offsets) {
        page.rowIds.append(ids->at(offset));
    }
    return {};
}

// Live rows of a fragment whose filter column is read at a time: a window's values stay small,
// and most pages are read once.
constexpr qsizetype FilterWindowRows = 4096;

// The rows of `manifest` that `filter` keeps, after `skip` of them, at most `wanted`: the
// filter's column read window by window through every fragment (so that `totalRows` counts
// every kept row), and `fields` read only at the kept rows answered, window by window, so that
// a read spans no more of a file than the window it is in.
api::Result<void> readFiltered(storage::ObjectStore &store, const Files &files,
                               const ManifestContents &manifest,
                               const QList<const FieldTree::Node *> &fields,
                               const FieldTree::Node *filterField, const RowFilter &filter,
                               quint64 skip, quint64 wanted, VersionRows::Page &out)
{
    for (const ManifestContents::Fragment &fragment : manifest.fragments) {
        auto deleted = checkedDeletions(files, manifest, fragment);
        if (!deleted) {
            return deleted.error();
        }
        QList<QList<qint64>> answered; // a window's kept rows, by physical offset
        QList<qint64> window;
        window.reserve(FilterWindowRows);
        const auto test = [&]() -> api::Result<void> {
            auto values = readFragment(store, files, {filterField}, fragment, window);
            if (!values) {
                return values.error();
            }
            QList<qint64> kept;
            for (const qint64 row : filter.matchingRows(values->front())) {
                ++out.totalRows;
                if (skip > 0) {
                    --skip;
                } else if (wanted > 0) {
                    kept.append(window.at(row));
                    --wanted;
                }
            }
            if (!kept.isEmpty()) {
                answered.append(kept);
            }
            window.clear();
            return {};
        };
        qsizetype nextDeleted = 0;
        for (quint64 p = 0; p < fragment.physicalRows; ++p) {
            if (nextDeleted < deleted->size() && deleted->at(nextDeleted) == p) {
                ++nextDeleted;
                continue;
            }
            window.append(qint64(p));
            if (window.size() == FilterWindowRows) {
                if (auto tested = test(); !tested) {
                    return tested.error();
                }
            }
        }
        if (!window.isEmpty()) {
            if (auto tested = test(); !tested) {
                return tested.error();
            }
        }
        QList<qint64> offsets;
        for (const QList<qint64> &rows : std::as_const(answered)) {
            auto columns = readFragment(store, files, fields, fragment, rows);
            if (!columns) {
                return columns.error();
            }
            for (qsizetype f = 0; f < fields.size(); ++f) {
                out.columns[f].append(columns->at(f));
            }
            offsets.append(rows);
        }
        if (offsets.isEmpty()) {
            continue;
        }
        for (const qint64 offset : std::as_const(offsets)) {
            out.rowAddresses.append((fragment.id << 32) | quint64(offset));
        }
        if (auto stable = appendRowIds(files, fragment, offsets, out); !stable) {
            return stable.error();
        }
    }
    return {};
}

} // namespace

ColumnArray VersionRows::Page::rowIdColumn() const
{
    ColumnArray out;
    out.name = u"_rowid"_s;
    out.type = *ValueType::parse(u"uint64"_s);
    const QList<quint64> &ids = rowIds.isEmpty() ? rowAddresses : rowIds;
    out.length = ids.size();
    out.values.resize(ids.size() * 8);
    for (qsizetype i = 0; i < ids.size(); ++i) {
        qToLittleEndian<quint64>(ids.at(i), out.values.data() + i * 8);
    }
    return out;
}

api::Result<VersionRows::Page> VersionRows::read(storage::ObjectStore &store, const QString &prefix,
                                                 const ManifestContents &manifest,
                                                 const ManifestReferences::Place &place,
                                                 const Request &request,
                                                 const storage::CallControl &control)
{
    auto tree = FieldTree::build(manifest.fields);
    if (!tree) {
        return tree.error();
    }
    QList<const FieldTree::Node *> fields;
    if (request.columns.isEmpty()) {
        for (const FieldTree::Node &node : tree->topLevel) {
            fields.append(&node);
        }
    } else {
        for (const QString &name : request.columns) {
            const FieldTree::Node *node = tree->find(name);
            if (!node) {
                return ApiError::catalog(
                    api::ErrorCode::TableColumnNotFound,
                    tr("Version %1 has no column “%2”.").arg(manifest.version).arg(name));
            }
            fields.append(node);
        }
    }
    const Files files(store, prefix, manifest, place, control);
    Page out;
    out.offset = request.offset;
    for (const FieldTree::Node *field : std::as_const(fields)) {
        out.columns.append(field->emptyArray());
    }
    if (request.filter) {
        const FieldTree::Node *tested = tree->find(request.filter->column());
        if (!tested) {
            return ApiError::catalog(api::ErrorCode::TableColumnNotFound,
                                     tr("Version %1 has no column “%2”.")
                                         .arg(manifest.version)
                                         .arg(request.filter->column()));
        }
        // A filter parsed against another version's schema would read values as another type.
        if (tested->type.spelling != request.filter->type().spelling) {
            return ApiError::invalidInput(
                tr("The filter was read for column “%1” as %2, but "
                   "version %3 holds it as %4.")
                    .arg(request.filter->column(), request.filter->type().spelling)
                    .arg(manifest.version)
                    .arg(tested->type.spelling));
        }
        if (auto read = readFiltered(store, files, manifest, fields, tested, *request.filter,
                                     request.offset, request.limit, out);
            !read) {
            return read.error();
        }
        return out;
    }
    quint64 skip = request.offset;
    quint64 wanted = request.limit;
    for (const ManifestContents::Fragment &fragment : manifest.fragments) {
        // The manifest counts a fragment's rows and deletions; the deletion file is read only
        // when rows of the fragment are.
        const quint64 physical = fragment.physicalRows;
        const bool counted = physical > 0 && (!fragment.deletion || fragment.deletedRows() > 0);
        quint64 live = counted ? quint64(fragment.liveRows()) : 0;
        const bool needed = wanted > 0 && (!counted || skip < live);
        if (!needed) {
            out.totalRows += live;
            skip -= std::min(skip, live);
            continue;
        }
        auto deleted = checkedDeletions(files, manifest, fragment);
        if (!deleted) {
            return deleted.error();
        }
        live = physical - quint64(deleted->size());
        out.totalRows += live;
        if (skip >= live) {
            skip -= live;
            continue;
        }
        // The physical offsets of live rows [skip, skip + take).
        const quint64 take = std::min(wanted, live - skip);
        QList<qint64> offsets;
        offsets.reserve(qsizetype(take));
        qsizetype nextDeleted = 0;
        quint64 seen = 0;
        for (quint64 p = 0; p < physical && quint64(offsets.size()) < take; ++p) {
            if (nextDeleted < deleted->size() && deleted->at(nextDeleted) == p) {
                ++nextDeleted;
                continue;
            }
            if (seen++ >= skip) {
                offsets.append(qint64(p));
            }
        }
        auto columns = readFragment(store, files, fields, fragment, offsets);
        if (!columns) {
            return columns.error();
        }
        for (qsizetype f = 0; f < fields.size(); ++f) {
            out.columns[f].append(columns->at(f));
            out.columns[f].name = fields.at(f)->field.name;
        }
        for (const qint64 offset : std::as_const(offsets)) {
            out.rowAddresses.append((fragment.id << 32) | quint64(offset));
        }
        if (auto stable = appendRowIds(files, fragment, offsets, out); !stable) {
            return stable.error();
        }
        skip = 0;
        wanted -= take;
    }
    return out;
}

} // namespace lance::rows

namespace lance::rows {

api::Result<VersionRows::Page>
VersionRows::readAt(storage::ObjectStore &store, const QString &prefix,
                    const ManifestContents &manifest, const ManifestReferences::Place &place,
                    const QList<quint64> &addresses, const QStringList &columns,
                    const storage::CallControl &control)
{
    auto tree = FieldTree::build(manifest.fields);
    if (!tree) {
        return tree.error();
    }
    QList<const FieldTree::Node *> fields;
    for (const FieldTree::Node &node : tree->topLevel) {
        if (columns.isEmpty() || columns.contains(node.field.name)) {
            fields.append(&node);
        }
    }
    const Files files(store, prefix, manifest, place, control);
    Page out;
    for (const FieldTree::Node *field : std::as_const(fields)) {
        out.columns.append(field->emptyArray());
    }
    for (qsizetype at = 0; at < addresses.size();) {
        const quint64 fragmentId = addresses.at(at) >> 32;
        QList<qint64> offsets;
        for (; at < addresses.size() && (addresses.at(at) >> 32) == fragmentId; ++at) {
            offsets.append(qint64(addresses.at(at) & 0xffffffffu));
        }
        const auto found = std::find_if(
            manifest.fragments.cbegin(), manifest.fragments.cend(),
            [&](const ManifestContents::Fragment &fragment) { return fragment.id == fragmentId; });
        if (found == manifest.fragments.cend() || quint64(offsets.back()) >= found->physicalRows) {
            return ApiError::invalidInput(tr("Version %1 has no row %2 in a fragment %3.")
                                              .arg(manifest.version)
                                              .arg(offsets.back())
                                              .arg(fragmentId));
        }
        auto read = readFragment(store, files, fields, *found, offsets);
        if (!read) {
            return read.error();
        }
        for (qsizetype f = 0; f < fields.size(); ++f) {
            out.columns[f].append(read->at(f));
            out.columns[f].name = fields.at(f)->field.name;
        }
        for (const qint64 offset : std::as_const(offsets)) {
            out.rowAddresses.append((fragmentId << 32) | quint64(offset));
        }
        if (auto stable = appendRowIds(files, *found, offsets, out); !stable) {
            return stable.error();
        }
    }
    return out;
}

api::Result<QList<quint64>> VersionRows::rowIds(storage::ObjectStore &store, const QString &prefix,
                                                const ManifestContents &manifest,
                                                const ManifestReferences::Place &place,
                                                const ManifestContents::Fragment &fragment,
                                                const storage::CallControl &control)
{
    return Files(store, prefix, manifest, place, control).rowIds(fragment);
}

api::Result<QList<quint32>> VersionRows::deletedRows(storage::ObjectStore &store,
                                                     const QString &prefix,
                                                     const ManifestContents &manifest,
                                                     const ManifestReferences::Place &place,
                                                     const ManifestContents::Fragment &fragment,
                                                     const storage::CallControl &control)
{
    return Files(store, prefix, manifest, place, control).deleted(fragment);
}

} // namespace lance::rows
