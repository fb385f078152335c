import Foundation
import OctetCrypto
import OctetEncoding
import OctetThreads

/// The roots that hardware attestation is traced to: Apple's App Attestation Root CA, and
/// Google's hardware attestation roots (the RSA-4096 key in its four certificates, and the
/// EC P-384 "Key Attestation CA1").
///
/// `VerifyOptions.trustAnchors` *replaces* the bundled set (tests, private deployments). An
/// anchor's own validity is never judged: a root is trusted for its key and its name.
///
/// Each platform's roots are parsed once, on first use, and only for a proof of that platform
/// (`appAttestRoots`, `androidRoots`); copies of a `TrustAnchors` share the parsed set.
///
/// The bundled roots belong to the type: a value holds a reference only for a platform whose roots
/// were given, so options that trust the bundled roots (copied several times a proof) retain nothing
/// whose count another thread's copies also write (docs/performance.md, "Two cores verifying at once").
public struct TrustAnchors: Sendable, Hashable {
    /// DER certificates that an App Attest credential chain may end at.
    public var appAttestRootsDER: [Data] {
        get { appAttestRoots.derCertificates }
        set { givenAppAttestRoots = AnchorSet(newValue) }
    }
    /// DER certificates that an Android Key Attestation chain may end at.
    public var androidRootsDER: [Data] {
        get { androidRoots.derCertificates }
        set { givenAndroidRoots = AnchorSet(newValue) }
    }

    /// The App Attest roots, parsed on first use.
    public var appAttestRoots: AnchorSet { givenAppAttestRoots ?? Self.bundledAppAttestRoots }
    /// The Android roots, parsed on first use.
    public var androidRoots: AnchorSet { givenAndroidRoots ?? Self.bundledAndroidRoots }

    /// The roots given for each platform; nil: the bundled ones.
    private var givenAppAttestRoots: AnchorSet?
    private var givenAndroidRoots: AnchorSet?

    public init(appAttestRootsDER: [Data], androidRootsDER: [Data]) {
        self.givenAppAttestRoots = AnchorSet(appAttestRootsDER)
        self.givenAndroidRoots = AnchorSet(androidRootsDER)
    }

    private init() {}

    /// The roots compiled into the library from `Roots/` (no resource bundle: a binary copied
    /// alone anywhere trusts the same roots).
    public static let bundled = TrustAnchors()

    private static let bundledAppAttestRoots = AnchorSet(BundledRoots.appAttest.map { Data($0.der) })
    private static let bundledAndroidRoots = AnchorSet(BundledRoots.android.map { Data($0.der) })

    /// Equal when both platforms' DER lists are equal, whether given or bundled.
    public static func == (lhs: TrustAnchors, rhs: TrustAnchors) -> Bool {
        lhs.appAttestRoots == rhs.appAttestRoots && lhs.androidRoots == rhs.androidRoots
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(appAttestRoots)
        hasher.combine(androidRoots)
    }

    /// A short, stable hex digest of the set (order-independent), for logs: two verifiers print
    /// the same value exactly when they trust the same roots for the same platforms.
    public var fingerprint: String {
        // The bundled set's value was computed when the roots were generated (tested equal).
        if appAttestRoots === Self.bundledAppAttestRoots, androidRoots === Self.bundledAndroidRoots {
            return BundledRoots.fingerprint
        }
        var hasher = SHA256Hasher()
        hasher.update(Array("octet/v1/anchors\0".utf8))
        for group in [appAttestRootsDER, androidRootsDER] {
            let digests = group.map { SHA256.hash($0) }.sorted { $0.lexicographicallyPrecedes($1) }
            hasher.update(Self.u32be(digests.count))
            for digest in digests { hasher.update(digest) }
        }
        return Hex.encode(hasher.finalize().prefix(8))
    }

    private static func u32be(_ value: Int) -> [UInt8] {
        let v = UInt32(clamping: value)
        return [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
    }
}

/// One platform's roots: the DER as given, and the certificates parsed from it once, on first
/// use, indexed by subject name.
///
/// A DER that does not parse is left out, so chains to it fail closed ("does not lead to a
/// trusted root"); an empty set trusts nothing. Equal when the DER lists are equal.
///
/// `@unchecked Sendable`: the parsed index is written once under `lock` and only read after;
/// `Certificate` is itself safe to share.
public final class AnchorSet: @unchecked Sendable, Hashable {
    /// The DER certificates, in the order given.
    public let derCertificates: [Data]
    private let lock = Lock()
    private var index: [[UInt8]: [Certificate]]?

    init(_ derCertificates: [Data]) {
        self.derCertificates = derCertificates
    }

    /// The roots whose subject is exactly `name` (DER bytes): the candidates to have signed a
    /// certificate whose issuer is `name`.
    public func roots(named name: [UInt8]) -> [Certificate] {
        parsed()[name] ?? []
    }

    /// True when some root named `certificate`'s issuer verifies its signature.
    public func anchors(_ certificate: Certificate) -> Bool {
        roots(named: certificate.issuerDER).contains { certificate.isSignedBy($0) }
    }

    private func parsed() -> [[UInt8]: [Certificate]] {
        lock.lock()
        defer { lock.unlock() }
        if let index { return index }
        var built: [[UInt8]: [Certificate]] = [:]
        for der in derCertificates {
            guard let certificate = try? Certificate(derEncoded: [UInt8](der)) else { continue }
            built[certificate.subjectDER, default: []].append(certificate)
        }
        index = built
        return built
    }

    public static func == (lhs: AnchorSet, rhs: AnchorSet) -> Bool {
        lhs === rhs || lhs.derCertificates == rhs.derCertificates
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(derCertificates) }
}

/// One root compiled into the library (`BundledRoots+Data.swift`, generated by
/// `scripts/generate-roots` from `Roots/`): its PEM file, relative to `Roots/`, and its DER.
package struct BundledRoot: Sendable {
    package let file: String
    package let der: [UInt8]
}

/// The bundled roots by platform; the byte arrays are in `BundledRoots+Data.swift`.
package enum BundledRoots {}
