// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArray>
#include <QString>

#include <optional>

namespace lance::server {

/// How an answer's body goes over the wire, chosen for the client's speed rather than the
/// fewest bytes. On a 10 KB page of 1,000 table names (2-core VM, one run beside a build):
/// brotli quality 1 takes 54 µs for 1,050 bytes, gzip level 1 114 µs for 1,915, brotli's
/// default quality 11 (what cpp-httplib uses) 9.8 ms for 754. So: brotli at quality 1 when the
/// client takes it, else gzip at level 1, and nothing at all where compressing cannot pay:
/// small bodies (under MinimumBytes, about one TCP segment) and loopback peers, which have no
/// network to save (unless the policy is Always, for a TLS proxy on the same machine).
class AnswerEncoding
{
public:
    enum class Policy {
        Auto,   //!< compress for remote peers, bodies of MinimumBytes or more
        Always, //!< also for loopback peers (behind a proxy on this machine)
        Never,
    };
    enum class Coding { Identity, Gzip, Brotli };

    static constexpr qsizetype MinimumBytes = 1024;

    /// The coding for a body of `bodyBytes` to a client that sent `acceptEncoding` (the
    /// header's value; nullopt when absent). Honours q-values (`br;q=0` refuses brotli) and `*`.
    static Coding choose(Policy policy, const std::optional<QByteArray> &acceptEncoding,
                         qsizetype bodyBytes, bool loopbackPeer);
    /// `body` in `coding`; nullopt when the encoder fails (the body then goes as it is).
    static std::optional<QByteArray> encode(Coding coding, const QByteArray &body);
    /// The `Content-Encoding` token: "gzip", "br"; empty for Identity.
    static QByteArray token(Coding coding);

    /// "auto", "always", "never"; nullopt for anything else.
    static std::optional<Policy> policyNamed(const QString &name);
};

} // namespace lance::server
