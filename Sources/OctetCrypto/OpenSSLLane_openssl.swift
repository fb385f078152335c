internal import COpenSSL
import OctetThreads

#if canImport(Glibc)
    import Glibc
#endif

/// What a thread imports P-256 points into: an OpenSSL library context, the P-256 key whose
/// parameters each import copies, and the spare keys of that context; and the thread's spare
/// SHA-256 contexts.
///
/// OpenSSL 3.0 looks the ECDSA implementation up again on every `EVP_PKEY_verify_init`, under read
/// locks and reference counts of its library context. Two threads in one context take turns writing
/// those words: 36 times a request in `--requests --jobs 2` (docs/performance.md). So the first
/// thread that imports a point keeps OpenSSL's default context (a program on one thread makes no
/// other), and every later thread gets one of `extraCapacity` contexts of its own (shared in turn
/// beyond that).
///
/// Every lane handed to a thread lives as long as the process (`shared` a static, the others kept
/// by `choice`), so a key can refer to its lane unretained. A context that cannot be made leaves
/// its thread on `shared`: slower, never different. Each context loads OpenSSL's default provider
/// and nothing else, the way the default context does here (on first use, as no configuration is
/// read), and frees it with itself.
///
/// `@unchecked Sendable`: `libraryContext` and `parameters` are never mutated after init (OpenSSL
/// documents both as shareable between threads); each pool has its own lock.
final class OpenSSLLane: @unchecked Sendable {
    /// nil: OpenSSL's default library context.
    let libraryContext: OpaquePointer?
    /// A P-256 key (the generator point) made in `libraryContext`.
    let parameters: OpaquePointer
    let keys = P256KeyPool()
    /// SHA-256 contexts: not tied to a library context (the digest is the default context's), kept
    /// here so that each lane's threads have a pool of their own.
    let sha256Contexts = SHA256ContextPool()

    /// The lanes with a library context of their own, at most.
    static let extraCapacity = 8

    private init?(libraryContext: OpaquePointer?) {
        ensureOpenSSL()
        defer { drainOpenSSLErrors() }
        let generator: [UInt8] = [
            0x04, 0x6B, 0x17, 0xD1, 0xF2, 0xE1, 0x2C, 0x42, 0x47, 0xF8, 0xBC, 0xE6, 0xE5, 0x63, 0xA4, 0x40, 0xF2,
            0x77, 0x03, 0x7D, 0x81, 0x2D, 0xEB, 0x33, 0xA0, 0xF4, 0xA1, 0x39, 0x45, 0xD8, 0x98, 0xC2, 0x96,
            0x4F, 0xE3, 0x42, 0xE2, 0xFE, 0x1A, 0x7F, 0x9B, 0x8E, 0xE7, 0xEB, 0x4A, 0x7C, 0x0F, 0x9E, 0x16,
            0x2B, 0xCE, 0x33, 0x57, 0x6B, 0x31, 0x5E, 0xCE, 0xCB, 0xB6, 0x40, 0x68, 0x37, 0xBF, 0x51, 0xF5,
        ]
        guard
            let key = generator.withUnsafeBufferPointer({
                octet_p256_public_key(libraryContext, $0.baseAddress, $0.count)
            })
        else { return nil }
        self.libraryContext = libraryContext
        self.parameters = key
    }

    /// Only a lane that a test made ends (the process's lanes never do); every key imported into it
    /// must have ended first.
    deinit {
        keys.freeAll()
        EVP_PKEY_free(parameters)
        if let libraryContext { OSSL_LIB_CTX_free(libraryContext) }
    }

    /// OpenSSL's default context: the first importing thread's lane, adopted keys' lane, and every
    /// thread's when no other can be made.
    static let shared: OpenSSLLane = {
        guard let lane = OpenSSLLane(libraryContext: nil) else { fatalError("OpenSSL cannot make a P-256 key") }
        return lane
    }()

