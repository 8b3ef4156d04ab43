// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QObject>

namespace lance::api {

/// A piece of work in flight that can be cancelled: one REST call with its retries, a loop over
/// pages, or an in-process engine call. It deletes itself when it has finished.
class Cancellable : public QObject
{
    Q_OBJECT

public:
    using QObject::QObject;

    /// Stops the work. Its callback then runs once with an ApiError of kind Cancelled (if the
    /// work had not finished yet; cancelling finished work does nothing).
    virtual void cancel() = 0;
};

} // namespace lance::api
