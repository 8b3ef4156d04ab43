// SPDX-License-Identifier: Apache-2.0
// libFuzzer target: ManifestReader::parse on arbitrary bytes, as a dropped file delivers them.
// Besides crashes and what the sanitizers catch, it aborts when an answer breaks the contract:
// facts for other bytes than given, an invalid time, or a refusal without its sentence.
#include "format/ManifestReader.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>

using lance::format::ManifestReader;

namespace {

[[noreturn]] void broken(const char *what)
{
    std::fprintf(stderr, "fuzz_manifest_reader: %s\n", what);
    std::abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const QByteArrayView bytes(data, qsizetype(size));
    const lance::api::Result<ManifestReader::Facts> facts = ManifestReader::parse(bytes);
    if (facts) {
        if (facts->size != qsizetype(size)) {
            broken("facts report another size than the bytes given");
        }
        if (facts->timestamp && !facts->timestamp->isValid()) {
            broken("an invalid timestamp was accepted");
        }
        return 0;
    }
    const lance::api::ApiError &error = facts.error();
    if (error.kind() != lance::api::ApiError::Kind::InvalidInput) {
        broken("refused with another kind than InvalidInput");
    }
    if (!error.userMessage().startsWith(QStringLiteral("The file "))
        || !error.userMessage().endsWith(u'.')) {
        broken("refused without a sentence about the file");
    }
    return 0;
}
