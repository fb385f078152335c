import Foundation
import OctetCrypto

/// SHA-256 through the crypto backend, to check `proofSha256`.
enum OctetCLITestsSHA {
    static func hash(_ data: Data) -> [UInt8] { SHA256.hash(data) }
}
