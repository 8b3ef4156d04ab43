// SPDX-License-Identifier: Apache-2.0
#include "TsFile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QXmlStreamReader>

#include <algorithm>
#include <utility>

using namespace Qt::StringLiterals;

namespace lance::test {

QString TsFile::key(const QString &context, const QString &source, const QString &comment)
{
    return context + u'\x04' + source + u'\x04' + comment;
}

TsFile TsFile::read(const QString &path)
{
    TsFile file;
    QFile device(path);
    if (!device.open(QIODevice::ReadOnly)) {
        file.m_error = u"%1: %2"_s.arg(path, device.errorString());
        return file;
    }
    const QDir folder = QFileInfo(path).absoluteDir();
    QXmlStreamReader xml(&device);
    QString context;
    Message message;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isEndElement() && xml.name() == "message"_L1) {
            file.m_messages.append(std::exchange(message, {}));
            continue;
        }
        if (!xml.isStartElement()) {
            continue;
        }
        // Elements are read where they are: TS > context > (name, message > (source, comment,
        // translation > numerusform)).
        const QStringView name = xml.name();
        if (name == "name"_L1) {
            context = xml.readElementText();
        } else if (name == "message"_L1) {
            message.context = context;
            message.numerus = xml.attributes().value("numerus"_L1) == "yes"_L1;
        } else if (name == "source"_L1) {
            message.source = xml.readElementText();
        } else if (name == "comment"_L1) {
            message.comment = xml.readElementText();
        } else if (name == "translation"_L1) {
            message.type = xml.attributes().value("type"_L1).toString();
        } else if (name == "numerusform"_L1) {
            message.numerusForms.append(xml.readElementText());
        } else if (name == "location"_L1) {
            // lupdate writes the file names relative to the .ts file.
            const QString relative = xml.attributes().value("filename"_L1).toString();
            if (!relative.isEmpty()) {
                message.files.append(QDir::cleanPath(folder.absoluteFilePath(relative)));
            }
            xml.skipCurrentElement();
        } else if (name != "TS"_L1 && name != "context"_L1) {
            xml.skipCurrentElement(); // extra and translator comments, old sources
        }
    }
    if (xml.hasError()) {
        file.m_error = u"%1:%2: %3"_s.arg(path).arg(xml.lineNumber()).arg(xml.errorString());
    }
    return file;
}

const TsFile::Message *TsFile::find(const QString &key) const
{
    const auto found
        = std::find_if(m_messages.cbegin(), m_messages.cend(),
                       [&key](const Message &message) { return message.key() == key; });
    return found == m_messages.cend() ? nullptr : &*found;
}

} // namespace lance::test
