// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Identifier.h"

namespace lance::test {

/// Message structs filled field by field: aggregate initialisation would have to name every
/// member (-Wmissing-field-initializers), which buries what a test is about.
class MessageFactory
{
public:
    /// A request of type T for `id`, everything else default.
    template <typename T> static T withId(const api::Identifier &id)
    {
        T value;
        value.id = id;
        return value;
    }

    /// A T after `fill(T &)` has set what matters.
    template <typename T, typename Fill> static T make(Fill fill)
    {
        T value;
        fill(value);
        return value;
    }
};

} // namespace lance::test
