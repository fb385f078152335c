import Foundation
import Octet
import OctetContent
import OctetIssuer

/// Hashing a large file through `CallerMetadataCheck.Content.file(URL)` in `Octet.verify`,
/// against raw swift-crypto SHA-256 on an in-memory buffer, and the peak memory while hashing.
enum HashBench {
    static func run(gibibytes: Int) {
        let size = UInt64(gibibytes) << 30
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("octet-bench-\(getpid()).bin")
        defer { try? FileManager.default.removeItem(at: url) }
        // Real bytes on disk (not a sparse file), written in 8 MiB blocks of a repeating pattern.
        guard FileManager.default.createFile(atPath: url.path, contents: nil),
            let handle = try? FileHandle(forWritingTo: url)
        else { fatalError("cannot create \(url.path)") }
        let block = Data((0..<(8 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        for _ in 0..<(size / UInt64(block.count)) { handle.write(block) }
        try? handle.close()

        let salt = [UInt8](repeating: 0x33, count: 32)
        guard let digest = ContentHashing.hashFile(url: url, salt: salt) else { fatalError("cannot hash \(url.path)") }
        let manifest = Manifest(entries: [
            Manifest.Entry(key: "video", contentType: "video/mp4", size: size, salt: salt, sha256: digest)
        ])
        var draft = ProofDraft()
        draft.content = [ProofDraft.ContentItem(key: "video", contentType: "video/mp4", size: size, sha256: digest)]
        let proof = ProofIssuer().issue(draft)
        let check = CallerMetadataCheck(
            manifestJson: manifest.jsonData(), content: ["video": .file(url)], requireContent: .all)
        let options = VerifyOptions(
            verificationTime: Date(timeIntervalSince1970: Double(draft.createdAtMs) / 1000 + 1), callerMetadata: check)

        // Alternate the file and the in-memory baseline three times and keep each median, so that
        // both see the same machine state; the peak is read over the file runs only.
        let buffer = [UInt8](block)
        var fileRates: [Double] = []
        var rawRates: [Double] = []
        var peak = 0.0
        let baseline = Measure.statusMiB("VmRSS")
        for _ in 0..<3 {
            Measure.resetPeak()
            var verdict: ProofVerification.Verdict = .invalid
            let seconds = Measure.time { verdict = Octet.verify(proofBytes: proof, options: options).verdict }
            peak = max(peak, Measure.statusMiB("VmHWM"))
            guard verdict == .valid else { fatalError("benchmark content did not verify") }
            fileRates.append(Double(size) / seconds)
            rawRates.append(RawCrypto.sha256Rate(buffer: buffer, rounds: Int(size / UInt64(buffer.count))))
        }
        let fileRate = fileRates.sorted()[1]
        let raw = rawRates.sorted()[1]
        print("hashed-file: \(gibibytes) GiB through .file(URL) in Octet.verify")
        print("file-hash-mb-per-second: \(Measure.format(fileRate / 1e6))")
        print("raw-swift-crypto-sha256-mb-per-second: \(Measure.format(raw / 1e6))")
        print("hash-ratio: \(Measure.format(fileRate / raw, 3))")
        print(
            "hash-peak-mib: \(Measure.format(peak, 1)) (process peak while hashing; \(Measure.format(baseline, 1)) resident before)"
        )
    }
}
