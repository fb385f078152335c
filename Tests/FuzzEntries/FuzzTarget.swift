import Foundation

/// What each libFuzzer target does with one input. Shared by the fuzzers (FuzzTesting/) and by
/// the regression test that replays every `FuzzTesting/FailCases/<target>/` file, so that a
/// crasher is replayed exactly as it was found.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// `LocationProof(proofBytes:)` and every accessor of a decoded proof.
    case proofDecoder = "FuzzProofDecoder"
    /// `Octet.verify` as a whole: options and a manifest derived from the input (see `VerifyFuzzInput`).
    case verify = "FuzzVerify"
    /// The strict JSON reader and `Manifest.parse`.
    case manifest = "FuzzManifest"
    /// The strict DER reader (walked to every leaf) and the Android KeyDescription parser.
    case der = "FuzzDER"
    /// The strict CBOR decoder and the App Attest assertion judge.
    case cbor = "FuzzCBOR"
    /// The request decoder of `--requests` and `serve` (`VerifyRequest.decode`).
    case request = "FuzzRequest"
    /// `--revocation-list`: `RevocationList.parse` and its look-ups.
    case revocationList = "FuzzRevocationList"
    /// `--revocation-max-age`: `RevocationFetchRecord.parse` and `DatedRevocationList` (a record,
    /// a list and a clock from one input; see `RevocationRecordEntry`).
    case revocationRecord = "FuzzRevocationRecord"
    /// `octet-verify`'s argument parser, on an argv of NUL-separated byte strings.
    case arguments = "FuzzArguments"
    /// Certificate bytes through the strict reader, in place of one certificate of a real
    /// Android chain or an App Attest x5c (see `CertificateEntry`).
    case certificate = "FuzzCertificate"

    /// Runs one input. Returns normally on every input; a crash, a trap or a sanitizer report is the finding.
    public func run(_ bytes: [UInt8]) {
        switch self {
        case .proofDecoder: ProofDecoderEntry.run(bytes)
        case .verify: VerifyEntry.run(bytes)
        case .manifest: ManifestEntry.run(bytes)
        case .der: DEREntry.run(bytes)
        case .cbor: CBOREntry.run(bytes)
        case .request: RequestEntry.run(bytes)
        case .revocationList: RevocationListEntry.run(bytes)
        case .revocationRecord: RevocationRecordEntry.run(bytes)
        case .arguments: ArgumentsEntry.run(bytes)
        case .certificate: CertificateEntry.run(bytes)
        }
    }

    /// The seed corpus: inputs built from issued proofs and our own encoders (never copied files).
    public func seeds() -> [[UInt8]] {
        switch self {
        case .proofDecoder: FuzzSeeds.proofs()
        case .verify: FuzzSeeds.verifyInputs()
        case .manifest: FuzzSeeds.manifests()
        case .der: FuzzSeeds.derInputs()
        case .cbor: FuzzSeeds.cborInputs()
        case .request: FuzzSeeds.requests()
        case .revocationList: FuzzSeeds.revocationLists()
        case .revocationRecord: FuzzSeeds.revocationRecords()
        case .arguments: FuzzSeeds.argumentVectors()
        case .certificate: FuzzSeeds.certificateInputs()
        }
    }
}

extension FuzzTarget {
    /// With `OCTET_FUZZ_WRITE_SEEDS=<dir>` set, writes `seeds()` there as `seed-NNN` files and exits:
    /// fuzz.sh builds a corpus this way, so no second, uninstrumented build is needed.
    public func writeSeedsIfAsked() {
        guard let path = ProcessInfo.processInfo.environment["OCTET_FUZZ_WRITE_SEEDS"] else { return }
        let folder = URL(fileURLWithPath: path)
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (index, seed) in seeds().enumerated() {
            let name = "seed-" + String(index + 1000).dropFirst()
            try? Data(seed).write(to: folder.appendingPathComponent(name))
        }
        exit(0)
    }
}
