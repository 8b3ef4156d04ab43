// SPDX-License-Identifier: Apache-2.0
#include "storage/ListingXml.h"

#include <QLocale>
#include <QXmlStreamReader>

using namespace Qt::StringLiterals;

namespace lance::storage {

QString ListingXml::unquotedETag(QString eTag)
{
    if (eTag.size() >= 2 && eTag.startsWith(u'"') && eTag.endsWith(u'"')) {
        eTag = eTag.mid(1, eTag.size() - 2);
    }
    return eTag;
}

QDateTime ListingXml::parseHttpDate(const QString &text)
{
    QDateTime time = QLocale::c().toDateTime(text.trimmed(), u"ddd, dd MMM yyyy HH:mm:ss 'GMT'"_s);
    time.setTimeSpec(Qt::UTC);
    return time;
}

std::optional<ListPage> ListingXml::parseBucketListing(const QByteArray &xml)
{
    QXmlStreamReader reader(xml);
    ListPage page;
    bool sawRoot = false;
    bool truncated = false;
    QString nextToken;
    QString nextMarker;
    ObjectMeta current;
    bool inContents = false;
    while (!reader.atEnd()) {
        reader.readNext();
        if (reader.isStartElement()) {
            const auto name = reader.name();
            if (name == u"ListBucketResult"_s) {
                sawRoot = true;
            } else if (name == u"Contents"_s) {
                inContents = true;
                current = ObjectMeta();
            } else if (inContents && name == u"Key"_s) {
                current.key = reader.readElementText();
            } else if (inContents && name == u"Size"_s) {
                current.size = reader.readElementText().toLongLong();
            } else if (inContents && name == u"ETag"_s) {
                current.eTag = unquotedETag(reader.readElementText());
            } else if (inContents && name == u"LastModified"_s) {
                current.lastModified
                    = QDateTime::fromString(reader.readElementText(), Qt::ISODateWithMs);
            } else if (name == u"IsTruncated"_s) {
                truncated = reader.readElementText().trimmed() == u"true"_s;
            } else if (name == u"NextContinuationToken"_s) {
                nextToken = reader.readElementText();
            } else if (name == u"NextMarker"_s) {
                nextMarker = reader.readElementText();
            }
        } else if (reader.isEndElement() && reader.name() == u"Contents"_s) {
            inContents = false;
            page.objects.append(current);
        }
    }
    if (reader.hasError() || !sawRoot) {
        return std::nullopt;
    }
    if (truncated) {
        // V1 listings without a delimiter may leave NextMarker out: the last key is the marker.
        page.continuation = !nextToken.isEmpty()     ? nextToken
                            : !nextMarker.isEmpty()  ? nextMarker
                            : page.objects.isEmpty() ? QString()
                                                     : page.objects.last().key;
    }
    return page;
}

std::optional<ListPage> ListingXml::parseAzureListing(const QByteArray &xml)
{
    QXmlStreamReader reader(xml);
    ListPage page;
    bool sawRoot = false;
    ObjectMeta current;
    bool inBlob = false;
    while (!reader.atEnd()) {
        reader.readNext();
        if (reader.isStartElement()) {
            const auto name = reader.name();
            if (name == u"EnumerationResults"_s) {
                sawRoot = true;
            } else if (name == u"Blob"_s) {
                inBlob = true;
                current = ObjectMeta();
            } else if (inBlob && name == u"Name"_s) {
                current.key = reader.readElementText();
            } else if (inBlob && name == u"Content-Length"_s) {
                current.size = reader.readElementText().toLongLong();
            } else if (inBlob && name == u"Etag"_s) {
                current.eTag = unquotedETag(reader.readElementText());
            } else if (inBlob && name == u"Last-Modified"_s) {
                current.lastModified = parseHttpDate(reader.readElementText());
            } else if (!inBlob && name == u"NextMarker"_s) {
                page.continuation = reader.readElementText();
            }
        } else if (reader.isEndElement() && reader.name() == u"Blob"_s) {
            inBlob = false;
            page.objects.append(current);
        }
    }
    if (reader.hasError() || !sawRoot) {
        return std::nullopt;
    }
    return page;
}

} // namespace lance::storage
