import Foundation
import Octet
import OctetBackend
import OctetConformance
import OctetEncoding
import Testing

@Suite("Request decoder: service.md's request, read strictly")
struct RequestDecoderTests {
    static let proof = "CAES"
    /// A signing-certificate SHA-256 digest as a request spells it.
    static let digest = String(repeating: "ab", count: 32)

    struct Refusal: Sendable, CustomTestStringConvertible {
        let json: String
        /// The `field` the error names; nil for the request as a whole.
        let field: String?
        var testDescription: String { json }
    }

    static func withOptions(_ options: String) -> String { #"{"proofBase64":"CAES","options":"# + options + "}" }

    static let refusals: [Refusal] = [
        Refusal(json: "", field: nil),
        Refusal(json: "not json", field: nil),
        Refusal(json: #"["proofBase64"]"#, field: nil),
        Refusal(json: #"{"proofBase64":"CAES"} {}"#, field: nil),
        Refusal(json: #"{"proofBase64":"CAES","proofBase64":"CAES"}"#, field: nil),
        Refusal(json: #"{}"#, field: "proofBase64"),
        Refusal(json: #"{"proofBase64":null}"#, field: "proofBase64"),
        Refusal(json: #"{"proofBase64":"CAE"}"#, field: "proofBase64"),
        Refusal(json: #"{"proofBase64":"CB=="}"#, field: "proofBase64"),
        Refusal(json: #"{"proofBase64":17}"#, field: "proofBase64"),
        Refusal(json: #"{"proofBase64":"CAES","proof":"x"}"#, field: "proof"),
        Refusal(json: #"{"proofBase64":"CAES","id":7}"#, field: "id"),
        Refusal(json: #"{"proofBase64":"CAES","id":null}"#, field: "id"),
        Refusal(json: #"{"proofBase64":"CAES","id":""# + String(repeating: "é", count: 129) + #""}"#, field: "id"),
        Refusal(json: #"{"proofBase64":"CAES","options":[]}"#, field: "options"),
        Refusal(json: #"{"proofBase64":"CAES","trustAnchors":{}}"#, field: "trustAnchors"),
        Refusal(json: withOptions(#"{"maxAgeSeconds":"300"}"#), field: "options.maxAgeSeconds"),
        Refusal(json: withOptions(#"{"maxAgeSeconds":1e400}"#), field: "options.maxAgeSeconds"),
        Refusal(json: withOptions(#"{"maxAgeSeconds":null}"#), field: "options.maxAgeSeconds"),
        Refusal(json: withOptions(#"{"verificationTimeMs":1.5}"#), field: "options.verificationTimeMs"),
        Refusal(json: withOptions(#"{"verificationTimeMs":-1}"#), field: "options.verificationTimeMs"),
        Refusal(json: withOptions(#"{"verificationTimeMs":1e12}"#), field: "options.verificationTimeMs"),
        Refusal(json: withOptions(#"{"verificationTimeMs":9223372036854775808}"#), field: "options.verificationTimeMs"),
        Refusal(json: withOptions(#"{"requireAttestation":1}"#), field: "options.requireAttestation"),
        Refusal(json: withOptions(#"{"honorVerdictTier":"true"}"#), field: "options.honorVerdictTier"),
        Refusal(json: withOptions(#"{"requireCallerMetadata":null}"#), field: "options.requireCallerMetadata"),
        Refusal(json: withOptions(#"{"requireVerdict":"verified"}"#), field: "options.requireVerdict"),
        Refusal(
            json: withOptions(#"{"expectedSessionNonceBase64":null}"#), field: "options.expectedSessionNonceBase64"),
        Refusal(
            json: withOptions(#"{"expectedSessionNonceBase64":"MDEy MzQ1"}"#),
            field: "options.expectedSessionNonceBase64"),
        Refusal(json: withOptions(#"{"attestationBundleBase64":"===="}"#), field: "options.attestationBundleBase64"),
        Refusal(
            json: withOptions(#"{"trustAnchors":{"appAttestRootsDERBase64":[],"androidRootsDERBase64":[]}}"#),
            field: "options.trustAnchors"),
        Refusal(json: withOptions(#"{"clock":1}"#), field: "options.clock"),
        Refusal(json: withOptions(#"{"expectedRegion":{}}"#), field: "options.expectedRegion"),
        Refusal(
            json: withOptions(
                #"{"expectedRegion":{"geohash":"u09","circle":{"latitude":1,"longitude":2,"radiusMeters":3}}}"#),
            field: "options.expectedRegion"),
        Refusal(json: withOptions(#"{"expectedRegion":{"square":1}}"#), field: "options.expectedRegion.square"),
        Refusal(json: withOptions(#"{"expectedRegion":{"geohash":7}}"#), field: "options.expectedRegion.geohash"),
        Refusal(
            json: withOptions(#"{"expectedRegion":{"circle":{"latitude":1,"longitude":2}}}"#),
            field: "options.expectedRegion.circle.radiusMeters"),
        Refusal(
            json: withOptions(#"{"expectedRegion":{"circle":{"latitude":1,"longitude":2,"radiusMeters":3,"z":0}}}"#),
            field: "options.expectedRegion.circle.z"),
        Refusal(
            json: withOptions(#"{"expectedRegion":{"polygon":[[1,2],[3]]}}"#),
            field: "options.expectedRegion.polygon[1]"),
        Refusal(
            json: withOptions(#"{"expectedRegion":{"polygon":[[1,2],[3,"4"]]}}"#),
            field: "options.expectedRegion.polygon[1]"),
        Refusal(
            json: withOptions(#"{"expectedRegion":{"polygon":{"0":[1,2]}}}"#), field: "options.expectedRegion.polygon"),
        Refusal(
            json: withOptions(#"{"callerMetadata":{"manifestJsonBase64":"e30"}}"#),
            field: "options.callerMetadata.manifestJsonBase64"),
        Refusal(
            json: withOptions(#"{"callerMetadata":{"content":{"photo.jpg":"AAAA"}}}"#),
            field: "options.callerMetadata.content.photo.jpg"),
        Refusal(
            json: withOptions(#"{"callerMetadata":{"content":{"a":{}}}}"#), field: "options.callerMetadata.content.a"),
        Refusal(
            json: withOptions(#"{"callerMetadata":{"content":{"a":{"bytesBase64":"AAAA","unavailable":"x"}}}}"#),
            field: "options.callerMetadata.content.a"),
        Refusal(
            json: withOptions(#"{"callerMetadata":{"content":{"a":{"file":"/etc/passwd"}}}}"#),
            field: "options.callerMetadata.content.a.file"),
        Refusal(
            json: withOptions(#"{"callerMetadata":{"content":{"a":{"bytesBase64":"A"}}}}"#),
            field: "options.callerMetadata.content.a.bytesBase64"),
        Refusal(
            json: withOptions(#"{"callerMetadata":{"requireContent":"some"}}"#),
            field: "options.callerMetadata.requireContent"),
        Refusal(
            json: withOptions(#"{"callerMetadata":{"requireContent":"keys"}}"#),
            field: "options.callerMetadata.requireContentKeys"),
        Refusal(
            json: withOptions(#"{"callerMetadata":{"requireContent":"all","requireContentKeys":["a"]}}"#),
            field: "options.callerMetadata.requireContentKeys"),
        Refusal(
            json: withOptions(#"{"callerMetadata":{"requireContent":"keys","requireContentKeys":["a",1]}}"#),
            field: "options.callerMetadata.requireContentKeys[1]"),
        Refusal(json: withOptions(String(repeating: "[", count: 9) + String(repeating: "]", count: 9)), field: nil),
        // expectedApps: each entry exactly one of apple, android, validated as ExpectedApp's text constructors do.
        Refusal(json: withOptions(#"{"expectedApps":null}"#), field: "options.expectedApps"),
        Refusal(json: withOptions(#"{"expectedApps":{"apple":{"appId":"A.b"}}}"#), field: "options.expectedApps"),
        Refusal(json: withOptions(#"{"expectedApps":["A.b"]}"#), field: "options.expectedApps[0]"),
        Refusal(json: withOptions(#"{"expectedApps":[{}]}"#), field: "options.expectedApps[0]"),
        Refusal(
            json: withOptions(#"{"expectedApps":[{"apple":{"appId":"A.b"},"android":{}}]}"#),
            field: "options.expectedApps[0]"),
        Refusal(
            json: withOptions(#"{"expectedApps":[{"ios":{"appId":"A.b"}}]}"#), field: "options.expectedApps[0].ios"),
        Refusal(json: withOptions(#"{"expectedApps":[{"apple":{}}]}"#), field: "options.expectedApps[0].apple.appId"),
        Refusal(
            json: withOptions(#"{"expectedApps":[{"apple":{"appId":""}}]}"#),
            field: "options.expectedApps[0].apple.appId"),
        Refusal(
            json: withOptions(#"{"expectedApps":[{"apple":{"appId":7}}]}"#),
            field: "options.expectedApps[0].apple.appId"),
        Refusal(
            json: withOptions(
                #"{"expectedApps":[{"apple":{"appId":""# + String(repeating: "a", count: 256) + #""}}]}"#),
            field: "options.expectedApps[0].apple.appId"),
        Refusal(
            json: withOptions(#"{"expectedApps":[{"apple":{"appId":"A.b","teamId":"A"}}]}"#),
            field: "options.expectedApps[0].apple.teamId"),
        Refusal(
            json: withOptions(#"{"expectedApps":[{"android":{"packageName":"com.example"}}]}"#),
            field: "options.expectedApps[0].android.signingCertificateSha256Hex"),
        Refusal(
            json: withOptions(
                #"{"expectedApps":[{"android":{"packageName":"com.example","signingCertificateSha256Hex":[]}}]}"#),
            field: "options.expectedApps[0].android.signingCertificateSha256Hex"),
        Refusal(
            json: withOptions(#"{"expectedApps":[{"android":{"signingCertificateSha256Hex":["\#(digest)"]}}]}"#),
            field: "options.expectedApps[0].android.packageName"),
        Refusal(
            json: withOptions(
                #"{"expectedApps":[{"android":{"packageName":"","signingCertificateSha256Hex":["\#(digest)"]}}]}"#),
            field: "options.expectedApps[0].android.packageName"),
        Refusal(
            json: withOptions(
                #"{"expectedApps":[{"apple":{"appId":"A.b"}},{"android":{"packageName":"p","signingCertificateSha256Hex":["\#(digest)","zz"]}}]}"#
            ),
            field: "options.expectedApps[1].android.signingCertificateSha256Hex[1]"),
        Refusal(
            json: withOptions(
                #"{"expectedApps":[{"android":{"packageName":"p","signingCertificateSha256Hex":["\#(digest.dropLast(2))"]}}]}"#
            ),
            field: "options.expectedApps[0].android.signingCertificateSha256Hex[0]"),
        Refusal(
            json: withOptions(
                #"{"expectedApps":[{"android":{"packageName":"p","signingCertificateSha256Hex":["\#(digest.uppercased())"]}}]}"#
            ),
            field: "options.expectedApps[0].android.signingCertificateSha256Hex[0]"),
        Refusal(
            json: withOptions(#"{"expectedApps":[{"android":{"packageName":"p","signingCertificateSha256Hex":[7]}}]}"#),
            field: "options.expectedApps[0].android.signingCertificateSha256Hex[0]"),
        Refusal(
            json: withOptions(
                #"{"expectedApps":[{"android":{"packageName":"p","signingCertificateSha256Hex":"\#(digest)"}}]}"#),
            field: "options.expectedApps[0].android.signingCertificateSha256Hex"),
        Refusal(
            json: withOptions(
                #"{"expectedApps":["#
                    + Array(repeating: #"{"apple":{"appId":"A.b"}}"#, count: 1025)
                    .joined(separator: ",") + "]}"),
            field: "options.expectedApps"),
        Refusal(
            json: withOptions(
                #"{"expectedApps":[{"android":{"packageName":"p","signingCertificateSha256Hex":["#
                    + Array(repeating: "\"" + digest + "\"", count: 65).joined(separator: ",") + "]}}]}"),
            field: "options.expectedApps[0].android.signingCertificateSha256Hex"),
        // KELVIN SIGN (U+212A) is canonically equivalent to K: names are compared as bytes.
        Refusal(
            json: withOptions(#"{"callerMetadata":{"requireContent":"none","requireContent\u212Aeys":["a"]}}"#),
            field: "options.callerMetadata.requireContent\u{212A}eys"),
        Refusal(
            json: withOptions(
                #"{"callerMetadata":{"content":{"K":{"bytesBase64":"AA=="},"\u212A":{"bytesBase64":"AQ=="}}}}"#),
            field: "options.callerMetadata.content.\u{212A}"),
    ]

    @Test("a malformed request is a REQUEST_INVALID error naming the field at fault", arguments: refusals)
    func refusal(_ refusal: Refusal) throws {
        let result = VerifyRequest.decode(Array(refusal.json.utf8))
        guard case .failure(let rejection) = result else {
            Issue.record("accepted: \(refusal.json)")
            return
        }
        #expect(rejection.error.code == .requestInvalid)
        #expect(rejection.error.field == refusal.field)
        #expect(!rejection.error.detail.isEmpty)
    }

    @Test("a request over 16 MiB is refused as a whole before it is parsed")
    func tooLarge() throws {
        let json = #"{"proofBase64":""# + String(repeating: "A", count: 16 << 20) + #""}"#
        guard case .failure(let rejection) = VerifyRequest.decode(Array(json.utf8)) else {
            Issue.record("accepted a request over the limit")
            return
        }
        #expect(rejection.error.field == nil)
    }

    @Test("the id of a refused request is kept when it could be read, so the answer can name it")
    func idKept() {
        guard case .failure(let rejection) = VerifyRequest.decode(Array(#"{"id":"r-1","proofBase64":3}"#.utf8)) else {
            Issue.record("accepted")
            return
        }
        #expect(rejection.id == "r-1")
        guard case .failure(let other) = VerifyRequest.decode(Array(#"{"id":5,"proofBase64":"CAES"}"#.utf8)) else {
            Issue.record("accepted")
            return
        }
        #expect(other.id == nil)
    }

    @Test("a caller-chosen name never reaches the log-safe field: unknown members and content keys are *")
    func logSafeField() {
        let json = Self.withOptions(#"{"callerMetadata":{"content":{"48.8584,2.2945":{"bytesBase64":"A"}}}}"#)
        guard case .failure(let rejection) = VerifyRequest.decode(Array(json.utf8)) else {
            Issue.record("accepted")
            return
        }
        #expect(rejection.error.field == "options.callerMetadata.content.48.8584,2.2945.bytesBase64")
        #expect(rejection.error.logSafeField == "options.callerMetadata.content.*.bytesBase64")
        guard case .failure(let unknown) = VerifyRequest.decode(Array(Self.withOptions(#"{"secret-nonce":1}"#).utf8))
        else {
            Issue.record("accepted")
            return
        }
        #expect(unknown.error.logSafeField == "options.*")
        #expect(!unknown.error.description.contains("secret"))
    }

    @Test("member names are told apart by their bytes: a canonically equivalent spelling of a known name is unknown")
    func namesAreBytes() {
        // "requireContent\u212Aeys" == "requireContentKeys" for Swift's String, not for the reader.
        let json = Self.withOptions(
            #"{"callerMetadata":{"requireContent":"keys","requireContentKeys":["a"],"requireContent\u212Aeys":[]}}"#)
        guard case .failure(let rejection) = VerifyRequest.decode(Array(json.utf8)) else {
            Issue.record("accepted")
            return
        }
        #expect(rejection.error.detail == "unknown member")
        #expect(rejection.error.logSafeField == "options.callerMetadata.*")
        let spelled = "options.callerMetadata.requireContent\u{212A}eys"
        #expect(rejection.error.field.map { Array($0.utf8) } == Array(spelled.utf8))
    }

    @Test("the smallest request is a proof with every API default, an absent time left to the clock")
    func smallest() throws {
        let request = try VerifyRequest.decode(Array(#"{"proofBase64":"CAES"}"#.utf8)).get()
        #expect(request.id == nil)
        #expect(request.proofBytes == [0x08, 0x01, 0x12])
        #expect(request.options == RequestOptions())
        #expect(request.options.canonicalJSON == Data("{}".utf8))
        let options = request.options.verifyOptions
        #expect(request.options.verificationTimeMs == nil && options.verificationTime == nil)
        #expect(options.maxAgeSeconds == VerifyOptions.defaultMaxAgeSeconds)
        #expect(options.expectedRegion == nil && options.expectedSessionNonce == nil && options.callerMetadata == nil)
        #expect(options.trustAnchors == .bundled && options.expectedApps == nil && !options.requireAttestation)
    }

    @Test("an empty proof and undecodable proof bytes are requests: the verifier judges them")
    func undecodableProof() throws {
        #expect(try VerifyRequest.decode(Array(#"{"proofBase64":""}"#.utf8)).get().proofBytes == [])
        #expect(try VerifyRequest.decode(Array(#"{"proofBase64":"////"}"#.utf8)).get().proofBytes == [255, 255, 255])
    }

    @Test("an id of exactly 256 bytes is echoed")
    func longestId() throws {
        let id = String(repeating: "é", count: 128)
        let request = try VerifyRequest.decode(Array((#"{"proofBase64":"CAES","id":""# + id + #""}"#).utf8)).get()
        #expect(request.id == id)
    }

    @Test("expectedApps: both kinds of entry, in order, become VerifyOptions.expectedApps; absent is nil, [] is empty")
    func expectedApps() throws {
        let json = Self.withOptions(
            #"{"expectedApps":[{"android":{"packageName":"com.example.octet","signingCertificateSha256Hex":["\#(Self.digest)","\#(String(repeating: "cd", count: 32))"]}},{"apple":{"appId":"ABCDE12345.com.example.octet"}}]}"#
        )
        let request = try VerifyRequest.decode(Array(json.utf8)).get()
        let options = request.options.verifyOptions
        #expect(
            options.expectedApps == [
                .android(
                    packageName: "com.example.octet",
                    signingCertificateSHA256: [
                        Data(repeating: 0xAB, count: 32), Data(repeating: 0xCD, count: 32),
                    ]),
                .apple(appID: "ABCDE12345.com.example.octet"),
            ])
        #expect(options.expectedApps?.allSatisfy(\.isWellFormed) == true)
        let empty = try VerifyRequest.decode(Array(Self.withOptions(#"{"expectedApps":[]}"#).utf8)).get()
        #expect(empty.options.verifyOptions.expectedApps == [])
        let absent = try VerifyRequest.decode(Array(#"{"proofBase64":"CAES"}"#.utf8)).get()
        #expect(absent.options.verifyOptions.expectedApps == nil)
    }

    @Test("an expectedApps error names the entry, never its App ID, package name or digest")
    func expectedAppsErrorIsLogSafe() {
        let json = Self.withOptions(
            #"{"expectedApps":[{"android":{"packageName":"com.secret.app","signingCertificateSha256Hex":["\#(Self.digest.dropLast())"]}}]}"#
        )
        guard case .failure(let rejection) = VerifyRequest.decode(Array(json.utf8)) else {
            Issue.record("accepted")
            return
        }
        #expect(rejection.error.logSafeField == "options.expectedApps[0].android.signingCertificateSha256Hex[0]")
        #expect(!rejection.error.description.contains("secret"))
        #expect(!rejection.error.description.contains("abab"))
    }

    @Test("options that hold what the object cannot carry (a defective app, content in a file) do not encode")
    func unencodableOptions() {
        var options = RequestOptions()
        options.verifyOptions.expectedApps = [
            .android(packageName: "com.example.octet", signingCertificateSHA256: [Data([1])])
        ]
        #expect(options.canonicalJSON == nil)
        options.verifyOptions.expectedApps = nil
        options.verifyOptions.callerMetadata = CallerMetadataCheck(content: ["a": .file(URL(fileURLWithPath: "/tmp/a"))]
        )
        #expect(options.canonicalJSON == nil)
        options.verifyOptions.callerMetadata = CallerMetadataCheck(content: ["a": .unavailable("offline")])
        #expect(
            options.canonicalJSON
                == Data(#"{"callerMetadata":{"content":{"a":{"unavailable":"offline"}},"requireContent":"none"}}"#.utf8)
        )
    }

    static let vectors: [VectorFile] =
        (try? VectorWriter.load(
            from: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("Vectors/cases"))) ?? []

    @Test("every conformance vector's options, without trustAnchors, read as a request give the same options")
    func vectorsAsRequests() throws {
        #expect(Self.vectors.count > 100)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        for vector in Self.vectors {
            var options = vector.options
            options.verifyOptions.trustAnchors = .bundled
            let optionsJSON = try #require(String(data: try encoder.encode(options), encoding: .utf8))
            let json = #"{"id":"\#(vector.id)","proofBase64":"\#(vector.proofBase64)","options":\#(optionsJSON)}"#
            let request = try VerifyRequest.decode(Array(json.utf8)).get()
            #expect(request.options == options, "\(vector.id)")
            #expect(request.proofBytes == vector.proofBytes, "\(vector.id)")
            #expect(request.id == vector.id)
        }
    }

    @Test("each base64 member is decoded once, into the bytes the options hold, and encodes back to the same text")
    func base64MembersAreBytes() throws {
        let json = Self.withOptions(
            #"{"expectedSessionNonceBase64":"MDEyMzQ1Njc4OTo7PD0+Pw==","attestationBundleBase64":"CiA=","#
                + #""callerMetadata":{"manifestJsonBase64":"e30=","content":{"a":{"bytesBase64":"YQ=="}}}}"#)
        let request = try VerifyRequest.decode(Array(json.utf8)).get()
        let options = request.options.verifyOptions
        #expect(options.expectedSessionNonce == Data("0123456789:;<=>?".utf8))
        #expect(options.attestationBundle == Data([0x0A, 0x20]))
        #expect(options.callerMetadata?.manifestJson == Data("{}".utf8))
        guard case .bytes(let content)? = options.callerMetadata?.content["a"] else {
            Issue.record("content a is not bytes")
            return
        }
        #expect(content == Data([0x61]))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let encoded = String(decoding: try encoder.encode(request.options), as: UTF8.self)
        #expect(encoded.contains(#""expectedSessionNonceBase64":"MDEyMzQ1Njc4OTo7PD0+Pw==""#))
        #expect(encoded.contains(#""bytesBase64":"YQ==""#) && encoded.contains(#""manifestJsonBase64":"e30=""#))
        #expect(!encoded.contains(#""expectedSessionNonce":"#))
    }

    @Test("a session nonce that is not base64 is refused, and the error says a request takes base64 and the CLI hex")
    func nonceErrorNamesEncodings() {
        let json = Self.withOptions(#"{"expectedSessionNonceBase64":"001122334455667788a"}"#)
        guard case .failure(let rejection) = VerifyRequest.decode(Array(json.utf8)) else {
            Issue.record("a hex nonce was read as base64")
            return
        }
        #expect(rejection.error.field == "options.expectedSessionNonceBase64")
        #expect(
            rejection.error.detail.contains("base64") && rejection.error.detail.contains("--session-nonce takes hex"))
    }
}
