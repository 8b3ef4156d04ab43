// SPDX-License-Identifier: Apache-2.0
#include "format/ManifestFileName.h"

#include "format/ManifestFiles.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace lance::format {

namespace {

const QString StagingMarker = u".manifest-"_s;
const QString VersionHintName = u"latest_version_hint.json"_s;
const QString DetachedPrefix = u"d"_s;

// Lance appends a UUID (`{final}-{uuid}`); accept any run of ASCII letters, digits and
// hyphens so that other writers' suffixes are recognised too.
bool isStagingSuffix(QStringView suffix)
{
    return !suffix.isEmpty() && std::all_of(suffix.begin(), suffix.end(), [](QChar c) {
        return (c >= u'0' && c <= u'9') || (c >= u'a' && c <= u'z') || (c >= u'A' && c <= u'Z')
               || c == u'-';
    });
}

} // namespace

ManifestFileName::Parsed ManifestFileName::parse(const QString &fileName)
{
    const QString name = fileName.mid(fileName.lastIndexOf(u'/') + 1);
    Parsed parsed;
    if (name == VersionHintName) {
        parsed.kind = Kind::VersionHint;
        return parsed;
    }
    if (const auto named = format::ManifestFiles::parseName(name)) {
        parsed.kind = Kind::Final;
        parsed.version = named->version;
        parsed.scheme = named->scheme;
        parsed.finalName = name;
        return parsed;
    }
    if (name.startsWith(DetachedPrefix) && name.endsWith(Suffix)) {
        parsed.kind = Kind::Detached;
        return parsed;
    }
    const qsizetype marker = name.lastIndexOf(StagingMarker);
    if (marker > 0 && isStagingSuffix(QStringView(name).sliced(marker + StagingMarker.size()))) {
        const QString finalName = name.first(marker + Suffix.size());
        if (const auto named = format::ManifestFiles::parseName(finalName)) {
            parsed.kind = Kind::Staging;
            parsed.version = named->version;
            parsed.scheme = named->scheme;
            parsed.finalName = finalName;
        } else if (finalName.startsWith(DetachedPrefix)) {
            parsed.kind = Kind::Detached; // a detached manifest being written is still detached
        }
    }
    return parsed;
}

QString ManifestFileName::note(const Parsed &parsed)
{
    switch (parsed.kind) {
    case Kind::Final:
        return QString();
    case Kind::Detached:
        return tr("a detached manifest, not a version of the table");
    case Kind::Staging:
        return tr("a manifest a writer left before moving it to %1, so perhaps never committed")
            .arg(parsed.finalName);
    case Kind::VersionHint:
        return tr("the hint to the latest version, not a manifest");
    case Kind::Other:
        break;
    }
    return tr("not named like a Lance manifest (N.manifest, or 20 digits for the V2 scheme)");
}

} // namespace lance::format
