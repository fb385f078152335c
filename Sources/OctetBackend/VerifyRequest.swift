import Foundation
import Octet
import OctetEncoding

/// One request of service.md: `{"id": …, "proofBase64": …, "options": {…}}`, read strictly.
///
/// `proofBase64` is required; `options` absent means every API default; `id` is any string of at
/// most 256 bytes, echoed in the answer and never logged. A proof that does not decode is not a
/// malformed request: `Octet.verify` judges it (`wire-format` FAIL).
public struct VerifyRequest: Sendable, Equatable {
    public var id: String?
    public var proofBytes: [UInt8]
    public var options: RequestOptions

    /// The largest request, in bytes: a line of `--requests`, a body of `serve` (its default `--max-body`).
    public static let maxBytes = 16 << 20
    /// The longest `id`, in UTF-8 bytes.
    public static let maxIdBytes = 256

    /// What the JSON reader allows a request: as large as a request, shallow (the options object
    /// nests five deep at most), and a bounded number of values.
    public static let jsonLimits = JSONLimits(
        maxBytes: maxBytes, maxDepth: 8, maxValues: 1 << 16, maxStringBytes: maxBytes, maxNumberBytes: 64)

    public init(id: String? = nil, proofBytes: [UInt8], options: RequestOptions = RequestOptions()) {
        self.id = id
        self.proofBytes = proofBytes
        self.options = options
    }

    /// A request that could not be read, with its `id` when that much could be.
    public struct Rejection: Error, Sendable, Equatable {
        public let id: String?
        public let error: RequestError
    }

    /// Reads one request. Never traps; every refusal is a `RequestError` naming the field.
    public static func decode(_ bytes: [UInt8]) -> Result<VerifyRequest, Rejection> {
        let value: JSONValue
        switch JSONReader.parse(bytes, limits: jsonLimits) {
        case .success(let parsed): value = parsed
        case .failure(let error):
            let detail =
                error.code == .tooLarge ? "larger than \(maxBytes >> 20) MiB" : "not JSON: \(error.description)"
            return .failure(Rejection(id: nil, error: RequestError(at: nil, detail)))
        }
        guard case .object(let object) = value else {
            return .failure(Rejection(id: nil, error: RequestError(at: nil, "expected a JSON object")))
        }
        // The id first, so that an error about any other member can still be matched to its request.
        var id: String?
        if case .string(let text)? = object["id"], text.utf8.count <= maxIdBytes { id = text }
        do throws(RequestError) {
            return .success(try decode(object))
        } catch {
            return .failure(Rejection(id: id, error: error))
        }
    }

    private static func decode(_ object: JSONObject) throws(RequestError) -> VerifyRequest {
        let reader = try MemberReader(object, at: FieldPath([]), known: ["id", "proofBase64", "options"])
        let id = try reader.string("id")
        if let id, id.utf8.count > maxIdBytes {
            throw RequestError(at: .member("id"), "longer than \(maxIdBytes) bytes")
        }
        guard let proofBytes = try reader.base64Bytes("proofBase64") else {
            throw RequestError(at: .member("proofBase64"), "required")
        }
        var options = RequestOptions()
        if let (optionsObject, path) = try reader.object("options") {
            options = try RequestOptions(json: optionsObject, at: path, source: .request)
        }
        return VerifyRequest(id: id, proofBytes: proofBytes, options: options)
    }
}
