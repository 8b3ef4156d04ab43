// SPDX-License-Identifier: Apache-2.0
#include "ui/catalog/PropertiesText.h"

#include <QStringList>

using namespace Qt::StringLiterals;

namespace lance::ui {

api::Result<api::StringMap> PropertiesText::parse(const QString &text)
{
    api::StringMap properties;
    for (const QString &part : text.split(u',', Qt::SkipEmptyParts)) {
        const qsizetype equals = part.indexOf(u'=');
        const QString key = part.left(equals).trimmed();
        if (equals < 0 || key.isEmpty()) {
            return api::ApiError::invalidInput(
                tr("\"%1\" is not a property: write key=value, and separate them with commas.")
                    .arg(part.trimmed()));
        }
        if (properties.contains(key)) {
            return api::ApiError::invalidInput(tr("The property %1 is given twice.").arg(key));
        }
        properties.insert(key, part.mid(equals + 1).trimmed());
    }
    return properties;
}

QString PropertiesText::of(const api::StringMap &properties)
{
    QStringList parts;
    for (auto it = properties.cbegin(); it != properties.cend(); ++it) {
        parts << it.key() + u'=' + it.value();
    }
    return parts.join(u", "_s);
}

} // namespace lance::ui
