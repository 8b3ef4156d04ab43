// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/ApiError.h"

#include <optional>
#include <utility>
#include <variant>

namespace lance::api {

/// A value or the ApiError that prevented it. Checked with `if (result)`; `value()` on an error
/// (or `error()` on a value) is a programming error and asserts.
template <typename T> class Result
{
public:
    Result(T value)
        : m_data(std::in_place_index<0>, std::move(value))
    {}
    Result(ApiError error)
        : m_data(std::in_place_index<1>, std::move(error))
    {}

    bool hasValue() const { return m_data.index() == 0; }
    explicit operator bool() const { return hasValue(); }

    T &value() { return std::get<0>(m_data); }
    const T &value() const { return std::get<0>(m_data); }
    T &operator*() { return value(); }
    const T &operator*() const { return value(); }
    T *operator->() { return &value(); }
    const T *operator->() const { return &value(); }

    const ApiError &error() const { return std::get<1>(m_data); }

private:
    std::variant<T, ApiError> m_data;
};

/// Success that carries nothing, or the ApiError that refused it: the one way every step that
/// may be refused answers (staging a change, saving a file, checking a name, a database step).
/// The error's userMessage() is the sentence to show; refusals of the window's own steps are
/// of kind InvalidInput, whose userMessage() is their text. Callers say `hasValue()`: `if
/// (result)` also means success, as for every Result, but reads like the "refused" of old.
template <> class Result<void>
{
public:
    Result() = default;
    Result(ApiError error)
        : m_error(std::move(error))
    {}
    /// Success or the refusal of `other`, without its value: for a caller that only needs to
    /// know whether a call went through.
    template <typename T> explicit Result(const Result<T> &other)
    {
        if (!other.hasValue()) {
            m_error = other.error();
        }
    }

    bool hasValue() const { return !m_error.has_value(); }
    explicit operator bool() const { return hasValue(); }

    const ApiError &error() const
    {
        Q_ASSERT(m_error);
        return *m_error;
    }

private:
    std::optional<ApiError> m_error;
};

/// The value of an operation that answers with nothing but success.
struct Empty
{
    bool operator==(const Empty &) const = default;
};

} // namespace lance::api
