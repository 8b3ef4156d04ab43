// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/CatalogService.h"

#include <memory>
#include <optional>

namespace lance::test {

/// Catches the answers of a CatalogService callback, so a test can wait for it
/// (`QTRY_VERIFY(catcher.done())`) and check it was called exactly once. The state is shared
/// with the callback, so a late callback after the test ended cannot touch freed memory.
template <typename T> class ResultCatcher
{
public:
    api::Callback<T> callback()
    {
        return [state = m_state](api::Result<T> result) {
            ++state->calls;
            state->result.emplace(std::move(result));
        };
    }

    bool done() const { return m_state->calls > 0; }
    int calls() const { return m_state->calls; }
    /// The last answer; only valid when done().
    const api::Result<T> &result() const { return *m_state->result; }
    bool succeeded() const { return done() && m_state->result->hasValue(); }
    const T &value() const { return m_state->result->value(); }
    const api::ApiError &error() const { return m_state->result->error(); }

private:
    struct State
    {
        int calls = 0;
        std::optional<api::Result<T>> result;
    };
    std::shared_ptr<State> m_state = std::make_shared<State>();
};

} // namespace lance::test
