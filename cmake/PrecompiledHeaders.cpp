// SPDX-License-Identifier: Apache-2.0
// The source of lcb_pch (cmake/PrecompiledHeaders.cmake): empty, the target exists to build the
// precompiled header every other target reuses.
