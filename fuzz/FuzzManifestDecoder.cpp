// SPDX-License-Identifier: Apache-2.0
// libFuzzer target: ManifestDecoder::decode on arbitrary bytes, then the transaction the
// manifest holds, and TransactionDecoder::decode on the same bytes as a `.txn` file would give
// them. Besides crashes and what the sanitizers catch, it aborts when an answer breaks the
// contract: totals that contradict the fragments, an inline transaction outside the file, or
// a refusal that is not one sentence naming the input. Each decoded manifest is also compared
// with nothing and with itself (VersionDiffer), and the reports are written out.
#include "format/ManifestDecoder.h"
#include "format/TransactionDecoder.h"
#include "format/VersionDiffReport.h"
#include "format/VersionDiffer.h"

#include <QJsonDocument>

#include <cstdint>
#include <cstdio>
#include <cstdlib>

using namespace lance;

namespace {

[[noreturn]] void broken(const char *what)
{
    std::fprintf(stderr, "fuzz_manifest_decoder: %s\n", what);
    std::abort();
}

template <typename T> void checkRefusal(const api::Result<T> &result, const QString &name)
{
    if (result) {
        return;
    }
    if (result.error().kind() != api::ApiError::Kind::InvalidInput) {
        broken("refused with another kind than InvalidInput");
    }
    const QString message = result.error().userMessage();
    if (!message.contains(name) || !message.endsWith(u'.')) {
        broken("refused without a sentence naming the input");
    }
}

void checkTotals(const format::ManifestContents &contents)
{
    const format::ManifestContents::Totals totals = contents.totals();
    if (totals.fragments != contents.fragments.size() || totals.deletionFiles > totals.fragments) {
        broken("totals that contradict the fragments");
    }
    if (totals.toMetadata().size() != 7) {
        broken("version metadata without its seven keys");
    }
}

void checkDiffs(const format::ManifestContents &contents)
{
    const format::ManifestContents empty;
    const format::VersionDiffReport grown(format::VersionDiffer::compare(empty, contents));
    if (grown.diff().fragmentsAdded != contents.fragments.size() || grown.diff().fragmentsRemoved) {
        broken("a diff from nothing that does not add every fragment");
    }
    const format::VersionDiffReport same(format::VersionDiffer::compare(contents, contents));
    if (same.diff().rowsDeleted || same.diff().fragmentsRemoved > same.diff().fragmentsAdded
        || !same.diff().addedFields.isEmpty() || !same.diff().config.isEmpty()) {
        broken("a manifest that differs from itself");
    }
    for (const format::VersionDiffReport *report : {&grown, &same}) {
        if (report->text().isEmpty() || !QJsonDocument::fromJson(report->json()).isObject()) {
            broken("a diff report that is empty or not a JSON object");
        }
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const QByteArrayView bytes(data, qsizetype(size));
    const QString manifestName = QStringLiteral("fuzzed.manifest");
    const auto contents = format::ManifestDecoder::decode(bytes, manifestName);
    checkRefusal(contents, manifestName);
    if (contents) {
        checkTotals(*contents);
        checkDiffs(*contents);
        const auto inlined
            = format::ManifestDecoder::inlineTransaction(bytes, *contents, manifestName);
        checkRefusal(inlined, manifestName);
        if (inlined) {
            if (!inlined->isEmpty()
                && (inlined->data() < bytes.data()
                    || inlined->data() + inlined->size() > bytes.data() + bytes.size())) {
                broken("an inline transaction outside the file");
            }
            checkRefusal(format::TransactionDecoder::decode(*inlined, manifestName), manifestName);
        }
    }
    const QString txnName = QStringLiteral("fuzzed.txn");
    const auto transaction = format::TransactionDecoder::decode(bytes, txnName);
    checkRefusal(transaction, txnName);
    if (transaction && transaction->operationName().isEmpty()
        && transaction->operation != format::TransactionContents::Operation::None) {
        broken("an operation without a name");
    }
    return 0;
}
