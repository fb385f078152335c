import Foundation
import OctetCrypto

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Salted content digests, `SHA-256(salt || content)`, for bytes in memory and for files of any size.
///
/// Files are read with `read(2)` through one large buffer, so memory stays bounded (one buffer per
/// call) however large the file is, and only regular files are read (a FIFO or device could block
/// or never end).
public enum ContentHashing {
    /// The read buffer: large enough that system-call overhead is small next to SHA-256 itself.
    public static let readBufferSize = 1 << 20

    /// `SHA-256(salt || bytes)`.
    public static func hash(bytes: Data, salt: [UInt8]) -> [UInt8] {
        var hasher = SHA256Hasher()
        hasher.update(salt)
        hasher.update(bytes)
        return hasher.finalize()
    }

    /// `SHA-256(salt || file)`, streamed; nil when the file cannot be read to its end as a regular file.
    public static func hashFile(url: URL, salt: [UInt8]) -> [UInt8]? {
        if case .digest(let digest) = hashFile(url: url, salt: salt, expectedSize: nil) { return digest }
        return nil
    }

    /// What reading a file for its digest came to.
    enum FileOutcome: Equatable {
        case digest([UInt8])
        /// The file's length (by `fstat`, or as read) is not the expected size.
        case sizeMismatch
        case unreadable
    }

    /// The size of the regular file at `url` by `fstat`, without reading it; nil when it cannot be opened
    /// or is not a regular file.
    static func fileSize(url: URL) -> UInt64? {
        guard let file = OpenFile(url: url) else { return nil }
        return file.size
    }

    /// Hashes the file; with `expectedSize`, compares the size first (no byte is read on a mismatch)
    /// and never reads more than one byte past it, so a file that grows while read cannot stall the check.
    static func hashFile(url: URL, salt: [UInt8], expectedSize: UInt64?) -> FileOutcome {
        guard let file = OpenFile(url: url) else { return .unreadable }
        if let expectedSize, file.size != expectedSize { return .sizeMismatch }
        let limit = expectedSize.map { $0 &+ 1 } ?? UInt64.max
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: readBufferSize, alignment: 64)
        defer { buffer.deallocate() }
        var hasher = SHA256Hasher()
        hasher.update(salt)
        var total: UInt64 = 0
        while total < limit {
            let want = Int(min(UInt64(readBufferSize), limit - total))
            let count = read(file.descriptor, buffer.baseAddress, want)
            if count < 0 {
                if errno == EINTR { continue }
                return .unreadable
            }
            if count == 0 { break }
            hasher.update(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
            total += UInt64(count)
        }
        // Read-back length, not only fstat's: the file may have changed in between.
        if let expectedSize, total != expectedSize { return .sizeMismatch }
        return .digest(hasher.finalize())
    }
}

/// An open, regular, read-only file; closed when released.
private final class OpenFile {
    let descriptor: Int32
    let size: UInt64

    init?(url: URL) {
        guard url.isFileURL else { return nil }
        // O_NONBLOCK so that opening a FIFO cannot hang; it has no effect on regular files.
        let descriptor = url.withUnsafeFileSystemRepresentation { path -> Int32 in
            guard let path else { return -1 }
            return open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        }
        guard descriptor >= 0 else { return nil }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size >= 0 else {
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
        self.size = UInt64(info.st_size)
        #if os(Linux)
            _ = posix_fadvise(descriptor, 0, 0, Int32(POSIX_FADV_SEQUENTIAL))
        #endif
    }

    deinit { close(descriptor) }
}