    /// A lane with a library context of its own; nil when OpenSSL cannot make one.
    static func withOwnContext() -> OpenSSLLane? {
        ensureOpenSSL()
        guard let context = OSSL_LIB_CTX_new() else { return nil }
        guard let lane = OpenSSLLane(libraryContext: context) else {
            OSSL_LIB_CTX_free(context)
            return nil
        }
        return lane
    }

    /// Whether this lane has a library context of its own, not OpenSSL's default.
    var hasOwnContext: Bool { libraryContext != nil }

    /// The lanes handed out so far, under a lock (`OctetThreads.Lock`, which ThreadSanitizer sees).
    private static let choice = LockedChoice()

    private final class LockedChoice: @unchecked Sendable {
        private let lock = Lock()
        private var choice = LaneChoice<OpenSSLLane>(capacity: OpenSSLLane.extraCapacity)

        func next() -> OpenSSLLane {
            lock.withLock { choice.next(shared: OpenSSLLane.shared, make: OpenSSLLane.withOwnContext) }
        }
    }

    /// The thread-specific slot that holds each thread's lane, unretained; nil when the system has
    /// no key left (every thread then takes `shared`).
    private static let slot: pthread_key_t? = {
        var key = pthread_key_t()
        return pthread_key_create(&key, nil) == 0 ? key : nil
    }()

    /// This thread's lane, chosen on the thread's first import.
    static var current: OpenSSLLane {
        guard let slot else { return shared }
        if let stored = pthread_getspecific(slot) {
            return Unmanaged<OpenSSLLane>.fromOpaque(stored).takeUnretainedValue()
        }
        let lane = choice.next()
        // Lanes handed out are never freed (`LaneChoice` keeps them), so the slot may hold one unretained.
        _ = pthread_setspecific(slot, Unmanaged.passUnretained(lane).toOpaque())
        return lane
    }
}

/// Which lane the next thread gets: `shared` for the first; then a new one while fewer than
/// `capacity` were made; then those in turn. `shared` when a new one cannot be made and none was.
/// Keeps every lane it made.
struct LaneChoice<Lane: AnyObject> {
    let capacity: Int
    private(set) var made: [Lane] = []
    private var sharedTaken = false
    private var turn = 0

    init(capacity: Int) { self.capacity = capacity }

    mutating func next(shared: Lane, make: () -> Lane?) -> Lane {
        if !sharedTaken {
            sharedTaken = true
            return shared
        }
        if made.count < capacity, let lane = make() {
            made.append(lane)
            return lane
        }
        guard !made.isEmpty else { return shared }
        defer { turn += 1 }
        return made[turn % made.count]
    }
}

/// Public keys and their verification contexts, kept when their `OpenSSLP256PublicKey` ends so that
/// the next import in the same lane sets its point on them instead of making new ones. Only keys
/// made by `init(point:)` and never shared come here; at most `capacity` are kept (memory stays
/// flat), the rest are freed.
///
/// `@unchecked Sendable`: `free` is read and written under `lock` only; a pooled key is owned by
/// the pool alone until `take` hands it to exactly one caller.
final class P256KeyPool: @unchecked Sendable {
    private var free: [(key: OpaquePointer, context: OpaquePointer?)] = []
    private let lock = Lock()
    static let capacity = 64

    func take() -> (OpaquePointer, OpaquePointer?)? { lock.withLock { free.popLast() } }

    /// Frees every kept key and context (a lane that ends).
    func freeAll() {
        lock.lock()
        let kept = free
        free = []
        lock.unlock()
        for (key, context) in kept { Self.release(key, context) }
    }

    /// How many keys are kept (for tests).
    var count: Int { lock.withLock { free.count } }

    func give(_ key: OpaquePointer, _ context: OpaquePointer?) {
        lock.lock()
        if free.count < Self.capacity {
            free.append((key, context))
            lock.unlock()
            return
        }
        lock.unlock()
        Self.release(key, context)
    }

    /// Frees a key and its context, when neither is kept.
    static func release(_ key: OpaquePointer, _ context: OpaquePointer?) {
        if let context { EVP_PKEY_CTX_free(context) }
        EVP_PKEY_free(key)
    }
}
