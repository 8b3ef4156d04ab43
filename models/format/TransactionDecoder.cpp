// SPDX-License-Identifier: Apache-2.0
#include "format/TransactionDecoder.h"

#include "format/ManifestReader.h"
#include "format/WireMessage.h"

#include <QDir>

#include <utility>

using lance::api::ApiError;

namespace lance::format {

namespace {

using Field = WireMessage::Field;
using Operation = TransactionContents::Operation;

constexpr quint32 FirstOperation = 100;
constexpr quint32 LastKnownOperation = 116;

// Counts the entries of repeated message field `number` without decoding them; they are
// fragments, fields or indices whose own contents the version's manifest holds anyway.
void readPayload(WireMessage payload, TransactionContents &out)
{
    QList<quint64> ids;
    while (const std::optional<Field> field = payload.next()) {
        const quint32 n = field->number;
        const auto entry = [&] {
            (void)payload.bytes(*field);
            return 1;
        };
        switch (out.operation) {
        case Operation::Append:
            out.newFragments += n == 1 ? entry() : 0;
            break;
        case Operation::Delete:
            if (n == 1) {
                out.updatedFragments += entry();
            } else if (n == 2) {
                ids.clear();
                payload.appendUInt64s(*field, ids);
                out.removedFragments += ids.size();
            } else if (n == 3) {
                out.predicate = payload.text(*field);
            }
            break;
        case Operation::Overwrite:
        case Operation::Merge:
            out.newFragments += n == 1 ? entry() : 0;
            out.schemaFields += n == 2 ? entry() : 0;
            break;
        case Operation::CreateIndex:
            out.newIndices += n == 1 ? entry() : 0;
            out.removedIndices += n == 2 ? entry() : 0;
            break;
        case Operation::Rewrite:
            out.rewriteGroups += n == 3 ? entry() : 0;
            break;
        case Operation::Restore:
            if (n == 1) {
                out.restoredVersion = payload.uint64(*field);
            }
            break;
        case Operation::Update:
            if (n == 1) {
                ids.clear();
                payload.appendUInt64s(*field, ids);
                out.removedFragments += ids.size();
            } else if (n == 2) {
                out.updatedFragments += entry();
            } else if (n == 3) {
                out.newFragments += entry();
            } else if (n == 7) {
                out.updateMode = payload.uint64(*field);
            }
            break;
        case Operation::Project:
            out.schemaFields += n == 1 ? entry() : 0;
            break;
        default:
            return; // payloads of other operations are not read
        }
    }
}

} // namespace

api::Result<TransactionContents> TransactionDecoder::decode(QByteArrayView message,
                                                            const QString &name)
{
    WireMessage::Problem problem;
    WireMessage transaction(message, tr("The transaction %1").arg(name), problem);
    TransactionContents out;
    while (const std::optional<Field> field = transaction.next()) {
        const quint32 n = field->number;
        if (n == 1) {
            out.readVersion = transaction.uint64(*field);
        } else if (n == 2) {
            out.uuid = transaction.text(*field);
        } else if (n == 3) {
            out.tag = transaction.text(*field);
        } else if (n == 4) {
            transaction.insertMapEntry(*field, out.properties);
        } else if (n >= FirstOperation && field->wireType == 2) {
            // A oneof: the last operation on the wire is the one that counts.
            TransactionContents fresh;
            fresh.readVersion = out.readVersion;
            fresh.uuid = out.uuid;
            fresh.tag = out.tag;
            fresh.properties = out.properties;
            out = std::move(fresh);
            out.operationField = n;
            out.operation
                = n <= LastKnownOperation ? static_cast<Operation>(n) : Operation::Unknown;
            readPayload(transaction.nested(*field, tr("The %1 operation of the transaction %2")
                                                       .arg(out.operationName(), name)),
                        out);
        }
    }
    if (problem.text) {
        return ApiError::invalidInput(*problem.text);
    }
    return out;
}

api::Result<TransactionContents> TransactionDecoder::readFile(const QString &path)
{
    const api::Result<QByteArray> bytes = ManifestReader::readBytes(path, MaxFileBytes);
    if (!bytes) {
        return bytes.error();
    }
    return decode(*bytes, QDir::toNativeSeparators(path));
}

} // namespace lance::format
