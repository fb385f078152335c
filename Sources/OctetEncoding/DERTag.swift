/// An X.690 identifier: class, primitive/constructed, and tag number (high-tag-number form included).
public struct DERTag: Hashable, Sendable, CustomStringConvertible {
    public enum TagClass: UInt8, Hashable, Sendable {
        case universal = 0
        case application = 1
        case contextSpecific = 2
        case `private` = 3
    }

    public var tagClass: TagClass
    public var isConstructed: Bool
    public var number: UInt32

    public init(_ tagClass: TagClass, constructed: Bool, number: UInt32) {
        self.tagClass = tagClass
        self.isConstructed = constructed
        self.number = number
    }

    public static let boolean = DERTag(.universal, constructed: false, number: 1)
    public static let integer = DERTag(.universal, constructed: false, number: 2)
    public static let bitString = DERTag(.universal, constructed: false, number: 3)
    public static let octetString = DERTag(.universal, constructed: false, number: 4)
    public static let null = DERTag(.universal, constructed: false, number: 5)
    public static let objectIdentifier = DERTag(.universal, constructed: false, number: 6)
    public static let enumerated = DERTag(.universal, constructed: false, number: 10)
    public static let utf8String = DERTag(.universal, constructed: false, number: 12)
    public static let sequence = DERTag(.universal, constructed: true, number: 16)
    public static let set = DERTag(.universal, constructed: true, number: 17)
    public static let printableString = DERTag(.universal, constructed: false, number: 19)
    public static let utcTime = DERTag(.universal, constructed: false, number: 23)
    public static let generalizedTime = DERTag(.universal, constructed: false, number: 24)

    /// `[number]` in the context-specific class; EXPLICIT tags are constructed.
    public static func context(_ number: UInt32, constructed: Bool = true) -> DERTag {
        DERTag(.contextSpecific, constructed: constructed, number: number)
    }

    public var description: String {
        let form = isConstructed ? "c" : "p"
        switch tagClass {
        case .universal: return "UNIVERSAL \(number) (\(form))"
        case .application: return "[APPLICATION \(number)] (\(form))"
        case .contextSpecific: return "[\(number)] (\(form))"
        case .private: return "[PRIVATE \(number)] (\(form))"
        }
    }
}
