// SPDX-License-Identifier: Apache-2.0
#include "details/VersionComparer.h"

#include "format/VersionDiffer.h"

namespace lance::details {

api::Result<format::VersionDiffReport>
VersionComparer::compare(const ManifestAccess &access, const std::optional<api::TableVersion> &from,
                         const api::TableVersion &to)
{
    format::ManifestContents before; // nothing: an empty table before its first version
    if (from) {
        auto facts = access.read(*from);
        if (!facts) {
            return facts.error();
        }
        before = std::move(facts->manifest);
    }
    return access.read(to).transform([&before](const auto &after) {
        return format::VersionDiffReport(
            format::VersionDiffer::compare(before, after.manifest, after.transaction));
    });
}

} // namespace lance::details
