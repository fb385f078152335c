import Foundation
import Testing

@testable import OctetCLI

#if canImport(Glibc)
    import Glibc
#endif

/// How a PROOF's bytes are read and a result line is written: whole, whatever the sizes, with the
/// system calls the batch path saves never costing a byte.
@Suite("reading inputs and writing results")
struct InputReadingTests {
    static let folder: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("octet-input-\(getpid())")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    /// A pipe's read and write ends.
    static func pipeEnds() throws -> (reader: Int32, writer: Int32) {
        var fds: [Int32] = [0, 0]
        try #require(pipe(&fds) == 0)
        return (fds[0], fds[1])
    }

    @Test(
        "a regular file is read whole and exactly, below, at and above the read buffer's size",
        arguments: [1, 511, 512, 513, 65_535, 65_536, 65_537, 200_001])
    func regularFileReadWhole(size: Int) throws {
        let bytes = Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        let file = Self.folder.appendingPathComponent("f\(size)")
        try bytes.write(to: file)
        let read = InputFiles.read(InputPath(file.path), what: "PROOF", limit: 1 << 20)
        #expect(try read.get() == bytes)
    }

    @Test("a file whose size fstat misstates (/proc reports 0) is read to its end, not to that size")
    func procFileReadToItsEnd() throws {
        let read = try InputFiles.read(InputPath("/proc/self/status"), what: "PROOF", limit: 1 << 20).get()
        let text = String(decoding: read, as: UTF8.self)
        // The first and the last lines of the kernel's text both arrive.
        #expect(text.hasPrefix("Name:"))
        #expect(text.contains("voluntary_ctxt_switches"))
    }

    @Test("a stream that arrives in pieces, with pauses, is read whole: a short read is not its end")
    func streamReadWhole() throws {
        let (reader, writer) = try Self.pipeEnds()
        defer { close(reader) }
        let first = [UInt8](repeating: 0x41, count: 700)
        let second = [UInt8](repeating: 0x42, count: 300)
        _ = first.withUnsafeBytes { write(writer, $0.baseAddress, $0.count) }
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            usleep(100_000)
            _ = second.withUnsafeBytes { write(writer, $0.baseAddress, $0.count) }
            close(writer)
            done.signal()
        }
        let read = InputFiles.readAll(reader, limit: 1 << 20)
        done.wait()
        #expect(try read.get() == Data(first + second))
    }

    @Test("a stream longer than the first buffer is read whole, however many times the buffer grows")
    func longStreamReadWhole() throws {
        let (reader, writer) = try Self.pipeEnds()
        defer { close(reader) }
        let bytes = (0..<300_001).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ 5) }
        Thread.detachNewThread {
            // More than a pipe holds: the writer blocks until the reader drains it.
            _ = bytes.withUnsafeBytes { write(writer, $0.baseAddress, $0.count) }
            close(writer)
        }
        #expect(try InputFiles.readAll(reader, limit: 1 << 20).get() == Data(bytes))
    }

    @Test("past the limit, a stream and a regular file alike give exactly the limit and one byte more")
    func readStopsOneBytePastTheLimit() throws {
        let bytes = (0..<5_000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) }
        let (reader, writer) = try Self.pipeEnds()
        defer { close(reader) }
        _ = bytes.withUnsafeBytes { write(writer, $0.baseAddress, $0.count) }
        close(writer)
        #expect(try InputFiles.readAll(reader, limit: 1_000).get() == Data(bytes[..<1_001]))

        let file = Self.folder.appendingPathComponent("over-limit")
        try Data(bytes).write(to: file)
        let read = InputFiles.read(InputPath(file.path), what: "PROOF", limit: 1_000, oversize: .truncate)
        #expect(try read.get() == Data(bytes[..<1_001]))
    }

    @Test("a result line is written byte for byte from a String's own storage and from any other collection")
    func writerWritesEveryByte() throws {
        let (reader, writer) = try Self.pipeEnds()
        defer { close(reader) }
        let stream = StreamWriter(fileDescriptor: writer)
        let line = "{\"proof\":\"p.proof\",\"detail\":\"é ✓\"}\n"
        #expect(stream.write(line.utf8))
        #expect(stream.write(line.utf8.reversed()))
        #expect(stream.write([UInt8]()))
        close(writer)
        let read = try InputFiles.readAll(reader, limit: 1 << 20).get()
        #expect(read == Data(Array(line.utf8) + line.utf8.reversed()))
        #expect(stream.failure == nil)
    }
}
