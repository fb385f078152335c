import Foundation
import Octet
import Testing

/// The seed's `requireVerdict` and `RequiredVerdict`, deprecated since 3.1: still honoured with
/// `honorVerdictTier`, through the public spellings a user's old code has. The test is deprecated
/// itself, so it compiles without the warning a user's copy gets (DeprecationWarningTests).
@Suite("The deprecated requireVerdict keeps its 3.0 meaning under honorVerdictTier")
struct DeprecatedVerdictAPITests {
    static func plausibleProof() -> Data {
        var draft = Fixture.draft()
        draft.assurance = .init(verdict: .plausible, detector: nil)
        return Fixture.issuer.issue(draft)
    }

    @available(*, deprecated, message: "tests the deprecated requireVerdict")
    @Test("the property, the initializer and RequiredVerdict set the requirement the check applies")
    func spellings() {
        var set = Fixture.options { $0.honorVerdictTier = true }
        set.requireVerdict = .verified
        #expect(set.requireVerdict == .verified)
        let made = VerifyOptions(verificationTime: Fixture.now, honorVerdictTier: true, requireVerdict: .verified)
        #expect(made.requireVerdict == .verified)
        for options in [set, made] {
            let result = Octet.verify(proofBytes: Self.plausibleProof(), options: options)
            #expect(result.check(named: "verdict-tier")?.detail == "signed tier PLAUSIBLE is below VERIFIED")
            #expect(result.verdict == .invalid)
        }
        var plausible = set
        plausible.requireVerdict = .plausible
        #expect(Octet.verify(proofBytes: Self.plausibleProof(), options: plausible).verdict == .valid)
        plausible.requireVerdict = nil
        #expect(plausible.requireVerdict == nil)
    }

    @available(*, deprecated, message: "tests the deprecated requireVerdict")
    @Test("without honorVerdictTier the requirement has no effect, as the seed says of 3.1")
    func ignored() {
        var options = Fixture.options()
        options.requireVerdict = .verified
        let result = Octet.verify(proofBytes: Self.plausibleProof(), options: options)
        #expect(result.check(named: "verdict-tier")?.status == .notChecked)
        #expect(result.verdict == .valid)
    }
}
