import Foundation
import OctetTestSupport
import Testing

/// The real Android chains in ../shared/vectors/android-key-attestation/chains, read at test time.
enum AndroidVectors {
    static let folder = "android-key-attestation/chains"

    static func json(_ id: String) throws -> [String: Any] {
        let data = try SharedVectors.data("\(folder)/\(id).json")
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// The chain, leaf first, as DER.
    static func chain(_ id: String) throws -> [[UInt8]] {
        let list = try #require(try json(id)["certsLeafFirstDerBase64"] as? [String])
        return try list.map { try #require(Data(base64Encoded: $0)).map { $0 } }
    }

    /// The first package named in the vector's attestationApplicationId: the app id a proof from
    /// that app would claim (the vectors do not record one otherwise).
    static func packageName(_ id: String) throws -> String {
        let description = try #require(try json(id)["keyDescription"] as? [String: Any])
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

    /// `verifyAt` in milliseconds: stands in for `claims.created_at_ms`.
    static func verifyAtMs(_ id: String) throws -> Int64 {
        let text = try #require(try json(id)["verifyAt"] as? String)
        let date = try #require(ISO8601DateFormatter().date(from: text))
        return Int64(date.timeIntervalSince1970 * 1000)
    }

    static var ids: [String] {
        guard let url = SharedVectors.url(folder),
            let names = try? FileManager.default.contentsOfDirectory(atPath: url.path)
        else { return [] }
        return names.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }
}
