/// A detail as its check stated it: either text, or a fact whose text is written only when
/// `text` is read (the idea of swift-certificates' `PolicyFailureReason`, which takes its message
/// as an autoclosure). A check says what it found (`StagesSigned(count: 3)`); whoever reads the
/// detail gets the same words as if the check had written them itself.
///
/// Equal and hashed by the text, so two details compare as their strings always did, whichever
/// form each is held in.
public struct OutcomeDetail: Sendable, Hashable, CustomStringConvertible {
    /// The bytes a fact is held in: a fact is a plain value of at most this size.
    public typealias FactBits = (UInt64, UInt64, UInt64)

    @usableFromInline
    enum Form: Sendable {
        case text(String)
        /// The fact's bytes and its type: plain values both, so copying a detail retains nothing.
        case fact(FactBits, any OutcomeFact.Type)
    }

    @usableFromInline let form: Form

    public init(_ text: String) { form = .text(text) }

    /// The detail `fact.text`, written when read. A fact larger than `FactBits` is written now.
    @inlinable
    public init<Fact: OutcomeFact>(_ fact: Fact) {
        guard MemoryLayout<Fact>.size <= MemoryLayout<FactBits>.size,
            MemoryLayout<Fact>.alignment <= MemoryLayout<FactBits>.alignment
        else {
            form = .text(fact.text)
            return
        }
        var bits: FactBits = (0, 0, 0)
        withUnsafeMutableBytes(of: &bits) { $0.storeBytes(of: fact, as: Fact.self) }
        form = .fact(bits, Fact.self)
    }

    /// The detail's words, written now if the check stated a fact.
    public var text: String {
        switch form {
        case .text(let text): return text
        case .fact:
            var text = ""
            write(to: &text)
            return text
        }
    }

    /// The detail's words written to `target`: a fact writes them there itself, with no string
    /// made for them first (a JSON answer writes every PASS detail this way).
    public func write<Target: TextOutputStream>(to target: inout Target) {
        switch form {
        case .text(let text): target.write(text)
        case .fact(let bits, let type): Self.write(bits, as: type, to: &target)
        }
    }

    private static func write<Fact: OutcomeFact, Target: TextOutputStream>(
        _ bits: FactBits, as type: Fact.Type, to target: inout Target
    ) {
        withUnsafeBytes(of: bits) { $0.load(as: Fact.self) }.write(to: &target)
    }

    public var description: String { text }

    public static func == (lhs: OutcomeDetail, rhs: OutcomeDetail) -> Bool { lhs.text == rhs.text }

    public func hash(into hasher: inout Hasher) { hasher.combine(text) }
}

/// What a check found, as the values its detail is written from: a plain value (integers, a
/// `StaticString`; no references) of at most `OutcomeDetail.FactBits`' size, so that stating one
/// allocates and retains nothing. The words it writes are a function of those values alone, and
/// log-safe like every detail.
public protocol OutcomeFact: Sendable, BitwiseCopyable {
    /// Writes the detail's words to `target`, the same words every time.
    func write<Target: TextOutputStream>(to target: inout Target)
}

extension OutcomeFact {
    /// The detail's words as a string.
    public var text: String {
        var text = ""
        write(to: &text)
        return text
    }
}
