// Built with the PostgreSQL trait (on by default; off in the static package: see Package.swift).
#if PostgreSQL
    internal import CPostgreSQL
    import Foundation

    /// A libpq connection URI, checked by libpq itself (`PQconninfoParse`) and passed through as is.
    /// Knows its password only to keep it out of messages.
    struct PostgreSQLURI {
        let text: String
        /// The URI with the password masked as `***`.
        let logSafe: String
        let redactor: SecretRedactor

        init(_ text: String) throws(ReplayStoreError) {
            // libpq recognises these two prefixes, in lower case, and nothing else.
            guard text.hasPrefix("postgresql://") || text.hasPrefix("postgres://") else {
                throw ReplayStoreError(
                    .invalidURL, "a PostgreSQL replay store URL starts with postgresql:// or postgres://")
            }
            let spans = Self.passwordSpans(in: text)
            var secrets = spans.map { String(text[$0]) }
            secrets += secrets.compactMap { $0.removingPercentEncoding }
            var masked = text
            for span in spans.reversed() { masked.replaceSubrange(span, with: "***") }

            var message: UnsafeMutablePointer<CChar>?
            let options = PQconninfoParse(text, &message)
            defer { PQconninfoFree(options) }
            guard let options else {
                let detail = message.map { String(cString: $0) } ?? "out of memory"
                PQfreemem(message)
                let clean = SecretRedactor(secrets: secrets).clean(detail)
                throw ReplayStoreError(.invalidURL, "not a valid PostgreSQL connection URI (\(masked)): \(clean)")
            }
            // libpq's own reading of the password, however the URI spelled it.
            var option = options
            while let keyword = option.pointee.keyword {
                if String(cString: keyword) == "password", let value = option.pointee.val {
                    secrets.append(String(cString: value))
                }
                option += 1
            }
            self.text = text
            logSafe = masked
            redactor = SecretRedactor(secrets: secrets.filter { !$0.isEmpty }.sorted { $0.count > $1.count })
        }

        /// Where a password may sit: after the `:` of the user info, and any `password=` query value.
        static func passwordSpans(in uri: String) -> [Range<String.Index>] {
            var spans: [Range<String.Index>] = []
            guard let start = uri.range(of: "://")?.upperBound else { return spans }
            let rest = uri[start...]
            let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
            let authority = rest[..<authorityEnd]
            if let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") {
                let password = authority.index(after: colon)..<at
                if !password.isEmpty { spans.append(password) }
            }
            if let question = uri[start...].firstIndex(of: "?") {
                var cursor = uri.index(after: question)
                while cursor < uri.endIndex {
                    let end = uri[cursor...].firstIndex(of: "&") ?? uri.endIndex
                    let pair = uri[cursor..<end]
                    if let equals = pair.firstIndex(of: "="),
                        pair[..<equals].removingPercentEncoding?.lowercased() == "password"
                    {
                        let value = pair.index(after: equals)..<end
                        if !value.isEmpty { spans.append(value) }
                    }
                    cursor = end < uri.endIndex ? uri.index(after: end) : end
                }
            }
            return spans.sorted { $0.lowerBound < $1.lowerBound }
        }
    }
#endif
