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
    /// `--requests`: writes one answer line, false once output is gone; nil is standard output.
    public var writeLine: (@Sendable (String) -> Bool)? = nil

    public init(
        writeOutput: @escaping @Sendable (String) -> Void, writeBinaryOutput: @escaping @Sendable (Data) -> Void,
        writeError: @escaping @Sendable (String) -> Void, outputIsTerminal: Bool = false, errorIsTerminal: Bool = false,
        noColor: Bool = false, now: @escaping @Sendable () -> Int64 = ToolEnvironment.systemClock
    ) {
        self.writeOutput = writeOutput
        self.writeBinaryOutput = writeBinaryOutput
        self.writeError = writeError
        self.outputIsTerminal = outputIsTerminal
        self.errorIsTerminal = errorIsTerminal
        self.noColor = noColor
        self.now = now
    }

    public static let systemClock: @Sendable () -> Int64 = {
        Int64((Date().timeIntervalSince1970 * 1000).rounded(.down))
    }

    /// The process's own standard output and error.
    public static var process: ToolEnvironment {
        ToolEnvironment(
            writeOutput: { FileHandle.standardOutput.write(Data($0.utf8)) },
            writeBinaryOutput: { FileHandle.standardOutput.write($0) },
            writeError: { FileHandle.standardError.write(Data($0.utf8)) },
            outputIsTerminal: isatty(1) == 1, errorIsTerminal: isatty(2) == 1,
            noColor: ProcessInfo.processInfo.environment["NO_COLOR"].map { !$0.isEmpty } ?? false)
    }
}
