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
            writeOutput: { text in
                var text = text
                text.withUTF8 { writeAll(1, UnsafeRawBufferPointer($0)) }
            },
            writeBinaryOutput: { data in data.withUnsafeBytes { writeAll(1, $0) } },
            writeError: { text in
                var text = text
                text.withUTF8 { writeAll(2, UnsafeRawBufferPointer($0)) }
            },
            outputIsTerminal: isatty(1) == 1, errorIsTerminal: isatty(2) == 1,
            // getenv, not ProcessInfo.environment: that builds a dictionary of every variable.
            noColor: getenv("NO_COLOR").map { $0.pointee != 0 } ?? false)
    }
}

/// Writes every byte to `descriptor` with write(2), retrying after a signal and after a short
/// write; stops at the first other error (a closed pipe, a full disk): never a crash. Plain
/// write(2) rather than FileHandle, whose set-up cost a fresh process 0.2 M instructions.
func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) {
    guard var pointer = bytes.baseAddress else { return }
    var remaining = bytes.count
    while remaining > 0 {
        let written = write(descriptor, pointer, remaining)
        if written < 0 {
            if errno == EINTR { continue }
            return
        }
        pointer += written
        remaining -= written
    }
}
