import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads newline-terminated lines from a file descriptor, each at most `limit` bytes, handing each
/// over as soon as its newline arrives (a co-process writes one request and waits for the answer).
///
/// Memory is bounded by the limit: a longer line is not kept, only reported as `.tooLong` once its
/// end arrives. The last line may end without a newline.
struct RequestLines {
    enum Line: Equatable {
        case line([UInt8])
        case tooLong
    }

    enum ReadError: Error, Equatable {
        case io(Int32)
    }

    private let fd: Int32
    private let limit: Int
    /// The bytes read and not yet handed over are `storage[start..<end]`; reads go straight into
    /// the room after `end` (no second copy of the input).
    private var storage = [UInt8](repeating: 0, count: Self.readSize)
    private var start = 0
    private var end = 0
    /// Bytes of the current line already searched for a newline (up to `scanned`).
    private var scanned = 0
    /// True while the current line went past the limit: its bytes are dropped up to its newline.
    private var discarding = false
    private var atEnd = false

    /// What one `read(2)` asks for at least.
    private static let readSize = 1 << 16

    init(fd: Int32, limit: Int) {
        self.fd = fd
        self.limit = limit
    }

    /// The next line, nil at the end of input.
    mutating func next() throws(ReadError) -> Line? {
        while true {
            if let newline = newline(from: max(scanned, start)) {
                let line = Array(storage[start..<newline])
                start = newline + 1
                scanned = start
                if discarding {
                    discarding = false
                    return .tooLong
                }
                if line.count > limit { return .tooLong }
                return .line(line)
            }
            scanned = end
            if end - start > limit {
                discarding = true
                start = end
                scanned = end
            }
            if atEnd {
                if discarding {
                    discarding = false
                    return .tooLong
                }
                guard end > start else { return nil }
                let line = Array(storage[start..<end])
                start = end
                scanned = end
                return .line(line)
            }
            makeRoom()
            let room = storage.count - end
            let count = storage.withUnsafeMutableBytes { read(fd, $0.baseAddress! + end, room) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .io(errno)
            }
            if count == 0 { atEnd = true } else { end += count }
        }
    }

    /// The index of the first newline in `storage[from..<end]`, found by `memchr`.
    private func newline(from: Int) -> Int? {
        guard from < end else { return nil }
        return storage.withUnsafeBytes { bytes in
            memchr(bytes.baseAddress! + from, Int32(UInt8(ascii: "\n")), end - from).map {
                UnsafeRawPointer($0) - bytes.baseAddress!
            }
        }
    }

    /// At least `readSize` bytes of room after `end`: the pending bytes moved to the front (lines
    /// handed over are dropped in bulk), the storage grown only for a line longer than it.
    private mutating func makeRoom() {
        if start > 0 {
            let pending = end - start
            storage.withUnsafeMutableBytes { bytes in
                let base = bytes.baseAddress!
                if pending > 0 { memmove(base, base + start, pending) }
            }
            scanned -= start
            end = pending
            start = 0
        }
        // A line is dropped once longer than the limit, so the pending bytes stay within
        // `limit + readSize` and the storage within `limit + 2 * readSize`.
        if storage.count - end < Self.readSize {
            let size = max(
                min(max(storage.count * 2, end + Self.readSize), limit + 2 * Self.readSize), end + Self.readSize)
            storage.append(contentsOf: repeatElement(0, count: size - storage.count))
        }
    }
}
