// SPDX-License-Identifier: Apache-2.0
#include "format/ManifestCheck.h"

#include "format/ManifestFileName.h"

#include <QDir>
#include <QFileInfo>

using lance::api::ApiError;

namespace lance::format {

namespace {

// The name a manifest goes by must be a final or staging manifest's.
api::Result<ManifestFileName::Parsed> manifestName(const QString &fileName, const QString &shown)
{
    const ManifestFileName::Parsed parsed = ManifestFileName::parse(fileName);
    if (parsed.kind != ManifestFileName::Kind::Final
        && parsed.kind != ManifestFileName::Kind::Staging) {
        return ApiError::invalidInput(
            ManifestCheck::tr("%1 is %2.").arg(shown, ManifestFileName::note(parsed)));
    }
    return parsed;
}

} // namespace

api::Result<ManifestCheck::Checked> ManifestCheck::checkBytes(QByteArrayView bytes,
                                                              const QString &name)
{
    const auto parsed = manifestName(name.section(u'/', -1).section(u'\\', -1), name);
    if (!parsed) {
        return parsed.error();
    }
    const api::Result<ManifestReader::Facts> facts = ManifestReader::parseNamed(bytes, name);
    if (!facts) {
        return facts.error();
    }
    if (facts->version != quint64(*parsed->version)) {
        return ApiError::invalidInput(tr("%1 is named as version %2 but holds version %3.")
                                          .arg(name)
                                          .arg(*parsed->version)
                                          .arg(facts->version));
    }
    Checked checked;
    checked.version = *parsed->version;
    checked.scheme = *parsed->scheme;
    checked.size = facts->size;
    checked.timestamp = facts->timestamp;
    return checked;
}

api::Result<ManifestCheck::Checked> ManifestCheck::check(const QString &path, qint64 maxBytes)
{
    const QString name = QDir::toNativeSeparators(path);
    // The name is judged before anything is read.
    if (const auto parsed = manifestName(QFileInfo(path).fileName(), name); !parsed) {
        return parsed.error();
    }
    const api::Result<QByteArray> bytes = ManifestReader::readBytes(path, maxBytes);
    if (!bytes) {
        return bytes.error();
    }
    api::Result<Checked> checked = checkBytes(*bytes, name);
    if (checked) {
        checked->path = QFileInfo(path).absoluteFilePath();
    }
    return checked;
}

} // namespace lance::format
