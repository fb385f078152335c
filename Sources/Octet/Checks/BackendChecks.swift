extension Check {
    /// `replay-uniqueness`: backend-only state; always NOT-CHECKED by `Octet.verify`.
    static let replayUniqueness = Check(name: CheckName.replayUniqueness) { _ in
        .notChecked("backend-only: needs a replay store (octet-verify --replay-db)")
    }

    /// `revocation`: backend-only state; always NOT-CHECKED by `Octet.verify`.
    static let revocation = Check(name: CheckName.revocation) { _ in
        .notChecked("backend-only: needs a revocation list (octet-verify --revocation-list)")
    }
}
