/// `--revocation-max-age DURATION` (the CLI, `--requests`, `serve`): the oldest a fetched
/// revocation list may be before `revocation` is INCONCLUSIVE `REVOCATION_LIST_STALE`. A number
/// and one unit (`90m`, `36h`, `7d`), from a minute to 400 days; `off` states that the list is
/// not dated, which is also what leaving the flag out means.
enum RevocationMaxAge {
    static let range: ClosedRange<Int64> = 60...(400 * 86_400)

    static let help =
        "with --revocation-list: older than this since its fetch, or never fetched, revocation is INCONCLUSIVE "
        + "(90m, 36h, 7d; off: not judged)"

    /// Seconds, or nil for `off`.
    static func parse(_ a: FlagArgument) throws(CLIError) -> Int64? {
        if a.text == "off" { return nil }
        guard let seconds = seconds(a.text) else {
            throw a.refuse(
                "expected a duration from 1m to 400d (90m, 36h, 7d) or off, got \(RegionSpec.quoted(a.text))")
        }
        return seconds
    }

    /// `N` followed by `s`, `m`, `h` or `d`, within ``range``; nil otherwise.
    static func seconds(_ text: String) -> Int64? {
        let units: [Character: Int64] = ["s": 1, "m": 60, "h": 3600, "d": 86_400]
        guard let last = text.last, let unit = units[last], (2...8).contains(text.utf8.count) else { return nil }
        let digits = text.utf8.dropLast()
        guard digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
            let value = Int64(String(decoding: digits, as: UTF8.self))
        else { return nil }
        let seconds = value * unit
        return range.contains(seconds) ? seconds : nil
    }
}
