// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <functional>
#include <httplib.h>

namespace lance::server {

/// httplib's task queue, reduced to running each task on the spot: the only task is handing
/// an accepted socket to the park, which never blocks.
class ImmediateTaskQueue final : public httplib::TaskQueue
{
public:
    void enqueue(std::function<void()> task) override { task(); }
    void shutdown() override {}
};

} // namespace lance::server
