import OctetBackend

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `octet-verify replay prune`: removes replay records past the freshness horizon, from either
/// store. docs/service.md ("Pruning") says why the default and the minimum are safe.
public struct ReplayPruneConfiguration: Sendable, Equatable {
    public var store: ReplayStoreURL
    public var olderThanSeconds: Int64 = ReplayPruneHorizon.defaultSeconds

    public init(store: ReplayStoreURL, olderThanSeconds: Int64 = ReplayPruneHorizon.defaultSeconds) {
        self.store = store
        self.olderThanSeconds = olderThanSeconds
    }
}

/// `replay prune`'s flags as read, before the store and the age are judged together.
struct ReplayPruneArguments: Sendable {
    var store: ReplayStoreURL?
    /// `--replay-store` and `--replay-db`, as given: they name one store two ways.
    var storeFlags: [String] = []
    var olderThanSeconds: Int64?
}

enum ReplayCommand {
    /// What `replay prune --help` says below the usage.
    static let about = """
        Removes the replay records accepted more than SECONDS ago (default \(ReplayPruneHorizon.defaultSeconds)).
        SECONDS is at least \(ReplayPruneHorizon.minimumSeconds): the default freshness window (\(ReplayPruneHorizon.defaultFreshnessWindowSeconds) s) plus the
        \(ReplayPruneHorizon.futureSkewSeconds) s a device clock may run ahead. If verifiers sharing the store accept a longer
        --max-age, use at least that window plus \(ReplayPruneHorizon.futureSkewSeconds) s, plus a margin for clocks that disagree.
        """

    static var usage: String { HelpText.render(FlagTable.replayPruneCommand) }

    /// The largest age accepted: a century, far from overflowing milliseconds.
    static let maximumSeconds: Int64 = 100 * 366 * 86_400

    static func parse(_ arguments: ArraySlice<[UInt8]>) throws(CLIError) -> Command {
        guard let verb = arguments.first.map({ String(decoding: $0, as: UTF8.self) }) else {
            throw .usage("replay: expected prune (see octet-verify replay --help)")
        }
        if verb == "--help" || verb == "-h" { return .replayHelp }
        guard verb == "prune" else {
            throw .usage("replay: unknown command \(RegionSpec.quoted(verb)); expected prune")
        }
        let command = FlagTable.replayPruneCommand
        var c = ReplayPruneArguments()
        let outcome = try FlagParser.parse(
            Array(arguments.dropFirst()), command: command, rows: FlagTable.replayPruneRows, into: &c, operand: nil)
        if case .informational = outcome { return .replayHelp }
        if c.storeFlags.count > 1 {
            throw .usage(
                command.messagePrefix
                    + "--replay-db and --replay-store name one replay store two ways: give one of them")
        }
        guard let store = c.store else {
            throw .usage(command.messagePrefix + "name the store with --replay-store URL or --replay-db FILE")
        }
        return .replayPrune(
            ReplayPruneConfiguration(
                store: store, olderThanSeconds: c.olderThanSeconds ?? ReplayPruneHorizon.defaultSeconds))
    }

    static func seconds(_ text: String) throws(CLIError) -> Int64 {
        guard !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }), text.count <= 12,
            let seconds = Int64(text), seconds <= maximumSeconds
        else { throw .usage("--older-than: expected whole seconds, got \(RegionSpec.quoted(text))") }
        guard seconds >= ReplayPruneHorizon.minimumSeconds else {
            throw .usage(
                "--older-than: at least \(ReplayPruneHorizon.minimumSeconds) s (the default freshness window plus "
                    + "the \(ReplayPruneHorizon.futureSkewSeconds) s future skew): a younger record still stops a replay"
            )
        }
        return seconds
    }

    /// Prunes, and says how many records went. An SQLite file that does not exist is 66, "no
    /// such replay store" (never created: a mistyped path must not pass for an empty store); a
    /// store it cannot open is 66; one it cannot reach or use is 69 (EX_UNAVAILABLE).
    static func run(_ c: ReplayPruneConfiguration, io: ToolOutput) -> Int32 {
        let where_ = c.store.logSafeDescription
        if case .sqlite(let path) = c.store {
            var info = stat()
            if stat(path, &info) != 0 {
                let reason = String(cString: strerror(errno))
                io.error("replay prune: \(where_): no such replay store (\(reason))")
                return io.status(ExitStatus.unreadable)
            }
        }
        let count: ReplayPruneCount
        do throws(ReplayStoreError) {
            let store = try c.store.open(onMigration: { io.error($0.message) })
            count = try store.prune(
                olderThanMilliseconds: c.olderThanSeconds * 1_000, atMilliseconds: io.environment.now())
        } catch {
            io.error("replay prune: \(where_): \(error.reason)")
            return io.status(error.code == .unusable ? ExitStatus.unreadable : ExitStatus.unavailable)
        }
        io.output(
            "pruned \(count.proofs) proofs and \(count.sessionNonces) session nonces accepted more than "
                + "\(c.olderThanSeconds) s ago from \(where_)\n")
        return io.status(0)
    }
}
