// SPDX-License-Identifier: Apache-2.0
#include "JsonText.h"

#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace lance::test {

QJsonObject JsonText::parsed(const QByteArray &text)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(text, &error);
    if (error.error != QJsonParseError::NoError || !document.isObject()) {
        qWarning("not a JSON object: %s", text.constData());
    }
    return document.object();
}

QStringList JsonText::sortedKeys(const QJsonObject &object)
{
    QStringList keys = object.keys();
    keys.sort();
    return keys;
}

QJsonArray JsonText::operationsOf(const QByteArray &json)
{
    return QJsonDocument::fromJson(json).object().value(u"operations"_s).toArray();
}

} // namespace lance::test
