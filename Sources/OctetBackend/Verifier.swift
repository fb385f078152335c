import Foundation
import Octet
import OctetAttestation
import OctetCrypto
import OctetEncoding

/// The one "verify a proof" of every front end: the verifier's configured sources (trust anchors,
/// revocation source, replay store) and `verify(bytes, options, at)` → ``ProofReport``. The CLI's
/// batch, `--requests`, `serve` and any Swift backend call it; none of them calls `Octet.verify`
/// itself. Safe to call from many threads (the replay store makes look-up-and-record atomic).
public final class Verifier: Sendable {
    public let trustAnchors: TrustAnchors
    /// `trustAnchors.fingerprint`, computed once.
    public let anchorsFingerprint: String
    public let revocationSource: (any RevocationSource)?
    public let replayStore: (any ReplayStore)?
    /// How this front end names the options a NOT-CHECKED check waits for.
    public let prompts: OptionPrompts

    public init(
        trustAnchors: TrustAnchors = .bundled, revocationSource: (any RevocationSource)? = nil,
        replayStore: (any ReplayStore)? = nil, prompts: OptionPrompts = .library
    ) {
        self.trustAnchors = trustAnchors
        self.anchorsFingerprint = trustAnchors.fingerprint
        self.revocationSource = revocationSource
        self.replayStore = replayStore
        self.prompts = prompts
    }

    /// The same configuration with other anchors or another revocation source (`SIGHUP`).
    public func replacing(trustAnchors: TrustAnchors? = nil, revocationSource: (any RevocationSource)?? = nil)
        -> Verifier
    {
        Verifier(
            trustAnchors: trustAnchors ?? self.trustAnchors,
            revocationSource: revocationSource ?? self.revocationSource,
            replayStore: replayStore, prompts: prompts)
    }

    /// The same verifier for another thread that verifies at the same time: the same sources, with
    /// its own copies of the hint texts that each report takes a reference to, so two threads never
    /// write the reference count of one object (docs/performance.md, "2026-12-06, evening").
    public func forAnotherThread() -> Verifier {
        Verifier(
            trustAnchors: trustAnchors, revocationSource: revocationSource, replayStore: replayStore,
            prompts: OptionPrompts(prompts.names))
    }

    /// Verifies one proof with the caller's per-proof `options` at `milliseconds` (Unix time).
    /// The options' anchors, revocation source and replay store are the verifier's; `replayStore`
    /// overrides the store (the in-order view of a parallel run, a store gated shut once output is
    /// gone). `path` is the report's name for the proof (a PROOF argument; empty for a request).
    public func verify(
        _ bytes: Data, options: VerifyOptions, at milliseconds: Int64, path: String = "",
        replayStore: (any ReplayStore)?? = nil
    ) -> ProofReport {
        var options = options
        options.verificationTime = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
        options.trustAnchors = trustAnchors
        options.revocationSource = revocationSource
        options.replayStore = replayStore ?? self.replayStore
        // Decoded once: `verify(_:)` reuses the decoding; only undecodable bytes go the other way.
        let proof = try? LocationProof(proofBytes: bytes)
        let verification =
            proof.map { Octet.verify($0, options: options) } ?? Octet.verify(proofBytes: bytes, options: options)
        return ProofReport(
            path: path, proofSHA256: Hex.encode(SHA256.hash(bytes)), verification: verification,
            evidence: proof?.deviceEvidence, verifiedAtMilliseconds: milliseconds, trustAnchors: anchorsFingerprint,
            prompts: prompts, options: options)
    }
}

/// The name `serve`, its tests and Swift backends knew the request verifier by.
public typealias RequestVerifier = Verifier

/// An option a check reports NOT-CHECKED without: the library names it by its `VerifyOptions`
/// member; each front end by its own flag or request member (``OptionPrompts``).
public enum VerifyOptionName: String, Sendable, CaseIterable {
    case expectedRegion, expectedSessionNonce, requireAttestation, replayStore, revocationSource

    /// The checks that are NOT-CHECKED when this option is absent (library names).
    public var checks: [String] {
        switch self {
        case .expectedRegion: [CheckName.regionClaim, CheckName.regionType, CheckName.contains]
        case .expectedSessionNonce: [CheckName.sessionBinding]
        case .requireAttestation: [CheckName.attestationRequired]
        case .replayStore: [CheckName.replayUniqueness]
        case .revocationSource: [CheckName.revocation]
        }
    }

