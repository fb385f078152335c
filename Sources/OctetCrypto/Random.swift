/// Random bytes from the backend's DRBG (salts, proof ids); today `RandomBackend` in Random_openssl.swift.
public enum SecureRandom {
    public static func bytes(_ count: Int) -> [UInt8] {
        RandomBackend.bytes(count)
    }
}
