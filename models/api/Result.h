// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/ApiError.h"

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

/// The value of an operation that answers with nothing but success.
struct Empty
{
    bool operator==(const Empty &) const = default;
};

} // namespace lance::api
