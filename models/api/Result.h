// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/ApiError.h"

#include <optional>
#include <type_traits>
#include <utility>
#include <variant>

namespace lance::api {

template <typename T, typename E = ApiError> class Result;

namespace detail {
template <typename T> struct IsResult : std::false_type
{};
template <typename T, typename E> struct IsResult<Result<T, E>> : std::true_type
{};
} // namespace detail

/// A value or the error that prevented it: an ApiError, unless a layer with errors of its own
/// names another (storage::StorageError). Checked with `if (result)`; `value()` on an error
/// (or `error()` on a value) is a programming error: it throws std::bad_variant_access.
///
/// Steps that may each be refused chain as std::expected's do (C++23, which Debian 12's
/// compilers lack): `and_then(f)` runs `f(value)`, itself answering a Result, only on a value;
/// `transform(f)` makes a Result of `f(value)`; either passes an error on untouched. So a
/// sequence reads as its steps, without `if (!x) return x.error();` after each.
template <typename T, typename E> class Result
{
public:
    Result(T value)
        : m_data(std::in_place_index<0>, std::move(value))
    {}
    Result(E error)
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

    const E &error() const { return std::get<1>(m_data); }

    /// `f(value())`, a Result of any type, or this error.
    template <typename F> auto and_then(F &&f) const &
    {
        using Next = std::invoke_result_t<F, const T &>;
        static_assert(detail::IsResult<Next>::value, "and_then() takes a step answering a Result");
        return hasValue() ? std::forward<F>(f)(value()) : Next(error());
    }
    template <typename F> auto and_then(F &&f) &&
    {
        using Next = std::invoke_result_t<F, T &&>;
        static_assert(detail::IsResult<Next>::value, "and_then() takes a step answering a Result");
        return hasValue() ? std::forward<F>(f)(std::move(value())) : Next(error());
    }

    /// A Result holding `f(value())` (nothing, for a function that answers nothing), or this
    /// error.
    template <typename F> auto transform(F &&f) const &
    {
        using U = std::invoke_result_t<F, const T &>;
        if (!hasValue()) {
            return Result<U, E>(error());
        }
        if constexpr (std::is_void_v<U>) {
            std::forward<F>(f)(value());
            return Result<U, E>();
        } else {
            return Result<U, E>(std::forward<F>(f)(value()));
        }
    }
    template <typename F> auto transform(F &&f) &&
    {
        using U = std::invoke_result_t<F, T &&>;
        if (!hasValue()) {
            return Result<U, E>(error());
        }
        if constexpr (std::is_void_v<U>) {
            std::forward<F>(f)(std::move(value()));
            return Result<U, E>();
        } else {
            return Result<U, E>(std::forward<F>(f)(std::move(value())));
        }
    }

private:
    std::variant<T, E> m_data;
};

/// Success that carries nothing, or the ApiError that refused it: the one way every step that
/// may be refused answers (staging a change, saving a file, checking a name, a database step).
/// The error's userMessage() is the sentence to show; refusals of the window's own steps are
/// of kind InvalidInput, whose userMessage() is their text. Callers say `hasValue()`: `if
/// (result)` also means success, as for every Result, but reads like the "refused" of old.
template <typename E> class Result<void, E>
{
public:
    Result() = default;
    Result(E error)
        : m_error(std::move(error))
    {}
    /// Success or the refusal of `other`, without its value: for a caller that only needs to
    /// know whether a call went through.
    template <typename T> explicit Result(const Result<T, E> &other)
    {
        if (!other.hasValue()) {
            m_error = other.error();
        }
    }

    bool hasValue() const { return !m_error.has_value(); }
    explicit operator bool() const { return hasValue(); }

    /// The refusal; asserts on success (and is undefined then in a release build).
    const E &error() const
    {
        Q_ASSERT(m_error);
        return *m_error;
    }

    /// `f()`, a Result of any type, or this refusal: the next step only once this one passed.
    template <typename F> auto and_then(F &&f) const
    {
        using Next = std::invoke_result_t<F>;
        static_assert(detail::IsResult<Next>::value, "and_then() takes a step answering a Result");
        return hasValue() ? std::forward<F>(f)() : Next(error());
    }

    /// A Result holding `f()`, or this refusal.
    template <typename F> auto transform(F &&f) const
    {
        using Next = Result<std::invoke_result_t<F>, E>;
        if (!hasValue()) {
            return Next(error());
        }
        if constexpr (std::is_void_v<std::invoke_result_t<F>>) {
            std::forward<F>(f)();
            return Next();
        } else {
            return Next(std::forward<F>(f)());
        }
    }

private:
    std::optional<E> m_error;
};

/// The value of an operation that answers with nothing but success.
struct Empty
{
    bool operator==(const Empty &) const = default;
};

} // namespace lance::api
