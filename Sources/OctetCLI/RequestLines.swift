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
    private var buffer: [UInt8] = []
    /// Where the current line starts in `buffer` (consumed lines are dropped in bulk, not one by one).
    private var start = 0
    /// Bytes of `buffer` already searched for a newline.
    private var scanned = 0
    /// True while the current line went past the limit: its bytes are dropped up to its newline.
    private var discarding = false
    private var atEnd = false
    private var chunk = [UInt8](repeating: 0, count: 1 << 16)

    init(fd: Int32, limit: Int) {
        self.fd = fd
        self.limit = limit
    }

    /// The next line, nil at the end of input.
    mutating func next() throws(ReadError) -> Line? {
        while true {
            if let newline = buffer[max(scanned, start)...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = Array(buffer[start..<newline])
                start = newline + 1
                scanned = start
                if discarding {
                    discarding = false
                    return .tooLong
                }
                if line.count > limit { return .tooLong }
                return .line(line)
            }
            if start > 0 {
                buffer.removeSubrange(..<start)
                start = 0
            }
            scanned = buffer.count
            if buffer.count > limit {
                discarding = true
                buffer.removeAll(keepingCapacity: true)
                scanned = 0
            }
            if atEnd {
                if discarding {
                    discarding = false
                    return .tooLong
                }
                guard !buffer.isEmpty else { return nil }
                let line = buffer
                buffer = []
                scanned = 0
                return .line(line)
            }
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .io(errno)
            }
            if count == 0 {
                atEnd = true
            } else {
                buffer.append(contentsOf: chunk[..<count])
            }
        }
    }
}
