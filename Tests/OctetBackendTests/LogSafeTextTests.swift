import Foundation
import OctetBackend
import Testing

@Suite("LogSafeText: controls, line separators and every format character (Cf) are escaped, in text and JSON")
struct LogSafeTextTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let scalar: Unicode.Scalar
        let text: String
        let json: String
        var testDescription: String { "U+" + String(scalar.value, radix: 16, uppercase: true) }
    }

    /// Invisible or reordering scalars, by category: each must print as its escape.
    static let escaped: [Case] = [
        Case(scalar: "\u{200B}", text: #"\u{200B}"#, json: #"\u200b"#),  // zero width space (Cf)
        Case(scalar: "\u{200C}", text: #"\u{200C}"#, json: #"\u200c"#),  // zero width non-joiner
        Case(scalar: "\u{200D}", text: #"\u{200D}"#, json: #"\u200d"#),  // zero width joiner
        Case(scalar: "\u{2060}", text: #"\u{2060}"#, json: #"\u2060"#),  // word joiner
        Case(scalar: "\u{2064}", text: #"\u{2064}"#, json: #"\u2064"#),  // invisible plus
        Case(scalar: "\u{FEFF}", text: #"\u{FEFF}"#, json: #"\ufeff"#),  // zero width no-break space
        Case(scalar: "\u{00AD}", text: #"\u{AD}"#, json: #"\u00ad"#),  // soft hyphen
        Case(scalar: "\u{180E}", text: #"\u{180E}"#, json: #"\u180e"#),  // Mongolian vowel separator
        Case(scalar: "\u{061C}", text: #"\u{61C}"#, json: #"\u061c"#),  // Arabic letter mark
        Case(scalar: "\u{200E}", text: #"\u{200E}"#, json: #"\u200e"#),  // left-to-right mark
        Case(scalar: "\u{202E}", text: #"\u{202E}"#, json: #"\u202e"#),  // right-to-left override
        Case(scalar: "\u{2067}", text: #"\u{2067}"#, json: #"\u2067"#),  // right-to-left isolate
        Case(scalar: "\u{E0041}", text: #"\u{E0041}"#, json: #"\udb40\udc41"#),  // tag latin capital A
        Case(scalar: "\u{2028}", text: #"\u{2028}"#, json: #"\u2028"#),  // line separator (Zl)
        Case(scalar: "\u{0085}", text: #"\u{85}"#, json: #"\u0085"#),  // next line (C1)
    ]

    @Test("an invisible or format scalar prints as its escape, never raw", arguments: escaped)
    func escapes(_ c: Case) {
        let text = "com.example" + String(Character(c.scalar)) + ".octet"
        #expect(LogSafeText.needsEscape(c.scalar))
        #expect(LogSafeText.escape(text) == "com.example" + c.text + ".octet")
        #expect(!LogSafeText.escape(text).unicodeScalars.contains(c.scalar))
        let json = JSONOut.quoted(text)
        #expect(json == "\"com.example" + c.json + ".octet\"")
        #expect(!json.unicodeScalars.contains(c.scalar))
        // The JSON escape reads back as the scalar: an escape, not a mangling.
        let decoded = try? JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed) as? String
        #expect(decoded == text)
    }

    @Test(
        "visible text outside ASCII is left as it is (letters, CJK, emoji, a no-break space)",
        arguments: ["é", "中文", "😀", "\u{00A0}", "Ω"])
    func visibleKept(_ text: String) {
        #expect(LogSafeText.escape(text) == text)
        #expect(JSONOut.quoted(text) == "\"" + text + "\"")
    }

    @Test("the joiner inside an emoji sequence is a format character too, and is escaped like any other")
    func emojiJoinerEscaped() {
        #expect(LogSafeText.escape("👩\u{200D}💻") == "👩\\u{200D}💻")
    }

    @Test("every scalar of general category Cf is escaped: the rule is Unicode's table, not a list")
    func everyFormatScalar() {
        var count = 0
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), scalar.properties.generalCategory == .format else { continue }
            count += 1
            #expect(LogSafeText.needsEscape(scalar), "U+\(String(value, radix: 16))")
        }
        #expect(count > 150)  // Unicode 15 has 170 format characters
    }
}
