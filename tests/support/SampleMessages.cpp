// SPDX-License-Identifier: Apache-2.0
#include "SampleMessages.h"

using namespace Qt::StringLiterals;
using namespace lance::api;

namespace lance::test {

QString SampleMessages::unicode()
{
    return u"données 表格 ümlaut 🚀"_s;
}

StringMap SampleMessages::someMap()
{
    return {{u"owner"_s, u"qa"_s}, {u"ключ"_s, unicode()}, {u"empty"_s, QString()}};
}

StringMap SampleMessages::someContext()
{
    return {{u"header.x-trace-id"_s, u"abc"_s}, {u"trace"_s, unicode()}};
}

Identifier SampleMessages::someTable()
{
    return Identifier({u"sales"_s, unicode(), u"orders"_s});
}

TableVersion SampleMessages::fullTableVersion()
{
    return {.version = Max,
            .manifestPath = u"bucket/t.lance/_versions/00000000000000000000.manifest"_s,
            .manifestSize = Max,
            .eTag = u"\"a7866b-66164e4be0245-174\""_s,
            .timestampMillis = Min,
            .metadata = someMap()};
}

JsonArrowSchema SampleMessages::fullSchema()
{
    JsonArrowField sku{.name = u"sku"_s,
                       .type = {u"utf8"_s, {}, {}},
                       .nullable = false,
                       .metadata = {},
                       .lanceFieldId = {}};
    JsonArrowField item{.name = u"item"_s,
                        .type = {u"struct"_s, {sku}, std::nullopt},
                        .nullable = true,
                        .metadata = someMap(),
                        .lanceFieldId = {}};
    JsonArrowField list{.name = unicode(),
                        .type = {u"fixed_size_list"_s, {item}, Max},
                        .nullable = false,
                        .metadata = {},
                        .lanceFieldId = {}};
    return {.fields = {list, sku}, .metadata = someMap()};
}

DeclareTableRequest SampleMessages::fullDeclareRequest()
{
    return {.id = someTable(),
            .location = u"s3://bucket/données.lance"_s,
            .vendCredentials = true,
            .properties = someMap(),
            .context = someContext()};
}

CreateTableVersionRequest SampleMessages::fullCreateVersionRequest()
{
    return {.id = someTable(),
            .version = Max,
            .manifestPath = u"bucket/t.lance/_versions/x.manifest-398cd05a"_s,
            .manifestSize = 372,
            .eTag = u"etag"_s,
            .metadata = someMap(),
            .namingScheme = ManifestNamingScheme::V1,
            .branch = unicode(),
            .context = someContext()};
}

BatchDeleteTableVersionsRequest SampleMessages::fullDeleteVersionsRequest()
{
    return {.id = someTable(),
            .ranges = {{0, -1}, {Min, Max}},
            .branch = u"dev"_s,
            .context = someContext()};
}

DeclareTableResponse SampleMessages::fullDeclareResponse()
{
    return {.transactionId = u"tx"_s,
            .location = u"s3://bucket/t"_s,
            .storageOptions = someMap(),
            .properties = someMap(),
            .managedVersioning = true,
            .context = someContext()};
}

CreateTableVersionResponse SampleMessages::fullCreateVersionResponse()
{
    return {.transactionId = unicode(), .version = fullTableVersion(), .context = someContext()};
}

BatchDeleteTableVersionsResponse SampleMessages::fullDeleteVersionsResponse()
{
    return {.deletedCount = Max, .transactionId = u"tx"_s, .context = someContext()};
}

DeregisterTableResponse SampleMessages::fullDeregisterResponse()
{
    return {.transactionId = u"tx"_s,
            .id = someTable(),
            .location = u"s3://bucket/t"_s,
            .properties = someMap(),
            .context = someContext()};
}

} // namespace lance::test
