// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QString>

#include <functional>

namespace lance::connection {

/// Where SecretStore keeps secrets that outlive the app: the OS keychain (KeychainBackend), or
/// in tests a fake that answers as told, or never.
///
/// Contract: start() never blocks; `done` runs later on the thread that called start(), at most
/// once, and never after the backend is destroyed. A backend may never answer at all (a keychain
/// waiting for a password prompt): SecretStore has its own timeout.
class SecretBackend
{
public:
    enum class Operation { Read, Write, Remove };

    struct Outcome
    {
        enum class Status {
            Done,        //!< read: `secret` holds it; write and remove: done
            NotFound,    //!< read or remove: the keychain works but has no such entry
            Unavailable, //!< no keychain service, or it failed: see `problem`
            Denied,      //!< the keychain is locked or the user refused access
        };
        Status status = Status::Unavailable;
        QString secret;  //!< read only
        QString problem; //!< Failed: the keychain's own words; never contains the secret
    };
    using Done = std::function<void(Outcome)>;

    virtual ~SecretBackend() = default;

    /// Reads, writes (`secret`) or removes the entry `key`.
    virtual void start(Operation operation, const QString &key, const QString &secret, Done done)
        = 0;
};

} // namespace lance::connection
