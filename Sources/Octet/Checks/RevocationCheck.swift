import OctetCrypto
import OctetOutcome

extension Check {
    /// `revocation` (seed: "Backend-only"): with a `RevocationSource`, FAIL when the proof key, the
    /// device key or any certificate of an Android chain is listed REVOKED or SUSPENDED, naming the
    /// kind and the status (never the key or the serial). SUSPENDED fails closed, as the shared
    /// vectors recommend; a list that is not current (`RevocationLookup.stale`), a certificate that
    /// cannot be read, or a source that cannot answer, is INCONCLUSIVE, in that order.
    static let revocation = Check(name: CheckName.revocation) { context in
        guard let source = context.options.revocationSource else {
            // Named as the API names it; each front end names its own flag (OctetBackend's OptionPrompts).
            return .notChecked("backend-only: needs a revocation list (revocationSource)")
        }
        var findings: [String] = []
        var statuses: [RevocationEntry.Status] = []
        var unavailable: String?
        var stale: String?
        func ask(_ subject: RevocationSubject, _ what: @autoclosure () -> String) {
            switch source.lookUp(subject) {
            case .listed(let entry):
                findings.append(what() + " " + describe(entry))
                statuses.append(entry.status)
            case .notListed: break
            case .unavailable(let reason): unavailable = unavailable ?? reason
            case .stale(let reason): stale = stale ?? reason
            }
        }
        ask(.proofKey(sha256: SHA256.hash(Array(context.proof.proofKey))), "proof key")
        let deviceKey = context.deviceKeyPoint
        if let deviceKey { ask(.deviceKey(sha256: SHA256.hash(deviceKey)), "device key") }
        // Serials as our own reader reads them, the dropped self-issued root's too (it is never
        // loaded by the crypto library); a malformed certificate has none.
        let chain = context.androidChain?.serialNumbersHex ?? []
        var unreadable = 0
        for (index, serial) in chain.enumerated() {
            guard let serial else {
                unreadable += 1
                continue
            }
            ask(.certificate(serialHex: serial), "Android attestation certificate \(index + 1) of \(chain.count)")
        }
        if !findings.isEmpty {
            return .fail(statuses.contains(.revoked) ? .revoked : .suspended, findings.joined(separator: "; "))
        }
        // A list that is not current cannot say "nothing listed": its own code, so a dashboard
        // tells an unfetched list from an unreachable source.
        if let stale {
            return .inconclusive(.revocationListStale, "revocation list not current: \(stale)")
        }
        if let unavailable {
            return .inconclusive(.revocationSourceUnavailable, "revocation source unavailable: \(unavailable)")
        }
        if unreadable > 0 {
            return .inconclusive(
                .certificateUnreadable,
                "\(unreadable) certificate(s) of the Android chain could not be read: serial unknown")
        }
        let checked =
            "proof key, " + (deviceKey == nil ? "no device key" : "device key")
            + (chain.isEmpty ? "" : ", \(chain.count) certificates")
        return .pass("nothing listed (\(checked)" + (source.entryCount.map { " against \($0) entries" } ?? "") + ")")
    }

    private static func describe(_ entry: RevocationEntry) -> String {
        entry.status.rawValue + (entry.reason.map { " (\($0))" } ?? "")
    }
}
