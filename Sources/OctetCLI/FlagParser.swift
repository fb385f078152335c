/// The one argument reader of `octet-verify`'s commands, driven by a command's rows of
/// ``FlagTable``: `--flag VALUE` or `--flag=VALUE`, a short alias, `--` ends the options, `-` is
/// standard input. A flag that is not in the table is refused with the nearest one suggested; a
/// flag not marked repeatable may be given once; a switch takes no value.
package enum FlagParser {
    /// How a parse ended.
    package enum Outcome: Equatable {
        /// Every argument read: the flags given, in order (canonical names).
        case parsed(given: [String])
        /// An informational flag (`--help`, `--version`, `--generate-manual`): its name and value.
        case informational(String, value: String?)
    }

    /// Reads `arguments` into `configuration` with `rows`; operands go to `operand` (nil: the
    /// command takes none, and an operand is a usage error).
    package static func parse<C>(
        _ arguments: [[UInt8]], command: CommandSpec, rows: [OptionRow<C>], into configuration: inout C,
        operand: ((inout C, [UInt8]) throws(CLIError) -> Void)?
    ) throws(CLIError) -> Outcome {
        let prefix = command.messagePrefix
        // Arrays, not Set<String> or Dictionary: cheaper for a fresh process, for a handful of
        // flags (docs/performance.md, "Where the moved comments' stories came from").
        var seen: [String] = []
        var given: [String] = []
        var cursor = ByteArgumentCursor(arguments)
        while let raw = cursor.next() {
            if cursor.optionsEnded || raw == [UInt8(ascii: "-")] || raw.first != UInt8(ascii: "-") {
                guard let operand else {
                    throw .usage(
                        prefix + "unexpected argument \(RegionSpec.quoted(String(decoding: raw, as: UTF8.self)))"
                            + " (see \(command.name) --help)")
                }
                try operand(&configuration, raw)
                continue
            }
            if raw == [0x2D, 0x2D] {
                cursor.optionsEnded = true
                continue
            }
            let (spelled, inline) = ByteArgumentCursor.split(raw)
            guard let row = rows.first(where: { $0.flag.name == spelled || $0.flag.short == spelled }) else {
                throw .usage(prefix + unknown(spelled, command: command))
            }
            let flag = row.flag
            // `-q=yes`: a short alias takes its value as the next argument only.
            if inline != nil, spelled != flag.name {
                throw .usage(prefix + unknown(spelled, command: command))
            }
            if flag.informational {
                let value = try flag.value.map { _ throws(CLIError) in
                    String(decoding: try cursor.value(for: flag.name, inline: inline), as: UTF8.self)
                }
                return .informational(flag.name, value: value)
            }
            if !flag.repeatable {
                guard !seen.contains(flag.name) else { throw .usage(prefix + "\(flag.name) given twice") }
                seen.append(flag.name)
            }
            given.append(flag.name)
            let argument: FlagArgument
            if flag.value != nil {
                argument = FlagArgument(flag: flag.name, bytes: try cursor.value(for: flag.name, inline: inline))
            } else {
                guard inline == nil else { throw .usage(prefix + "\(flag.name) takes no value") }
                argument = FlagArgument(flag: flag.name, bytes: [])
            }
            do {
                try row.apply(&configuration, argument)
            } catch {
                throw CLIError(error.kind, prefix + error.message)
            }
        }
        return .parsed(given: given)
    }

    /// "unknown option '--regoin' (did you mean --region? see --help)".
    static func unknown(_ spelled: String, command: CommandSpec) -> String {
        let help = command.words.isEmpty ? "--help" : "\(command.name) --help"
        if let nearest = nearest(spelled, among: command.visibleFlags.map(\.name)) {
            return "unknown option \(RegionSpec.quoted(spelled)) (did you mean \(nearest)? see \(help))"
        }
        // A flag another command takes: say which, so `serve --replay-db` is not a riddle.
        for other in FlagTable.commands where other.words != command.words && command.program == other.program {
            if other.visibleFlags.contains(where: { $0.name == spelled }) {
                return "unknown option \(RegionSpec.quoted(spelled)): it is an option of \(other.name), not of "
                    + "\(command.name) (see \(help))"
            }
        }
        return "unknown option \(RegionSpec.quoted(spelled)) (see \(help))"
    }

    /// The flag closest to `spelled` by edit distance, when it is close: at most two edits (a
    /// transposition counts as one), or `spelled` is the start of exactly one flag.
    static func nearest(_ spelled: String, among names: [String]) -> String? {
        guard spelled.hasPrefix("-"), spelled.count <= 64 else { return nil }
        let starts = names.filter { $0.hasPrefix(spelled) && spelled.count >= 4 }
        if starts.count == 1 { return starts[0] }
        var best: (name: String, distance: Int)?
        for name in names {
            let distance = editDistance(Array(spelled.utf8), Array(name.utf8))
            if distance <= 2, distance < (best?.distance ?? .max) { best = (name, distance) }
        }
        return best?.name
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions and adjacent transpositions.
    static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
