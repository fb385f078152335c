import Foundation
import Octet
import OctetAttestation
import OctetContent
import OctetEncoding

/// The `options` object of a request (service.md) and of a conformance vector (docs/conformance.md),
/// decoded straight into `VerifyOptions`. This is the one codec of that object: the conformance
/// tests, the vector generator, `--requests` and `serve` all read it here, and the generator writes
/// it here. Both directions, and `==`, are driven by one table, ``members``: a row per member gives
/// its name, how it is read, how it is written and its default, as `FlagTable`'s rows drive the
/// command line's parsing and help. The command line's per-proof flags fill one too
/// (`VerifyConfiguration.options`), each as it is read.
///
/// An absent member means the API default. Every member has exactly one type and is decoded once,
/// into its `VerifyOptions` member; `null`, unknown members and members of the wrong type are
/// refused (a caller who meant to bind a session nonce and sent `null` must hear about it, not have
/// session binding silently NOT-CHECKED). An `expectedRegion` is judged once, when it is read
/// (`VerifyOptions.expectedRegion`'s setter): an invalid region is not a malformed request but the
/// three region checks' `EXPECTED_REGION_INVALID`, as for a Swift caller, and no proof re-validates it.
public struct RequestOptions: Sendable, Equatable, Encodable {
    /// `verificationTimeMs`, Unix milliseconds, exactly as given (the report prints it), and the
    /// only place the verification time is stored. Vectors always give it; a request without it is
    /// judged at the clock, read once for that request.
    public var verificationTimeMs: Int64?
    /// Every other member. Its `verificationTime` is always nil: ``verifyOptions`` adds the time.
    var storage: VerifyOptions

    public init(_ verifyOptions: VerifyOptions = VerifyOptions(), verificationTimeMs: Int64? = nil) {
        storage = verifyOptions
        storage.verificationTime = nil
        self.verificationTimeMs = verificationTimeMs
    }

    /// The options, `verificationTime` included when the object gives it. A time set here is kept
    /// as whole milliseconds, the precision the object carries.
    public var verifyOptions: VerifyOptions {
        get {
            var options = storage
            options.verificationTime = verificationTimeMs.map(Self.date)
            return options
        }
        set {
            if newValue.verificationTime != verificationTime {
                verificationTimeMs = newValue.verificationTime.map(Self.milliseconds)
            }
            storage = newValue
            storage.verificationTime = nil
        }
    }

    /// `verificationTime` as the options carry it; set it through ``verificationTimeMs``.
    public var verificationTime: Date? { verificationTimeMs.map(Self.date) }

    static func date(_ milliseconds: Int64) -> Date { Date(timeIntervalSince1970: Double(milliseconds) / 1000) }

    /// The nearest whole millisecond, clamped to `Int64`.
    static func milliseconds(_ date: Date) -> Int64 {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        return Int64(exactly: milliseconds) ?? (milliseconds < 0 ? .min : .max)
    }

    /// The options without attestation material (anchors and bundle), which a test authority
    /// mints afresh on every regeneration.
    public var withoutAttestationMaterial: RequestOptions {
        var copy = self
        copy.storage.trustAnchors = .bundled
        copy.storage.attestationBundle = nil
        return copy
    }

    /// Equal member by member, through the table: never the sources (replay store, revocation),
    /// which are the verifier's configuration. Reflexive for every value, content in a file included.
    public static func == (lhs: RequestOptions, rhs: RequestOptions) -> Bool {
        members.allSatisfy { $0.equal(lhs, rhs) }
    }

    /// The object as JSON with sorted keys; nil when it holds what the object cannot carry (content in a file).
    public var canonicalJSON: Data? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try? encoder.encode(self)
    }

    /// The most entries `expectedApps` may hold, and the most digests one Android entry may list.
    public static let maxExpectedApps = 1024
    public static let maxSigningCertificates = 64
}

// MARK: The table

/// One member of the options object: its name, how it is read, how it is written, and its default.
struct OptionMember: Sendable {
    let name: String
    /// Reads the member into the options when the object has it.
    let read: @Sendable (MemberReader, inout RequestOptions) throws(RequestError) -> Void
    /// The member's JSON, or nil when it holds its default (and is not written).
    let write: @Sendable (RequestOptions) throws -> JSONValue?
    let equal: @Sendable (RequestOptions, RequestOptions) -> Bool

    /// `read` returns nil when the object lacks the member; `write` is asked only for a value
    /// that is not the default.
    init<Value: Sendable>(
        _ name: String, _ member: WritableKeyPath<RequestOptions, Value> & Sendable, default: Value,
        equal: @escaping @Sendable (Value, Value) -> Bool,
        read: @escaping @Sendable (MemberReader, String) throws(RequestError) -> Value?,
        write: @escaping @Sendable (Value) throws -> JSONValue
    ) {
        self.name = name
        self.read = { reader, options throws(RequestError) in
            if let value = try read(reader, name) { options[keyPath: member] = value }
        }
        self.write = { options in
            let value = options[keyPath: member]
            return equal(value, `default`) ? nil : try write(value)
        }
        self.equal = { equal($0[keyPath: member], $1[keyPath: member]) }
    }

    init<Value: Equatable & Sendable>(
        _ name: String, _ member: WritableKeyPath<RequestOptions, Value> & Sendable, default: Value,
        read: @escaping @Sendable (MemberReader, String) throws(RequestError) -> Value?,
        write: @escaping @Sendable (Value) throws -> JSONValue
    ) {
        self.init(name, member, default: `default`, equal: { $0 == $1 }, read: read, write: write)
    }

