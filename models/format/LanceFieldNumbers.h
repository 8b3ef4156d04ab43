// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QtGlobal>

#include <array>

// The field numbers of Lance's protobuf messages that the readers and writers here name, each
// once, as lance-format/lance numbers them in protos/table.proto and protos/transaction.proto
// (google.protobuf.Timestamp's from its own proto). A decoder that walks a whole message
// (ManifestDecoder, TransactionDecoder) keeps its own table beside the fields it decodes.
namespace lance::format {

/// lance.table.Manifest
struct ManifestFields
{
    static constexpr quint32 Fragments = 2;
    static constexpr quint32 Version = 3;
    static constexpr quint32 IndexSection = 6;
    static constexpr quint32 Timestamp = 7;
    static constexpr quint32 ReaderFlags = 9;
    static constexpr quint32 WriterFlags = 10;
    static constexpr quint32 MaxFragmentId = 11;
    static constexpr quint32 TransactionFile = 12;
    static constexpr quint32 NextRowId = 14;
    static constexpr quint32 BasePaths = 18;
    static constexpr quint32 Branch = 20;
    static constexpr quint32 TransactionSection = 21;
};

/// lance.table.DataFragment
struct FragmentFields
{
    static constexpr quint32 Files = 2;
    static constexpr quint32 DeletionFile = 3;
    /// Where the fragment keeps its row ids or row versions in files of their own (external
    /// sequences).
    static constexpr std::array<quint32, 3> ExternalSequences{6, 8, 10};
};

/// lance.table.DataFile and lance.table.DeletionFile, which number it alike.
struct DataFileFields
{
    static constexpr quint32 BaseId = 7;
};

/// lance.table.IndexSection and lance.table.IndexMetadata
struct IndexFields
{
    static constexpr quint32 SectionIndices = 1;
    static constexpr quint32 BaseId = 9;
};

/// lance.table.BasePath
struct BasePathFields
{
    static constexpr quint32 Id = 1;
    static constexpr quint32 Name = 2;
    static constexpr quint32 IsDatasetRoot = 3;
    static constexpr quint32 Path = 4;
};

/// lance.table.Transaction, and the operations written here.
struct TransactionFields
{
    static constexpr quint32 ReadVersion = 1;
    static constexpr quint32 Uuid = 2;
    static constexpr quint32 Restore = 106;
    static constexpr quint32 Clone = 113;
};

/// lance.table.Transaction.Restore
struct RestoreFields
{
    static constexpr quint32 Version = 1;
};

/// lance.table.Transaction.Clone
struct CloneFields
{
    static constexpr quint32 IsShallow = 1;
    static constexpr quint32 RefName = 2;
    static constexpr quint32 RefVersion = 3;
    static constexpr quint32 RefPath = 4;
    static constexpr quint32 BranchName = 5;
};

/// google.protobuf.Timestamp
struct TimestampFields
{
    static constexpr quint32 Seconds = 1;
    static constexpr quint32 Nanos = 2;
};

} // namespace lance::format
