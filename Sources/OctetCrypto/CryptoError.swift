/// Why a key, a certificate or a signature could not be made from bytes.
public struct CryptoError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Code: String, Sendable {
        case invalidPublicKey = "invalid P-256 public key"
        case invalidPrivateKey = "invalid P-256 private key"
        case invalidCertificate = "invalid certificate"
        case unsupportedKey = "unsupported key type"
        case signingFailed = "signing failed"
    }
    public let code: Code
    public init(_ code: Code) { self.code = code }
    public var description: String { code.rawValue }
}