    /// A member whose default is nil: absent and nil are the same.
    init<Wrapped: Sendable>(
        _ name: String, _ member: WritableKeyPath<RequestOptions, Wrapped?> & Sendable,
        equal: @escaping @Sendable (Wrapped, Wrapped) -> Bool,
        read: @escaping @Sendable (MemberReader, String) throws(RequestError) -> Wrapped?,
        write: @escaping @Sendable (Wrapped) throws -> JSONValue
    ) {
        self.init(
            name, member, default: nil,
            equal: { left, right in
                switch (left, right) {
                case (let left?, let right?): equal(left, right)
                case (nil, nil): true
                default: false
                }
            },
            read: { reader, name throws(RequestError) in try read(reader, name).map { .some($0) } },
            write: { value in
                guard let value else { return .null }
                return try write(value)
            })
    }

    /// A `Bool` member, false by default: written only when true.
    static func flag(_ name: String, _ member: WritableKeyPath<RequestOptions, Bool> & Sendable) -> OptionMember {
        OptionMember(
            name, member, default: false, read: { reader, name throws(RequestError) in try reader.bool(name) },
            write: JSONValue.bool)
    }

    init<Wrapped: Equatable & Sendable>(
        _ name: String, _ member: WritableKeyPath<RequestOptions, Wrapped?> & Sendable,
        read: @escaping @Sendable (MemberReader, String) throws(RequestError) -> Wrapped?,
        write: @escaping @Sendable (Wrapped) throws -> JSONValue
    ) {
        self.init(name, member, equal: { $0 == $1 }, read: read, write: write)
    }
}

extension RequestOptions {
    /// Every member, in the order the decoder reads them (so the first error a request hears is
    /// the same whatever else it gets wrong). A new option is one row here.
    static let members: [OptionMember] = [
        OptionMember(
            "verificationTimeMs", \.verificationTimeMs,
            read: { reader, name throws(RequestError) in try reader.integer(name, range: 0...Int64.max) },
            write: OptionValues.integer),
        OptionMember(
            "maxAgeSeconds", \.storage.maxAgeSeconds, default: VerifyOptions.defaultMaxAgeSeconds,
            read: { reader, name throws(RequestError) in try reader.number(name) }, write: OptionValues.number),
        OptionMember(
            "expectedRegion", \.storage.expectedRegion,
            read: { reader, name throws(RequestError) in try reader.object(name).map(OptionValues.region) },
            write: OptionValues.json),
        .flag("requireAttestation", \.storage.requireAttestation),
        .flag("honorVerdictTier", \.storage.honorVerdictTier),
        OptionMember(
            "requireVerdict", \.storage.requiredTier,
            read: { reader, name throws(RequestError) in
                try reader.string(name, oneOf: OptionValues.verdictNames.map(\.0)).flatMap { verdict in
                    OptionValues.verdictNames.first { $0.0 == verdict }?.1
                }
            },
            write: { verdict in .string(OptionValues.verdictNames.first { $0.1 == verdict }?.0 ?? "") }),
        OptionMember(
            "callerMetadata", \.storage.callerMetadata, equal: OptionValues.same,
            read: { reader, name throws(RequestError) in try reader.object(name).map(OptionValues.callerMetadata) },
            write: OptionValues.json),
        .flag("requireCallerMetadata", \.storage.requireCallerMetadata),
        OptionMember(
            "expectedSessionNonceBase64", \.storage.expectedSessionNonce,
            read: { reader, name throws(RequestError) in
                try reader.base64Bytes(
                    name, note: " (a request takes the nonce in base64; the command line's --session-nonce takes hex)"
                ).map { Data($0) }
            },
            write: OptionValues.base64),
        OptionMember(
            "trustAnchors", \.storage.trustAnchors, default: .bundled,
            read: { reader, name throws(RequestError) in try reader.object(name).map(OptionValues.trustAnchors) },
            write: OptionValues.json),
        OptionMember(
            "attestationBundleBase64", \.storage.attestationBundle,
            read: { reader, name throws(RequestError) in try reader.base64Bytes(name).map { Data($0) } },
            write: OptionValues.base64),
        OptionMember(
            "expectedApps", \.storage.expectedApps,
            read: { reader, name throws(RequestError) in try reader.array(name).map(OptionValues.expectedApps) },
            write: OptionValues.json),
    ]

    static let memberNames = members.map(\.name)

    /// Who is asking: a request may not carry `trustAnchors`; a conformance vector may.
    public enum Source: Sendable {
        case request
        case conformanceVector
    }

    /// Reads an `options` object found at `path`, member by member through the table.
    public init(json: JSONObject, at path: FieldPath, source: Source) throws(RequestError) {
        let refused =
            source == .request
            ? [
                (
                    name: "trustAnchors",
                    reason: "refused in a request: the trust anchors are the verifier's configuration"
                )
            ]
            : []
        let reader = try MemberReader(json, at: path, known: Self.memberNames, refused: refused)
        self.init()
        for member in Self.members { try member.read(reader, &self) }
    }

    /// Writes the members that differ from their defaults, in the shape the decoder reads: the
    /// vector generator's writer, and a request a Swift program sends. Throws for what the object
    /// cannot carry (content in a local file) and for an entry the decoder would refuse.
    public func encode(to encoder: any Encoder) throws {
        var members: [JSONObject.Member] = []
        for member in Self.members {
            if let value = try member.write(self) { members.append(.init(name: member.name, value: value)) }
        }
        try OptionValues.encode(.object(OptionValues.object(members)), to: encoder)
    }
}
