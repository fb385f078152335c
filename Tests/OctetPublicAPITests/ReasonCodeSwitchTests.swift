import Foundation
import Octet
import Testing

/// A program a user of the library writes: it imports `Octet` alone, reads `ProofCheck.code` as a
/// typed `ReasonCode?`, and switches over `ReasonCode` without a default branch. It compiles only
/// while `ReasonCode` is reachable from `import Octet` and closed (a new code is a new case here).
@Suite("ReasonCode from import Octet alone")
struct ReasonCodeSwitchTests {
    /// The check(s) that report `code`, as docs/checks.md's table lists them: exhaustive, no default.
    static func checks(reporting code: ReasonCode) -> [String] {
        switch code {
        case .wireTooLarge, .wireTruncated, .wireOverlongVarint, .wireNonMinimalVarint, .wireValueOutOfRange,
            .wireInvalidFieldNumber, .wireUnknownField, .wireWrongWireType, .wireDuplicateField,
            .wireDuplicatePackedRecord, .wireOneofConflict, .wireMissingField, .wireInvalidUTF8, .wireInvalidEnum,
            .wireBoundViolated, .wireDepthExceeded:
            return [CheckName.wireFormat]
        case .proofKeyInvalid, .stageSignatureInvalid:
            return [CheckName.stageSignatures]
        case .deviceSignatureInvalid:
            return [CheckName.deviceAttestationSig]
        case .keyInvalid, .keyMismatch, .keyIdMismatch, .rpIdMismatch, .counterInvalid, .evidenceMalformed,
            .evidenceSizeInvalid:
            return [CheckName.deviceAttestationSig, CheckName.hardwareAttestation]
        case .certificateMalformed:
            return [CheckName.hardwareAttestation, CheckName.deviceAttestationSig]
        case .claimBindingInvalid, .platformMismatch:
            return [CheckName.binding]
        case .maxAgeInvalid, .stale, .futureDated:
            return [CheckName.freshness]
        case .expectedRegionInvalid:
            return [CheckName.regionClaim, CheckName.regionType, CheckName.contains]
        case .regionTypeMismatch:
            return [CheckName.regionClaim, CheckName.regionType]
        case .regionNotInside:
            return [CheckName.regionClaim]
        case .regionUncomputable:
            return [CheckName.regionClaim, CheckName.contains]
        case .claimedRegionInvalid, .fixOutOfRange, .outsideRegion, .accuracyBeyondRegion:
            return [CheckName.contains]
        case .bundleMalformed, .chainLengthInvalid, .attestationExtensionInvalid, .softwareAttestation,
            .chainUntrusted, .chainBroken, .chainShapeUnexpected, .certificateNotValidAtTime,
            .keyNotHardwareGenerated, .securityLevelMismatch, .rootOfTrustMissing, .bootNotVerified,
            .bootloaderUnlocked, .appIdMismatch, .nonceMismatch, .aaguidUnknown, .proofPredatesEnrolment:
            return [CheckName.hardwareAttestation]
        case .attestationRequired:
            return [CheckName.attestationRequired]
        case .appNotAllowed, .appUnattested:
            return [CheckName.appIdentity]
        case .sessionNonceAbsent, .sessionNonceMismatch:
            return [CheckName.sessionBinding]
        case .tierUnsigned, .tierBelowRequired, .tierBelowPlausible:
            return [CheckName.verdictTier]
        case .manifestMismatch, .manifestInvalid:
            return [CheckName.callerManifest, CheckName.callerMetadata]
        case .contentMismatch, .contentUnresolved, .commitmentRequired, .contentWithoutCommitment:
            return [CheckName.callerMetadata]
        case .locatorLooksLikeCredential:
            return [CheckName.callerManifestLocator]
        case .replayedProofId, .replayedSessionNonce, .replayStoreUnavailable, .replayWindowPruned:
            return [CheckName.replayUniqueness]
        case .revoked, .suspended, .certificateUnreadable, .revocationSourceUnavailable, .revocationListStale:
            return [CheckName.revocation]
        }
    }

    static let checksDoc = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/checks.md")

    /// docs/checks.md's "Reason codes" table: code → the check names of its second cell.
    static func documentedChecks() throws -> [String: [String]] {
        let text = try String(contentsOf: checksDoc, encoding: .utf8)
        let section = try #require(text.components(separatedBy: "## Reason codes").dropFirst().first)
        let body = section.components(separatedBy: "\n## ").first ?? section
        var table: [String: [String]] = [:]
        for line in body.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard cells.count > 3 else { continue }
            let code = cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            table[code] = cells[2].split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            }
        }
        return table
    }

    @Test("each code's rawValue is the documented string, reported by the checks the table names")
    func documented() throws {
        let table = try Self.documentedChecks()
        #expect(table.count == ReasonCode.allCases.count)
        for code in ReasonCode.allCases {
            #expect(table[code.rawValue].map(Set.init) == Set(Self.checks(reporting: code)), "\(code.rawValue)")
            #expect(ReasonCode(rawValue: code.rawValue) == code)
        }
    }

    @Test("ProofCheck.code is a typed ReasonCode?: a truncated proof's wire-format FAIL is .wireTruncated")
    func typedCode() throws {
        // Field 1 (length-delimited) announcing 5 bytes, followed by none.
        let result = Octet.verify(proofBytes: Data([0x0A, 0x05]))
        let wireFormat = try #require(result.check(named: CheckName.wireFormat))
        let code: ReasonCode? = wireFormat.code
        #expect(wireFormat.status == .fail)
        #expect(code == .wireTruncated)
        #expect(code?.rawValue == "WIRE_TRUNCATED")
        #expect(Self.checks(reporting: try #require(code)) == [wireFormat.name])
        for check in result.checks where check.status == .notChecked { #expect(check.code == nil) }
    }
}
