import CCallgrind
import Foundation
import Octet
import OctetAttestationTesting
import OctetBackend
import OctetCLI
import OctetContent
import OctetCrypto
import OctetIssuer

/// `octet-bench instructions`: instructions, counted by callgrind, of one `Octet.verify` against
/// the bare signature arithmetic it cannot avoid (swift-crypto's `P256.Signing.PublicKey.isValidSignature(_:for:)`
/// on a digest, the key and signature parsed once),
/// for a 2-stage and a 3-stage software proof. Instruction counts are deterministic, unlike wall
/// time on a shared machine.
///
/// Outside valgrind the section runs itself under `valgrind --tool=callgrind`; inside, each
/// measurement is framed by client requests (zero the counters, run, dump), and the parent reads
/// the dumps' totals. One run, every figure from the same process.
enum InstructionBench {
    static let rounds = 20

    struct Measured {
        let name: String
        let instructions: Double
    }

    /// The parent: runs the child under callgrind and prints the ratios.
    static func run() {
        if octet_running_on_valgrind() != 0 {
            measure()
            return
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("octet-bench-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Valgrind 3.19 cannot read the DWARF 5 of a Swift release build: run a copy without it
        // (the symbol table stays, so a profile still names functions).
        let copy = folder.appendingPathComponent("octet-bench")
        let strip = Process()
        strip.executableURL = URL(fileURLWithPath: "/usr/bin/objcopy")
        strip.arguments = ["--strip-debug", CommandLine.arguments[0], copy.path]
        guard (try? strip.run()) != nil else {
            print("instructions: objcopy not found (apt-get install binutils)")
            return
        }
        strip.waitUntilExit()
        // A proof of the caller's own goes to the child through its environment.
        var environment = ProcessInfo.processInfo.environment
        var fileVerdict = ""
        if let proof = instructionProof, let at = instructionAt {
            guard let data = FileManager.default.contents(atPath: proof),
                let date = ISO8601DateFormatter().date(from: at)
            else {
                print("instructions: --proof must be a readable file and --at an RFC 3339 time (2026-11-29T12:00:30Z)")
                return
            }
            guard let decoded = try? LocationProof(proofBytes: data), decoded.platform == .software else {
                print(
                    "instructions: --proof must be a software proof (its signatures are the stages' and the device key's)"
                )
                return
            }
            environment["OCTET_BENCH_PROOF"] = proof
            environment["OCTET_BENCH_AT_MS"] = String(Int64((date.timeIntervalSince1970 * 1000).rounded(.down)))
            environment["OCTET_BENCH_SIGNATURES"] = String(decoded.stageKinds.count + 1)
            fileVerdict = "\(Octet.verify(decoded, options: VerifyOptions(verificationTime: date)).verdict)"
        }
        let process = Process()
        process.environment = environment
        process.executableURL = URL(fileURLWithPath: "/usr/bin/valgrind")
        process.arguments = [
            "--tool=callgrind", "--callgrind-out-file=\(folder.path)/callgrind.out", "--dump-instr=no",
            copy.path, "instructions",
        ]
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            print("instructions: valgrind not found (apt-get install valgrind)")
            return
        }
        process.waitUntilExit()
        let figures = dumps(in: folder)
        guard let raw = figures["raw-verify"], let two = figures["verify-2-stage"],
            let three = figures["verify-3-stage"]
        else {
            print("instructions: callgrind gave no figures (status \(process.terminationStatus))")
            return
        }
        let perSignature = raw / Double(rounds)
        print("instructions (callgrind, \(rounds) rounds each, per call):")
        print("  swift-crypto-verify-on-digest: \(Int(perSignature))")
        for (label, total, signatures) in [("2-stage", two, 3.0), ("3-stage", three, 4.0)] {
            let perProof = total / Double(rounds)
            print("  octet-verify-\(label): \(Int(perProof))  (\(Int(signatures)) signatures)")
            print(
                "  signature-bound-ratio-\(label): \(Measure.format(signatures * perSignature / perProof, 3))"
                    + "  (signatures × swift-crypto verify ÷ Octet.verify)")
        }
        if let file = figures["verify-file"],
            let signatures = environment["OCTET_BENCH_SIGNATURES"].flatMap(Double.init)
        {
            let perProof = file / Double(rounds)
            print("  octet-verify-file: \(Int(perProof))  (\(Int(signatures)) signatures; \(instructionProof ?? ""))")
            print(
                "  signature-bound-ratio-file: \(Measure.format(signatures * perSignature / perProof, 3))"
                    + "  (its verdict at --at: \(fileVerdict))")
        } else if instructionProof != nil {
            print("instructions: the child did not count --proof (status \(process.terminationStatus))")
        }
        if let counts = callCounts(in: folder, dump: "parse-count-") {
            // One verify of an Android proof (test-CA chain) with content and a presented manifest.
            print("parses in one Octet.verify (Android chain of \(counts.chainLength), content, manifest):")
            for (label, count) in counts.rows { print("  \(label): \(count)") }
        }
        if let cli = figures["cli-per-proof"] {
            // What `octet-verify --format json` adds per proof: reading the file, the proof's
            // SHA-256, the report and its JSON line. The library's share of a batch's work.
            let perProof = cli / Double(rounds)
            print("  octet-verify-json-per-proof-2-stage: \(Int(perProof))  (read, verify, SHA-256, JSON line)")
            print("  library-share-of-cli-2-stage: \(Measure.format(two / cli, 3))")
        }
        GeodesicBench.report(figures, rounds: rounds)
    }

    /// The totals of every callgrind dump in `folder`, by the name given to `octet_callgrind_dump`.
    static func dumps(in folder: URL) -> [String: Double] {
        var figures: [String: Double] = [:]
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names {
            guard let text = try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8) else {
                continue
            }
            var trigger: String?
            var total: Double?
            for line in text.split(separator: "\n") {
                if line.hasPrefix("desc: Trigger: Client Request: ") {
                    trigger = String(line.dropFirst("desc: Trigger: Client Request: ".count))
                } else if line.hasPrefix("summary: ") {
                    total = Double(line.split(separator: " ").dropFirst().first ?? "")
                }
            }
            if let trigger, let total { figures[trigger] = total }
        }
        return figures
    }

