import Foundation
import Testing

@testable import OctetCLI

#if canImport(Glibc)
    import Glibc
#endif

/// How `--requests` cuts its input into lines: every line whole and in order, however the bytes
/// arrive; a line over the limit one `.tooLong`, never kept, with the lines after it still read.
@Suite("request lines: cut at newlines, bounded by the limit")
struct RequestLinesTests {
    /// Every line `RequestLines` gives for `input` written into a pipe `chunk` bytes at a time
    /// (from another thread: a pipe holds only so much).
    static func lines(of input: [UInt8], chunk: Int, limit: Int) throws -> [RequestLines.Line] {
        var fds: [Int32] = [0, 0]
        try #require(pipe(&fds) == 0)
        let (reader, writer) = (fds[0], fds[1])
        let written = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            var offset = 0
            while offset < input.count {
                let count = min(chunk, input.count - offset)
                let result = input.withUnsafeBytes { write(writer, $0.baseAddress! + offset, count) }
                if result <= 0 { break }
                offset += result
            }
            close(writer)
            written.signal()
        }
        defer {
            written.wait()
            close(reader)
        }
        var lines = RequestLines(fd: reader, limit: limit)
        var result: [RequestLines.Line] = []
        while let line = try lines.next() { result.append(line) }
        return result
    }

    /// A line of `count` bytes, all `byte`.
    static func line(_ count: Int, _ byte: UInt8 = 0x61) -> [UInt8] { [UInt8](repeating: byte, count: count) }

    @Test(
        "lines come out whole and in order whatever size the writes are, across reads and storage growth",
        arguments: [1, 3, 4096, 65_535, 65_536, 65_537, 300_000])
    func wholeLinesWhateverTheWrites(chunk: Int) throws {
        // Short and long lines, some longer than one read (64 KiB), and an empty one.
        let sizes = [5, 0, 70_000, 1, 131_072, 65_535, 65_536, 2, 150_001, 17]
        let expected: [[UInt8]] = sizes.enumerated().map { Self.line($0.element, UInt8(0x61 + $0.offset)) }
        let input: [UInt8] = expected.flatMap { $0 + [0x0A] }
        let lines = try Self.lines(of: input, chunk: chunk, limit: 200_000)
        #expect(lines == expected.map { RequestLines.Line.line($0) })
    }

    @Test("a line at the limit is a line; one byte over is tooLong, and the next line still arrives")
    func limitIsInclusive() throws {
        let limit = 100_000
        let input = Self.line(limit) + [0x0A] + Self.line(limit + 1) + [0x0A] + Array("next".utf8) + [0x0A]
        let lines = try Self.lines(of: input, chunk: 10_000, limit: limit)
        #expect(lines == [.line(Self.line(limit)), .tooLong, .line(Array("next".utf8))])
    }

    @Test(
        "a line far over the limit is one tooLong however long it is, and is never kept whole",
        arguments: [70_000, 1 << 20, 5 << 20])
    func farOverTheLimit(length: Int) throws {
        let input = Self.line(length) + [0x0A] + Array("after".utf8) + [0x0A]
        let lines = try Self.lines(of: input, chunk: 1 << 16, limit: 65_000)
        #expect(lines == [.tooLong, .line(Array("after".utf8))])
    }

    @Test("the last line may end without a newline; over the limit it is still tooLong")
    func lastLineWithoutNewline() throws {
        #expect(try Self.lines(of: Array("a\nbc".utf8), chunk: 1, limit: 10) == [.line([0x61]), .line([0x62, 0x63])])
        #expect(
            try Self.lines(of: Array("a\n".utf8) + Self.line(11), chunk: 4, limit: 10) == [.line([0x61]), .tooLong])
        #expect(try Self.lines(of: [], chunk: 1, limit: 10) == [])
    }

    @Test("a read error is thrown with its errno, not taken for the end of input")
    func readErrorThrown() throws {
        // read(2) on a directory fails with EISDIR.
        let fd = open(FileManager.default.temporaryDirectory.path, O_RDONLY | O_DIRECTORY)
        try #require(fd >= 0)
        defer { close(fd) }
        var lines = RequestLines(fd: fd, limit: 10)
        #expect(throws: RequestLines.ReadError.io(EISDIR)) { _ = try lines.next() }
    }
}
