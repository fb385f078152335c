import Foundation

/// What `octet-verify selftest` checks the installed binary against, compiled in so that the
/// binary tests itself with nothing else installed.
enum SelfTestFixtures {
    /// `Examples/example.proof`, byte for byte (SelfTestTests compares them): a software-key proof,
    /// made by `ExampleProof` in the issuer, which the verifier does not link.
    static let exampleProofBase64 = [
        "CAESEG9jdGV0LWV4YW1wbGUtMDEaQQQCF+YX8LZEOSgnj5aZnmmiOk8sFSvfbWzfZuW4AoLU7RlKfevLl3EtLdo8qFqodlpW9F/H",
        "WFmWUvKJfGUwbleUImcIgMy0uaI0EAMaEWNvbS5leGFtcGxlLm9jdGV0IhAKDgiAzfnRAxDQ8/AVGPoBKhcIqMj50QMQwPDwFRiU",
        "IyCAzLS5ojQoATIQc2Vzc2lvbi1ub25jZS0wMUIMCAESCGRpc2MvMi40KuUBCAESmAEKJAgBEiBU1uWjopvXOt7tPubGOfL7NubM",
        "3JEWftlaEg28afcXpgokCAISIABEPVFmLp/HHni2r3CmAqjb3umr75Tbec1p2dwfnbxKCiQIAxIgAgdLkfhR4IgekGa2PNnSOMeM",
        "H7YL7+a/SwaLP6Z9Tk8KJAgGEiD9GUwV2okvUV9nUErMxDGP3wj+7iH20OaZc2pLqQmetBpGMEQCIHQ9Oswi4ZVIcPm1TSEb7lTT",
        "8gv2ul0j99TcS3+HI2xFAiBrBkwIssoOX9J4CgJOMSWzHlDecTAtW4Cup4LQj5G8kiqZAQgCEkwKJAgEEiDfJuUmzPsLTWVktZjl",
        "zskTl61rUjdjfHDNG0pU3To+MgokCAUSILA/Mj/E0NtXsaYk4NPyAmmNKaBSC6Ty5mKXgEiD2mEvGkcwRQIgVYh0U9JhhL9MO8OE",
        "GlVMXZBhYTTsyA4hsAhuOpUI8YwCIQCRS7p84KoL2oHvUJCuYDegbnwABx3gD/SnzU0YcR5coSpyCAQSJgokCAgSIAadjpvZFcpt",
        "YvQINtNsbGvkgNX7+OIET9p8HWmVLCkAGkYwRAIgCkGWC2fp+5Uj3Iy2yFUaUghhnHNImMmEQIpwGHSlfkUCIBp6bNEKjoOyRKrk",
        "7tKi8LphVkNaL1OMHm9qzH+uNafhMpABGo0BCkEE1lqTl3yqPRsIGFL/V6eeRl8WYFdzBLrq1QXdOkhYnPNQGF6JU3LfYiHqOhN1",
        "V+Rz/dtnVfBb1QfDxTP86ckShRJIMEYCIQD3rrzAE+e4YRmq9fmE/Cs3+MF4Q5qrMfnsApd0t3yEHAIhAMOZa8z+9rAAcftnNaTw",
        "sns8biRvt+OQkLWOqGPbO/8k",
    ].joined()

    /// The example's own time, 2026-11-29T12:00:30Z (30 s after its capture), in Unix milliseconds.
    static let exampleTimeMilliseconds: Int64 = 1_795_953_630_000
    static let exampleTimeText = "2026-11-29T12:00:30Z"
    /// The example's claimed region and session nonce ("session-nonce-01").
    static let exampleRegion = (latitude: 48.8584, longitude: 2.2945, radiusMeters: 250.0)
    static let exampleSessionNonce = Data("session-nonce-01".utf8)

    /// The SHA-256 of each bundled root's DER, as Apple and Google publish them (the same pins as
    /// TrustAnchorsTests; SelfTestTests checks them against Roots/*.pem).
    static let appAttestRootSHA256 = [
        "1cb9823ba28ba6ad2d33a006941de2ae4f513ef1d4e831b9f7e0fa7b6242c932"  // Apple App Attestation Root CA
    ]
    static let androidRootSHA256 = [
        "6d9db4ce6c5c0b293166d08986e05774a8776ceb525d9e4329520de12ba4bcc0",  // Key Attestation CA1 (ECDSA P-384)
        "ab6641178a36e179aa0c1cdddf9a16eb45fa20943e2b8cd7c7c05c26cf8b487a",  // RSA-4096, serial c36b7c44b9ae1831
        "1ef1a04b8ba58ab94589ac498c8982a783f24ea7307e0159a0c3a73b377d87cc",  // RSA-4096, serial d50ff25ba3f2d6b3
        "c1984a3ef45c1e2a918551de10603c86f7051b2249c4891cae3230eabd0c97d5",  // RSA-4096, serial e8fa196314d2fa18
        "cedb1cb6dc896ae5ec797348bce9286753c2b38ee71ce0fbe34a9a1248800dfc",  // RSA-4096, serial f1c172a699eaf51d
    ]
}