    /// How many times the parsers ran during the dump `dump`: calls into each from outside itself
    /// (a Swift specialisation calling its own wrapper is not a second parse).
    static func callCounts(in folder: URL, dump: String) -> (chainLength: Int, rows: [(String, Int)])? {
        let markers: [(String, String)] = [
            ("proof decoded (ProofDecoder.decode)", "ProofDecoderO6decodey"),
            ("certificates parsed (CertificateStructure.init)", "20CertificateStructureVyACSays5UInt8VG"),
            ("manifest parsed (Manifest.parse)", "ManifestV5parse"),
            ("content root computed (ContentRoot.compute)", "RootO7compute"),
            ("content claim built (makeContentClaim)", "makeContentClaim"),
        ]
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for file in names {
            guard let text = try? String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8),
                let trigger = text.split(separator: "\n").first(where: {
                    $0.hasPrefix("desc: Trigger: Client Request: \(dump)")
                })
            else { continue }
            // The child names the dump after the chain's length: "parse-count-4".
            let chainLength = Int(trigger.split(separator: "-").last ?? "") ?? 0
            var ids: [String: String] = [:]
            var caller = ""
            var callee = ""
            var counts = [Int](repeating: 0, count: markers.count)
            // A C symbol is matched whole (d2i_X509, not d2i_X509_PUBKEY); a Swift one by the
            // piece of its mangled name that names the function.
            func matches(_ symbol: String, _ marker: String) -> Bool {
                marker.contains("_") ? symbol == marker || symbol.hasPrefix(marker + "'") : symbol.contains(marker)
            }
            func resolve(_ field: Substring) -> String {
                // "(12) name" defines id 12; "(12)" refers to it.
                guard field.hasPrefix("("), let close = field.firstIndex(of: ")") else { return String(field) }
                let id = String(field[..<field.index(after: close)])
                let rest = field[field.index(after: close)...].drop { $0 == " " }
                if !rest.isEmpty { ids[id] = String(rest) }
                return ids[id] ?? id
            }
            for line in text.split(separator: "\n") {
                if line.hasPrefix("fn=") {
                    caller = resolve(line.dropFirst(3))
                } else if line.hasPrefix("cfn=") {
                    callee = resolve(line.dropFirst(4))
                } else if line.hasPrefix("calls=") {
                    let calls = Int(line.dropFirst(6).split(separator: " ").first ?? "") ?? 0
                    for (index, marker) in markers.enumerated()
                    where matches(callee, marker.1) && !matches(caller, marker.1) {
                        counts[index] += calls
                    }
                }
            }
            return (chainLength, zip(markers, counts).map { ($0.0.0, $0.1) })
        }
        return nil
    }

    /// The child, under callgrind: warm everything once, then count each part alone.
    static func measure() {
        let issuer = ProofIssuer()
        var twoStage = ProofDraft()
        twoStage.sessionNonce = Array(repeating: 7, count: 16)
        var threeStage = twoStage
        threeStage.assurance = .init(verdict: .verified, detector: "disc/2.4")
        let proofs = [("verify-2-stage", issuer.issue(twoStage)), ("verify-3-stage", issuer.issue(threeStage))]
        let options = VerifyOptions(
            verificationTime: Date(timeIntervalSince1970: Double(twoStage.createdAtMs) / 1000 + 1))

        let key = P256PrivateKey()
        let message = [UInt8](repeating: 0x5A, count: 200)
        let signature = key.signature(for: message)
        // The bound: swift-crypto's verify over a digest, with the key and the signature parsed once.
        let digest = RawCrypto.digest(message)
        let raw = RawCrypto.publicKey(key.publicKey.x963Representation)
        let parsed = RawCrypto.signature(signature)
        // Warm-up: lazily built tables, first-use metadata.
        precondition(RawCrypto.verify(key: raw, signature: parsed, digest: digest))
        GeodesicBench.countInstructions(rounds: rounds)
        for (_, proof) in proofs {
            precondition(Octet.verify(proofBytes: proof, options: options).verdict == .valid, "bench proof invalid")
        }

        octet_callgrind_zero()
        for _ in 0..<rounds { _ = RawCrypto.verify(key: raw, signature: parsed, digest: digest) }
        octet_callgrind_dump("raw-verify")
        for (name, proof) in proofs {
            octet_callgrind_zero()
            for _ in 0..<rounds { _ = Octet.verify(proofBytes: proof, options: options) }
            octet_callgrind_dump(name)
        }

        // A proof of the caller's own (`--proof FILE --at T`), warmed and counted the same way.
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["OCTET_BENCH_PROOF"], let at = environment["OCTET_BENCH_AT_MS"].flatMap(Int64.init),
            let proof = FileManager.default.contents(atPath: path)
        {
            let fileOptions = VerifyOptions(verificationTime: Date(timeIntervalSince1970: Double(at) / 1000))
            _ = Octet.verify(proofBytes: proof, options: fileOptions)
            octet_callgrind_zero()
            for _ in 0..<rounds { _ = Octet.verify(proofBytes: proof, options: fileOptions) }
            octet_callgrind_dump("verify-file")
        }

        // The CLI's per-proof path on the 2-stage proof, from its file to its JSON line.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("octet-bench-\(getpid()).proof")
        try? proofs[0].1.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let session = VerificationSession(options: VerifyOptions(), nowMilliseconds: twoStage.createdAtMs + 1000)
        let path = InputPath(file.path)
        var bytes = 0
        _ = BatchRunner.readFile(path).map {
            bytes += JSONReport.render(session.verify(path: file.path, bytes: $0)).count
        }
        octet_callgrind_zero()
        for _ in 0..<rounds {
            if case .success(let data) = BatchRunner.readFile(path) {
                bytes &+= JSONReport.render(session.verify(path: file.path, bytes: data)).utf8.count
            }
        }
        octet_callgrind_dump("cli-per-proof")
        precondition(bytes > 0)

        // Parses in one verify of an Android proof with content and a presented manifest.
        guard let ca = try? AndroidTestCA(),
            let androidIssuer = try? ProofIssuer.android(ca: ca, device: AndroidTestDevice(appId: "com.example.octet")),
            let committed = try? ContentCommitter.commit(
                [ContentToCommit(key: "note", contentType: "text/plain", source: .bytes(Data("note".utf8)))],
                salts: [[UInt8](repeating: 1, count: 16)])
        else { return }
        var android = ProofDraft()
        android.platform = .android
        android.content = committed.items
        let androidProof = androidIssuer.issue(android)
        var androidOptions = VerifyOptions(
            verificationTime: Date(timeIntervalSince1970: Double(android.createdAtMs) / 1000 + 1),
            trustAnchors: TrustAnchors(appAttestRootsDER: [], androidRootsDER: [Data(ca.rootDER)]))
        androidOptions.callerMetadata = CallerMetadataCheck(
            manifestJson: committed.manifestJson, content: ["note": .bytes(Data("note".utf8))])
        precondition(Octet.verify(proofBytes: androidProof, options: androidOptions).verdict == .valid)
        let chainLength = (try? LocationProof(proofBytes: androidProof))?.androidCertificateChain.count ?? 0
        octet_callgrind_zero()
        _ = Octet.verify(proofBytes: androidProof, options: androidOptions)
        octet_callgrind_dump("parse-count-\(chainLength)")
    }
}
