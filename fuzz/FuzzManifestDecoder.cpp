// SPDX-License-Identifier: Apache-2.0
// libFuzzer target: ManifestDecoder::decode on arbitrary bytes, then the transaction the
// manifest holds, and TransactionDecoder::decode on the same bytes as a `.txn` file would give
// them. Besides crashes and what the sanitizers catch, it aborts when an answer breaks the
// contract: totals that contradict the fragments, an inline transaction outside the file, or
// a refusal that is not one sentence naming the input. Each decoded manifest is also compared
// with nothing and with itself (VersionDiffer), and the reports are written out. What the
// catalog writes from a manifest (a restore of it, the first manifest of a branch at it) must
// decode again, with the version and base paths it was written to have.
#include "format/ManifestBrancher.h"
#include "format/ManifestDecoder.h"
#include "format/ManifestRestorer.h"
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

// The catalog's own writers on the fuzzed manifest: refused cleanly, or bytes that decode.
void checkWriters(QByteArrayView bytes, const format::ManifestContents &contents,
                  const QString &name)
{
    const QString uuid = QStringLiteral("00000000-0000-0000-0000-000000000000");
    const auto branched = format::ManifestBrancher::branch(
        {bytes, name, std::nullopt, QStringLiteral("/data/t.lance")}, QStringLiteral("fuzz"), uuid,
        std::chrono::seconds(1));
    checkRefusal(branched, name);
    if (branched) {
        const auto again = format::ManifestDecoder::decode(branched->manifest, name);
        if (!again || again->version != contents.version
            || again->basePaths.size() != contents.basePaths.size() + 1
            || again->branch != QStringLiteral("fuzz")
            || again->fragments.size() != contents.fragments.size()) {
            broken("a branch manifest that does not decode as the branch it was written to be");
        }
    }
    const auto restored = format::ManifestRestorer::restore(bytes, name, bytes, name, uuid,
                                                            std::chrono::seconds(1));
    checkRefusal(restored, name);
    if (restored) {
        const auto again = format::ManifestDecoder::decode(restored->manifest, name);
        if (!again || again->version != contents.version + 1
            || again->fragments.size() != contents.fragments.size()) {
            broken("a restored manifest that does not decode as the version it was written to be");
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
        checkWriters(bytes, *contents, manifestName);
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
