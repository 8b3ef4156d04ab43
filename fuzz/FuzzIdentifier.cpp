// SPDX-License-Identifier: Apache-2.0
// libFuzzer target: api::Identifier::parse with a delimiter taken from the input. The bytes up
// to the first newline are the delimiter (UTF-8), the rest is the text; without a newline the
// whole input is the text and the delimiter is the default `$`. Besides crashes and what the
// sanitizers catch, it aborts when a parsed identifier does not give back the text it came from.
#include "api/Identifier.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>

using lance::api::Identifier;

namespace {

[[noreturn]] void broken(const char *what)
{
    std::fprintf(stderr, "fuzz_identifier: %s\n", what);
    std::abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const QByteArrayView input(data, qsizetype(size));
    const qsizetype newline = input.indexOf('\n');
    const QString delimiter
        = newline < 0 ? Identifier::DefaultDelimiter : QString::fromUtf8(input.first(newline));
    const QString text = QString::fromUtf8(newline < 0 ? input : input.sliced(newline + 1));

    const lance::api::Result<Identifier> parsed = Identifier::parse(text, delimiter);
    if (!parsed) {
        if (parsed.error().userMessage().isEmpty()) {
            broken("refused without a message");
        }
        return 0;
    }
    if (parsed->toString(delimiter) != text) {
        broken("the identifier does not give back its text");
    }
    if (!parsed->check(delimiter).hasValue()) {
        broken("a parsed identifier fails its own check");
    }
    if (parsed->isRoot() != (text == delimiter)) {
        broken("the root is not exactly the delimiter");
    }
    const lance::api::Result<Identifier> again
        = Identifier::parse(parsed->toString(delimiter), delimiter);
    if (!again || *again != *parsed) {
        broken("the identifier's text does not parse back to it");
    }
    // The path segment form must not fail either, whatever the names hold.
    if (parsed->toPathSegment(delimiter).isEmpty()) {
        broken("an empty path segment");
    }
    return 0;
}
