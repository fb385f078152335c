/// `"a1 61 61"` → `[0xA1, 0x61, 0x61]`; spaces are ignored. Test input only.
public func hexBytes(_ text: String) -> [UInt8] {
    let digits = Array(text.filter { !$0.isWhitespace })
    precondition(digits.count % 2 == 0, "odd hex in a test table")
    return stride(from: 0, to: digits.count, by: 2).map { index in
        guard let byte = UInt8(String(digits[index...index + 1]), radix: 16) else {
            preconditionFailure("bad hex in a test table")
        }
        return byte
    }
}
