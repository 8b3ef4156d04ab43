// SPDX-License-Identifier: Apache-2.0
#include "rest/RestRequestBuilder.h"

namespace lance::rest {

RestRequestBuilder::RestRequestBuilder(RestClientConfig config)
    : m_config(std::move(config))
{}

bool RestRequestBuilder::isValidHeaderName(QByteArrayView name)
{
    return RestRoute::isValidHeaderName(name);
}

bool RestRequestBuilder::isValidHeaderValue(QByteArrayView value)
{
    return RestRoute::isValidHeaderValue(value);
}

} // namespace lance::rest
