#if Serve && os(Linux)
    import Foundation
    import OctetBackend
    import OctetEncoding
    import Testing

    @testable import OctetServe

    #if canImport(Glibc)
        import Glibc
    #endif

    /// The access log writes each line whole and in order from many threads at once, and a reader that
    /// stops reading stalls only the thread writing, never the others.
    @Suite("serve: the access log under concurrent requests")
    struct AccessLogTests {
        static let answer = HTTPAnswer(status: 200, contentType: "application/json", body: [])

        /// The log's lines, read from `fd` until end of file.
        static func readAll(_ fd: Int32) -> [Substring] {
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if count <= 0 { break }
                bytes += chunk[..<count]
            }
            return String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        }

        /// The request id and event name of one line, when it is one whole JSON object.
        static func fields(_ line: Substring) -> (requestId: String?, event: String)? {
            guard case .success(.object(let object)) = JSONReader.parse(Array(line.utf8)),
                case .string(let event)? = object["event"]
            else { return nil }
            if case .string(let id)? = object["requestId"] { return (id, event) }
            if case .string(let id)? = object["id"] { return (id, event) }
            return (nil, event)
        }

        @Test("lines from eight threads at once are each whole, none lost, each thread's in its order")
        func wholeLinesInOrder() throws {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("access-\(UUID().uuidString).log")
                .path
            let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
            try #require(fd >= 0)
            defer { unlink(path) }
            let log = AccessLog(fd: fd, clock: { 1_765_000_000_000 })
            let threads = 8
            let perThread = 400
            DispatchQueue.concurrentPerform(iterations: threads) { thread in
                for index in 0..<perThread {
                    // Requests do not wait for their line; events do: both paths, interleaved.
                    if index.isMultiple(of: 5) {
                        log.event("mark", ["id": .string("t\(thread)-\(index)")])
                    } else {
                        log.request(
                            method: "POST", path: "/v1/verify", requestId: "t\(thread)-\(index)", answer: Self.answer,
                            seconds: 0.001)
                    }
                }
            }
            close(fd)
            let reader = open(path, O_RDONLY | O_CLOEXEC)
            try #require(reader >= 0)
            defer { close(reader) }
            let lines = Self.readAll(reader)
            #expect(lines.last == "", "the log ends with a newline")
            let parsed = lines.dropLast().map(Self.fields)
            #expect(parsed.count == threads * perThread)
            #expect(!parsed.contains { $0 == nil }, "every line is one whole JSON object")
            for thread in 0..<threads {
                let seen = parsed.compactMap { $0?.requestId }.filter { $0.hasPrefix("t\(thread)-") }
                #expect(seen == (0..<perThread).map { "t\(thread)-\($0)" }, "thread \(thread)'s lines, in order")
            }
        }

        @Test("a reader that stops reading stalls the writing thread only; its lines follow once it reads")
        func stalledReaderStallsOneThread() throws {
            var ends: [Int32] = [0, 0]
            try #require(pipe(&ends) == 0)
            let (readEnd, writeEnd) = (ends[0], ends[1])
            defer { close(readEnd) }
            // Fill the pipe, so that the next write blocks.
            _ = fcntl(writeEnd, F_SETFL, fcntl(writeEnd, F_GETFL) | O_NONBLOCK)
            let filler = [UInt8](repeating: UInt8(ascii: "\n"), count: 4096)
            var filled = 0
            while true {
                let written = filler.withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count) }
                if written <= 0 { break }
                filled += written
            }
            _ = fcntl(writeEnd, F_SETFL, fcntl(writeEnd, F_GETFL) & ~O_NONBLOCK)
            let log = AccessLog(fd: writeEnd, clock: { 1_765_000_000_000 }, maxPending: 64 * 1024)

            let stalled = DispatchSemaphore(value: 0)
            Thread {
                log.request(method: "POST", path: "/v1/verify", requestId: "first", answer: Self.answer, seconds: 0)
                stalled.signal()
            }.start()
            // The first thread is the writer, blocked in write(2).
            var waited = 0
            while !log.isWriting, waited < 500 {
                usleep(10_000)
                waited += 1
            }
            try #require(log.isWriting)

            // Other threads' requests return at once: added while they fit, dropped past the bound.
            let others = DispatchSemaphore(value: 0)
            Thread {
                for index in 0..<2000 {
                    log.request(
                        method: "POST", path: "/v1/verify", requestId: "later-\(index)", answer: Self.answer, seconds: 0
                    )
                }
                others.signal()
            }.start()
            #expect(others.wait(timeout: .now() + 20) == .success, "the other thread never waited for the stalled one")
            #expect(stalled.wait(timeout: .now()) == .timedOut, "the writer is still stalled")

            // The reader reads again: the writer writes its line and every pending one, then returns.
            let reading = DispatchSemaphore(value: 0)
            let collected = Collected()
            Thread {
                collected.lines = Self.readAll(readEnd)
                reading.signal()
            }.start()
            #expect(stalled.wait(timeout: .now() + 20) == .success)
            close(writeEnd)
            #expect(reading.wait(timeout: .now() + 20) == .success)
            let ids = collected.lines.compactMap { Self.fields($0)?.requestId }
            #expect(ids.first == "first")
            let later = ids.dropFirst()
            #expect(later.count > 100 && later.count < 2000, "lines up to the bound kept, the rest dropped")
            #expect(Array(later) == (0..<later.count).map { "later-\($0)" }, "kept in order, from the first")
            #expect(filled > 0)
        }

        /// `@unchecked Sendable`: written by one thread before the semaphore the reader waits on.
        final class Collected: @unchecked Sendable {
            var lines: [Substring] = []
        }
    }
#endif
