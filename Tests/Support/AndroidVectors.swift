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
