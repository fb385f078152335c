import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the tool writes, and what it knows about its terminal: injected so tests run it in-process.
public struct ToolEnvironment: Sendable {
    public var writeOutput: @Sendable (String) -> Void
    public var writeBinaryOutput: @Sendable (Data) -> Void
    public var writeError: @Sendable (String) -> Void
    public var outputIsTerminal: Bool
    public var errorIsTerminal: Bool
    /// `NO_COLOR` is set (https://no-color.org).
    public var noColor: Bool
    /// The clock, Unix milliseconds, for runs without `--at`.
    public var now: @Sendable () -> Int64
    /// The first write to standard output that failed; nil while every write succeeded. The tool
    /// asks after each write, and stops (exit 74) once output is gone.
    public var outputFailure: @Sendable () -> WriteFailure?
    /// The same for standard error.
    public var errorFailure: @Sendable () -> WriteFailure?
    /// `--requests`: writes one or more answer lines (UTF-8, newlines included) as they are, false
    /// once output is gone; nil: through `writeOutput`, as a `String`.
    public var writeLines: (@Sendable ([UInt8]) -> Bool)? = nil

    public init(
        writeOutput: @escaping @Sendable (String) -> Void, writeBinaryOutput: @escaping @Sendable (Data) -> Void,
        writeError: @escaping @Sendable (String) -> Void, outputIsTerminal: Bool = false, errorIsTerminal: Bool = false,
        noColor: Bool = false, now: @escaping @Sendable () -> Int64 = ToolEnvironment.systemClock,
        outputFailure: @escaping @Sendable () -> WriteFailure? = { nil },
        errorFailure: @escaping @Sendable () -> WriteFailure? = { nil }
    ) {
        self.writeOutput = writeOutput
        self.writeBinaryOutput = writeBinaryOutput
        self.writeError = writeError
        self.outputIsTerminal = outputIsTerminal
        self.errorIsTerminal = errorIsTerminal
        self.noColor = noColor
        self.now = now
        self.outputFailure = outputFailure
        self.errorFailure = errorFailure
    }

    public static let systemClock: @Sendable () -> Int64 = {
        Int64((Date().timeIntervalSince1970 * 1000).rounded(.down))
    }

    /// The process's own standard output and error, written with checked `write(2)` calls
    /// (``StreamWriter``). Ignores `SIGPIPE`, so a reader that goes away is a failed write, not a kill.
    public static var process: ToolEnvironment {
        StreamWriter.ignoreSIGPIPE()
        let open = StreamWriter.claimStandardDescriptors()
        let closed = WriteFailure(errno: EBADF)
        let output = StreamWriter(fileDescriptor: 1, failed: open.output ? nil : closed)
        let error = StreamWriter(fileDescriptor: 2, failed: open.error ? nil : closed)
        var environment = ToolEnvironment(
            writeOutput: { output.write($0.utf8) },
            writeBinaryOutput: { output.write($0) },
            writeError: { error.write($0.utf8) },
            outputIsTerminal: isatty(1) == 1, errorIsTerminal: isatty(2) == 1,
            // getenv, not ProcessInfo.environment: that builds a dictionary of every variable.
            noColor: getenv("NO_COLOR").map { $0.pointee != 0 } ?? false,
            outputFailure: { output.failure }, errorFailure: { error.failure })
        environment.writeLines = { output.write($0) }
        return environment
    }
}
