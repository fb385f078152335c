/// Random bytes for salts and proof ids, from the system's CSPRNG through the standard library's
/// `SystemRandomNumberGenerator`, which Swift documents as cryptographically secure on every
/// platform it runs on (`getrandom` on Linux, `arc4random_buf` on Apple platforms). swift-crypto
/// has no public call for random bytes; its keys are drawn from the same system sources.
public enum SecureRandom {
    public static func bytes(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        var out = [UInt8](repeating: 0, count: count)
        out.withUnsafeMutableBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let word = generator.next()
                let take = min(MemoryLayout<UInt64>.size, buffer.count - offset)
                withUnsafeBytes(of: word) { buffer[offset..<offset + take].copyBytes(from: $0.prefix(take)) }
                offset += take
            }
        }
        return out
    }
}
