// SPDX-License-Identifier: Apache-2.0
#include "format/ManifestCheck.h"

#include "format/ManifestFileName.h"

#include <QDir>
#include <QFileInfo>

using lance::api::ApiError;

namespace lance::format {

api::Result<ManifestCheck::Checked> ManifestCheck::check(const QString &path, qint64 maxBytes)
{
    const QString name = QDir::toNativeSeparators(path);
    const ManifestFileName::Parsed parsed = ManifestFileName::parse(QFileInfo(path).fileName());
    if (parsed.kind != ManifestFileName::Kind::Final
        && parsed.kind != ManifestFileName::Kind::Staging) {
        return ApiError::invalidInput(tr("%1 is %2.").arg(name, ManifestFileName::note(parsed)));
    }
    Q_ASSERT(parsed.version && parsed.scheme);
    const api::Result<ManifestReader::Facts> facts = ManifestReader::readFile(path, maxBytes);
    if (!facts) {
        return facts.error();
    }
    if (facts->version != quint64(*parsed.version)) {
        return ApiError::invalidInput(tr("%1 is named as version %2 but holds version %3.")
                                          .arg(name)
                                          .arg(*parsed.version)
                                          .arg(facts->version));
    }
    Checked checked;
    checked.version = *parsed.version;
    checked.scheme = *parsed.scheme;
    checked.size = facts->size;
    checked.timestamp = facts->timestamp;
    checked.path = QFileInfo(path).absoluteFilePath();
    return checked;
}

} // namespace lance::format
