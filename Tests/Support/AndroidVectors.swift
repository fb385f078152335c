import Foundation

/// The real Android chains in ../shared/vectors/android-key-attestation/chains, read at test time.
/// One reader for every test target.
public enum AndroidVectors {
    public static let folder = "android-key-attestation/chains"

    public enum VectorError: Error {
        case malformed(String)
    }

    public static func json(_ id: String) throws -> [String: Any] {
        let data = try SharedVectors.data("\(folder)/\(id).json")
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw VectorError.malformed(id)
        }
        return object
    }

    /// The chain, leaf first, as DER.
    public static func chain(_ id: String) throws -> [[UInt8]] {
        guard let list = try json(id)["certsLeafFirstDerBase64"] as? [String] else { throw VectorError.malformed(id) }
        return try list.map { text in
            guard let der = Data(base64Encoded: text) else { throw VectorError.malformed(id) }
            return [UInt8](der)
        }
    }

    /// The first package named in the vector's attestationApplicationId: the app id a proof from
    /// that app would claim (the vectors do not record one otherwise).
    public static func packageName(_ id: String) throws -> String {
        guard let description = try json(id)["keyDescription"] as? [String: Any] else {
            throw VectorError.malformed(id)
        }
        for list in ["softwareEnforced", "hardwareEnforced"] {
            if let authorizations = description[list] as? [String: Any],
                let applicationId = authorizations["attestationApplicationId"] as? [String: Any],
                let packages = applicationId["packages"] as? [[String: Any]],
                let name = packages.first?["name"] as? String
            {
                return name
            }
        }
        return "unknown.app"
    }

    /// Every package name and signing-certificate digest (lower-case hex) the vector's attestation
    /// application ids list (software-enforced, then hardware-enforced), each once; nil when the
    /// KeyDescription has no attestation application id.
    public static func attestedApp(_ id: String) throws -> (packageNames: [String], signatureDigestsHex: [String])? {
        guard let description = try json(id)["keyDescription"] as? [String: Any] else {
            throw VectorError.malformed(id)
        }
        var names: [String] = []
        var digests: [String] = []
        var found = false
        for list in ["softwareEnforced", "hardwareEnforced"] {
            guard let authorizations = description[list] as? [String: Any],
                let applicationId = authorizations["attestationApplicationId"] as? [String: Any]
            else { continue }
            found = true
            for package in applicationId["packages"] as? [[String: Any]] ?? [] {
                if let name = package["name"] as? String, !names.contains(name) { names.append(name) }
            }
            for digest in applicationId["signatureDigestsHex"] as? [String] ?? [] where !digests.contains(digest) {
                digests.append(digest.lowercased())
            }
        }
        return found ? (names, digests) : nil
    }

    /// `verifyAt`: stands in for `claims.created_at_ms`.
    public static func verifyAt(_ id: String) throws -> Date {
        guard let text = try json(id)["verifyAt"] as? String, let date = ISO8601DateFormatter().date(from: text) else {
            throw VectorError.malformed(id)
        }
        return date
    }

    /// `verifyAt` in milliseconds.
    public static func verifyAtMs(_ id: String) throws -> Int64 {
        Int64(try verifyAt(id).timeIntervalSince1970 * 1000)
    }

    public static var ids: [String] {
        guard let url = SharedVectors.url(folder),
            let names = try? FileManager.default.contentsOfDirectory(atPath: url.path)
        else { return [] }
        return names.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }
}

/// Our policy's outcome for every real chain (unlocked or unverified boot FAILs, unlike Google's
/// default): the one table the attestation tests and the entry-point tests both read.
public struct AndroidExpectation: Sendable, CustomStringConvertible {
    public let id: String
    public let passes: Bool
    /// The reason code of a FAIL (docs/checks.md); nil on PASS.
    public let code: String?
    /// The log-safe detail: the rule that decided, security level and provisioning.
    public let detail: String
    /// "factory" or "RKP" when the walk got as far as the provisioning.
    public let provisioning: String?
    public var description: String { id }
}

extension AndroidVectors {
    public static let expected: [AndroidExpectation] = [
        .init(
            id: "ak-blueline-sdk28-strongbox-rsa-factory", passes: false, code: "BOOT_NOT_VERIFIED",
            detail: "verified boot state Unverified (StrongBox, factory)", provisioning: "factory"),
        .init(
            id: "ak-blueline-sdk28-tee-ec-factory", passes: false, code: "BOOT_NOT_VERIFIED",
            detail: "verified boot state Unverified (TrustedEnvironment, factory)", provisioning: "factory"),
        .init(
            id: "ak-caiman-sdk36-strongbox-ec-rkp", passes: true, code: nil,
            detail: "hardware-attested (StrongBox, RKP)", provisioning: "RKP"),
        .init(
            id: "ak-caiman-sdk36-tee-ec-rkp", passes: true, code: nil,
            detail: "hardware-attested (TrustedEnvironment, RKP)", provisioning: "RKP"),
        .init(
            id: "ak-marlin-sdk29-software-attested-ec", passes: false, code: "SOFTWARE_ATTESTATION",
            detail: "not hardware-attested (Software security level)", provisioning: nil),
        .init(
            id: "ak-quirk-ber-boolean-devicelocked", passes: true, code: nil,
            detail: "hardware-attested (TrustedEnvironment, factory)", provisioning: "factory"),
        .init(
            id: "ak-quirk-unordered-authlist-tags-tampered", passes: false, code: "CHAIN_BROKEN",
            detail: "signature of certificate 0 does not verify", provisioning: nil),
        .init(
            id: "ak-sony-xperia10iii-sdk33-tee-ec-factory", passes: true, code: nil,
            detail: "hardware-attested (TrustedEnvironment, factory)", provisioning: "factory"),
        .init(
            id: "ak-tegu-sdk36-tee-ec-rkp-ec-root", passes: true, code: nil,
            detail: "hardware-attested (TrustedEnvironment, RKP)", provisioning: "RKP"),
        .init(
            id: "ak-tokay-sdk37-tee-mldsa-rkp", passes: false, code: "BOOT_NOT_VERIFIED",
            detail: "verified boot state Unverified (TrustedEnvironment, RKP)", provisioning: "RKP"),
        .init(
            id: "gka-preprod-strongbox-ec-untrusted-root", passes: false, code: "CHAIN_UNTRUSTED",
            detail: "chain does not lead to a trusted Android attestation root", provisioning: nil),
        .init(
            id: "swa-galaxy-s9plus-android10-tee-factory", passes: true, code: nil,
            detail: "hardware-attested (TrustedEnvironment, factory)", provisioning: "factory"),
        .init(
            id: "swa-pixel8a-2025-tee-rkp", passes: true, code: nil,
            detail: "hardware-attested (TrustedEnvironment, RKP)", provisioning: "RKP"),
        .init(
            id: "wr-emulator-software-rsa", passes: false, code: "SOFTWARE_ATTESTATION",
            detail: "not hardware-attested (Software security level)", provisioning: nil),
        .init(
            id: "wr-nokia-x10-tee-factory", passes: true, code: nil,
            detail: "hardware-attested (TrustedEnvironment, factory)", provisioning: "factory"),
        .init(
            id: "wr-pixel6-tee-rkp", passes: true, code: nil,
            detail: "hardware-attested (TrustedEnvironment, RKP)", provisioning: "RKP"),
    ]
}
