import OctetEncoding

/// Reads the members of one JSON object of a request, each with one expected type.
///
/// Made only after every name was checked: a member that is not `known` is refused as unknown,
/// one in `refused` with its own reason, the first such in document order (so the error does not
/// depend on hashing). `null` is a wrong type everywhere: absent is how a caller says "default".
///
/// Names are compared as UTF-8 bytes, as the JSON reader tells members apart and as
/// `JSONObject`'s subscript finds them. Not with `Set<String>`, whose `==` is canonical equivalence: there
/// `"requireContent\u212Aeys"` (KELVIN SIGN) equals `"requireContentKeys"`, so the member passed as
/// known and was then never found, and the caller's requirement was silently dropped.
struct MemberReader {
    private let object: JSONObject
    private let path: FieldPath

    init(
        _ object: JSONObject, at path: FieldPath, known: [String], refused: [(name: String, reason: String)] = []
    ) throws(RequestError) {
        for member in object.members {
            if let refusal = refused.first(where: { JSONObject.sameName($0.name, member.name) }) {
                throw RequestError(at: path.appending(member.name), refusal.reason)
            }
            guard known.contains(where: { JSONObject.sameName($0, member.name) }) else {
                throw RequestError(at: path.appendingCallerName(member.name), "unknown member")
            }
        }
        self.object = object
        self.path = path
    }

    /// The member's path, made only when an error names it or a nested value needs it (it is an
    /// array of components: a member read without error makes none).
    private func at(_ name: String) -> FieldPath { path.appending(name) }

    func string(_ name: String, oneOf allowed: [String]? = nil) throws(RequestError) -> String? {
        guard let value = object[name] else { return nil }
        guard case .string(let text) = value else { throw RequestError(at: at(name), "expected a string") }
        if let allowed, !allowed.contains(where: { JSONObject.sameName($0, text) }) {
            throw RequestError(
                at: at(name), "expected one of " + allowed.sorted().map { "\"\($0)\"" }.joined(separator: ", "))
        }
        return text
    }

    func bool(_ name: String) throws(RequestError) -> Bool? {
        guard let value = object[name] else { return nil }
        guard case .bool(let flag) = value else { throw RequestError(at: at(name), "expected true or false") }
        return flag
    }

    /// A finite number.
    func number(_ name: String) throws(RequestError) -> Double? {
        guard let value = object[name] else { return nil }
        guard case .number(let number) = value, let double = Self.finite(number) else {
            throw RequestError(at: at(name), "expected a finite number")
        }
        return double
    }

    func requiredNumber(_ name: String) throws(RequestError) -> Double {
        guard let number = try number(name) else { throw RequestError(at: path.appending(name), "required") }
        return number
    }

    /// An integer literal (no fraction, no exponent) within `range`.
    func integer(_ name: String, range: ClosedRange<Int64>) throws(RequestError) -> Int64? {
        guard let value = object[name] else { return nil }
        guard case .number(let number) = value, range.lowerBound >= 0,
            let magnitude = number.nonNegativeInteger(atMost: UInt64(range.upperBound)),
            range.contains(Int64(magnitude))
        else {
            throw RequestError(at: at(name), "expected a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return Int64(magnitude)
    }

    /// A base64 member's bytes, decoded once (the proof: the largest member of every request).
    /// `note` follows the refusal (`expectedSessionNonceBase64`: the command line takes hex).
    func base64Bytes(_ name: String, note: String = "") throws(RequestError) -> [UInt8]? {
        guard let value = object[name] else { return nil }
        guard case .string(let text) = value, let bytes = Base64.decode(text) else {
            throw RequestError(at: at(name), "expected standard base64 with padding" + note)
        }
        return bytes
    }

    func object(_ name: String) throws(RequestError) -> (JSONObject, FieldPath)? {
        guard let value = object[name] else { return nil }
        guard case .object(let object) = value else { throw RequestError(at: at(name), "expected an object") }
        return (object, at(name))
    }

    func array(_ name: String) throws(RequestError) -> ([JSONValue], FieldPath)? {
        guard let value = object[name] else { return nil }
        guard case .array(let elements) = value else { throw RequestError(at: at(name), "expected an array") }
        return (elements, at(name))
    }

    func stringArray(_ name: String) throws(RequestError) -> [String]? {
        guard let (elements, at) = try array(name) else { return nil }
        var strings: [String] = []
        for (index, element) in elements.enumerated() {
            guard case .string(let text) = element else {
                throw RequestError(at: at.appending(index: index), "expected a string")
            }
            strings.append(text)
        }
        return strings
    }

    /// An array of base64 strings, each decoded once.
    func base64Array(_ name: String, required: Bool) throws(RequestError) -> [[UInt8]]? {
        guard let (elements, at) = try array(name) else {
            if required { throw RequestError(at: path.appending(name), "required") }
            return nil
        }
        var decoded: [[UInt8]] = []
        for (index, element) in elements.enumerated() {
            guard case .string(let text) = element, let bytes = Base64.decode(text) else {
                throw RequestError(at: at.appending(index: index), "expected standard base64 with padding")
            }
            decoded.append(bytes)
        }
        return decoded
    }

    /// The number's value when it is finite as a Double (`1e400` is not).
    static func finite(_ number: JSONNumber) -> Double? {
        guard let double = Double(number.text), double.isFinite else { return nil }
        return double
    }
}
