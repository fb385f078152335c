/// Masks credentials in text bound for a log (a store's failure reason): the password of every
/// URL's user information (`postgresql://octet:SECRET@db/x` → `postgresql://octet:***@db/x`) and
/// the value of every `password=` keyword (`host=db password=SECRET` → `host=db password=***`).
/// The stores already keep passwords out of their reasons; this is the second line, so that no
/// future reason (a driver's message quoting its connection string) can put one in the log.
enum CredentialMask {
    static func mask(_ text: String) -> String {
        var bytes = Array(text.utf8)
        bytes = maskURLPasswords(bytes)
        bytes = maskKeyword(bytes, "password=")
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `scheme://user:PASSWORD@` → `scheme://user:***@`.
    private static func maskURLPasswords(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        let separator = Array("://".utf8)
        while index < bytes.count {
            guard index + 3 <= bytes.count, Array(bytes[index..<index + 3]) == separator else {
                out.append(bytes[index])
                index += 1
                continue
            }
            out += separator
            index += 3
            // The authority runs to the next '/', '?', '#', space or quote; user information ends at its last '@'.
            var end = index
            while end < bytes.count, !"/?# \"'".utf8.contains(bytes[end]) { end += 1 }
            let authority = bytes[index..<end]
            if let at = authority.lastIndex(of: UInt8(ascii: "@")),
                let colon = authority[..<at].firstIndex(of: UInt8(ascii: ":"))
            {
                out += bytes[index...colon]
                out += Array("***".utf8)
                out += bytes[at..<end]
            } else {
                out += authority
            }
            index = end
        }
        return out
    }

    /// `KEYWORD VALUE` → `KEYWORD***`, the value running to the next space (or a quoted value to its quote).
    private static func maskKeyword(_ bytes: [UInt8], _ keyword: String) -> [UInt8] {
        let key = Array(keyword.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        func lower(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }
        while index < bytes.count {
            guard index + key.count <= bytes.count,
                zip(bytes[index..<index + key.count], key).allSatisfy({ lower($0) == $1 })
            else {
                out.append(bytes[index])
                index += 1
                continue
            }
            out += bytes[index..<index + key.count]
            out += Array("***".utf8)
            index += key.count
            if index < bytes.count, bytes[index] == UInt8(ascii: "'") {
                index += 1
                while index < bytes.count, bytes[index] != UInt8(ascii: "'") { index += 1 }
                if index < bytes.count { index += 1 }
            } else {
                while index < bytes.count, bytes[index] != UInt8(ascii: " "), bytes[index] != UInt8(ascii: "&") {
                    index += 1
                }
            }
        }
        return out
    }
}