    /// The check's detail in a front end that calls this option `name`.
    public func hint(naming name: String) -> String {
        switch self {
        case .expectedRegion, .expectedSessionNonce: "no \(name) given"
        case .requireAttestation: "\(name) is off"
        case .replayStore: "backend-only: needs a replay store (\(name))"
        case .revocationSource: "backend-only: needs a revocation list (\(name))"
        }
    }

    /// The library's own detail when the option is absent: the hint naming the `VerifyOptions` member.
    public var libraryDetail: String { Self.libraryDetails[index] }

    /// Each option's library detail, written once (a request compares one per NOT-CHECKED check).
    private static let libraryDetails = order.map { $0.hint(naming: $0.rawValue) }

    /// `allCases`, made once (`allCases` builds a new array on each read).
    private static let order = allCases

    /// The option's place in `allCases`, which per-option tables are indexed by: found among five
    /// cases, not hashed.
    var index: Int { Self.order.firstIndex(of: self) ?? 0 }

    /// True when `options` leaves this option out.
    func isAbsent(in options: VerifyOptions) -> Bool {
        switch self {
        case .expectedRegion: options.expectedRegion == nil
        case .expectedSessionNonce: options.expectedSessionNonce == nil
        case .requireAttestation: !options.requireAttestation
        case .replayStore: options.replayStore == nil
        case .revocationSource: options.revocationSource == nil
        }
    }
}

/// How a front end names each option in the hint of a NOT-CHECKED check: `--region` on the
/// command line, `options.expectedRegion` in a request, `serve --replay-store URL` for `serve`'s
/// store. The library's detail stays the library's (it names `VerifyOptions` members, right for a
/// Swift caller); a front end replaces it, when the option is absent, with the hint naming its own.
public struct OptionPrompts: Sendable, Equatable {
    public let names: [VerifyOptionName: String]
    /// Each named option's hint, made once, by the option's `index` (nil: not named).
    let hints: [String?]
    /// No option named: the library's details stay.
    var isEmpty: Bool { names.isEmpty }

    public init(_ names: [VerifyOptionName: String]) {
        self.names = names
        self.hints = VerifyOptionName.allCases.map { option in names[option].map { option.hint(naming: $0) } }
    }

    public static func == (lhs: OptionPrompts, rhs: OptionPrompts) -> Bool { lhs.names == rhs.names }

    /// The library's own details, untouched: a Swift backend calling ``Verifier`` itself.
    public static let library = OptionPrompts([:])

    /// A request's members (docs/service.md), with the sources named as `source` spells them.
    public static func request(sources: [VerifyOptionName: String]) -> OptionPrompts {
        var names = sources
        names[.expectedRegion] = "options.expectedRegion"
        names[.expectedSessionNonce] = "options.expectedSessionNonceBase64"
        names[.requireAttestation] = "options.requireAttestation"
        return OptionPrompts(names)
    }

    /// Each check that waits for an option, with that option (every check waits for one at most).
    static let optionByCheck: [(check: String, option: VerifyOptionName)] = VerifyOptionName.allCases.flatMap {
        option in option.checks.map { (check: $0, option: option) }
    }

    /// This front end's hint for a NOT-CHECKED check of `name` whose detail is `detail`, when the
    /// detail is the library's for the option the check waits for and `options` leaves that option
    /// out; nil otherwise (a check NOT-CHECKED for another reason, `proof not decoded`, keeps its
    /// detail). The detail is read last, only for such a check.
    func hint(check name: String, detail: @autoclosure () -> String, options: VerifyOptions) -> String? {
        guard !isEmpty, let option = Self.option(waitedForBy: name),
            let hint = hints[option.index], option.isAbsent(in: options), detail() == option.libraryDetail
        else { return nil }
        return hint
    }

    /// The option the check `name` waits for, if any. Lengths first: most names differ in length,
    /// and comparing two of them costs more.
    static func option(waitedForBy name: String) -> VerifyOptionName? {
        optionByCheck.first { $0.check.utf8.count == name.utf8.count && $0.check == name }?.option
    }
}
