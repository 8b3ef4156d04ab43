// SPDX-License-Identifier: Apache-2.0
#include "SchemaCommand.h"

#include "TextTable.h"
#include "details/ManifestAccess.h"
#include "format/ArrowSchemaConverter.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTextStream>

using namespace Qt::StringLiterals;

namespace lance::cli {

namespace {

QString metadataText(const api::StringMap &metadata)
{
    QStringList pairs;
    for (auto it = metadata.cbegin(); it != metadata.cend(); ++it) {
        pairs << it.key() + u'=' + it.value();
    }
    return pairs.join(u", "_s);
}

QJsonObject metadataJson(const api::StringMap &metadata)
{
    QJsonObject object;
    for (auto it = metadata.cbegin(); it != metadata.cend(); ++it) {
        object.insert(it.key(), it.value());
    }
    return object;
}

// Every field in pre-order, as the text table shows them and --json lists them.
void flatten(const api::JsonArrowField &field, const QString &parent, int depth,
             const std::function<void(const api::JsonArrowField &, const QString &, int)> &visit)
{
    const QString path = parent.isEmpty() ? field.name : parent + u'.' + field.name;
    visit(field, path, depth);
    for (const api::JsonArrowField &child : field.type.fields) {
        flatten(child, path, depth + 1, visit);
    }
}

} // namespace

void SchemaCommand::start()
{
    const auto id = identifierArgument(0, false);
    if (!id) {
        fail(id.error());
        return;
    }
    m_table = *id;
    if (invocation().arguments.size() > 1) {
        const auto version = versionArgument(1);
        if (!version) {
            fail(version.error());
            return;
        }
        m_version = *version;
    }
    api::DescribeTableVersionRequest request;
    request.id = m_table;
    request.version = m_version;
    service().call(request, this, [this](api::Result<api::DescribeTableVersionResponse> result) {
        if (!result) {
            // A server without version records may still describe the table; a table or
            // version that is not there is not there.
            if (result.error().isUnsupported()) {
                askServer(result.error().userMessage());
            } else {
                fail(result.error());
            }
            return;
        }
        withManifestAccess(
            m_table, [this, version = result->version](const details::ManifestAccess &access) {
                const auto facts = access.read(version);
                if (!facts) {
                    askServer(facts.error().userMessage());
                    return;
                }
                print(version.version, format::ArrowSchemaConverter::convert(facts->manifest),
                      u"manifest"_s);
            });
    });
}

void SchemaCommand::askServer(const QString &whyNotHere)
{
    api::DescribeTableRequest request;
    request.id = m_table;
    request.version = m_version;
    request.loadDetailedMetadata = true;
    service().call(
        request, this, [this, whyNotHere](api::Result<api::DescribeTableResponse> result) {
            if (!result) {
                fail(result.error());
                return;
            }
            if (!result->schema) {
                fail(api::ApiError::invalidInput(tr("The server did not send the schema, and the "
                                                    "manifest cannot be read here: %1")
                                                     .arg(whyNotHere)));
                return;
            }
            print(result->version.value_or(m_version.value_or(0)), *result->schema, u"server"_s);
        });
}

void SchemaCommand::print(qint64 version, const api::JsonArrowSchema &schema, const QString &source)
{
    if (invocation().json) {
        QJsonArray fields;
        for (const api::JsonArrowField &top : schema.fields) {
            flatten(top, {}, 0,
                    [&fields](const api::JsonArrowField &field, const QString &path, int) {
                        QJsonObject object{
                            {u"path"_s, path},
                            {u"name"_s, field.name},
                            {u"type"_s, format::ArrowSchemaConverter::typeText(field.type)},
                            {u"nullable"_s, field.nullable},
                            {u"metadata"_s, metadataJson(field.metadata)},
                        };
                        object.insert(u"field_id"_s, field.lanceFieldId
                                                         ? QJsonValue(*field.lanceFieldId)
                                                         : QJsonValue());
                        fields.append(object);
                    });
        }
        const QJsonObject object{
            {u"table"_s, m_table.toString(invocation().delimiter)},
            {u"version"_s, version > 0 ? QJsonValue(version) : QJsonValue()},
            {u"source"_s, source},
            {u"fields"_s, fields},
            {u"metadata"_s, metadataJson(schema.metadata)},
        };
        printJson(QJsonDocument(object).toJson(QJsonDocument::Compact));
        succeed();
        return;
    }
    TextTable table({tr("FIELD"), tr("TYPE"), tr("NULLABLE"), tr("ID"), tr("METADATA")});
    for (const api::JsonArrowField &top : schema.fields) {
        flatten(top, {}, 0, [&table](const api::JsonArrowField &field, const QString &, int depth) {
            table.addRow({QString(depth * 2, u' ') + field.name,
                          format::ArrowSchemaConverter::typeText(field.type),
                          field.nullable ? tr("yes") : tr("no"),
                          field.lanceFieldId ? QString::number(*field.lanceFieldId) : u"-"_s,
                          metadataText(field.metadata)});
        });
    }
    table.print(out());
    if (!schema.metadata.isEmpty()) {
        out() << tr("Schema metadata: %1").arg(metadataText(schema.metadata)) << u'\n';
    }
    if (source == u"server") {
        note(tr("As the server describes version %1; field ids are known only from the manifest.")
                 .arg(version));
    }
    succeed();
}

} // namespace lance::cli
