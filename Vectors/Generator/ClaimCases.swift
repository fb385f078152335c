import Foundation
import Octet
import OctetIssuer

/// `freshness`, the region checks, `hardware-attestation`, `attestation-required`,
/// `session-binding` and `verdict-tier`.
enum ClaimCases {
    typealias B = CaseBuilder
    static let nowMs = ConformanceKeys.nowMs

    static func add(to builder: inout CaseBuilder) {
        freshness(&builder)
        region(&builder)
        attestation(&builder)
        session(&builder)
        verdictTier(&builder)
    }

    /// A proof created (and fixed) at `offsetMs` from now.
    static func created(_ offsetMs: Int64, fixOffsetMs: Int64? = nil) -> [UInt8] {
        B.issue(
            B.draft {
                $0.createdAtMs = nowMs + offsetMs
                $0.fix.timeMs = nowMs + (fixOffsetMs ?? offsetMs)
            })
    }

    static func freshness(_ builder: inout CaseBuilder) {
        let cases: [(String, String, [UInt8], VectorOptions, CheckStatus)] = [
            ("pass-oldest-allowed", "created exactly maxAgeSeconds (300 s) ago", created(-300_000), B.options(), .pass),
            ("fail-one-ms-too-old", "created 300.001 s ago", created(-300_001), B.options(), .fail),
            (
                "pass-60s-ahead", "created exactly 60 s in the future (allowed skew)", created(60_000), B.options(),
                .pass
            ),
            ("fail-60001ms-ahead", "created 60.001 s in the future", created(60_001), B.options(), .fail),
            (
                "fail-fix-stale", "created now, but the fix was taken 10 minutes earlier",
                created(-1_000, fixOffsetMs: -600_000), B.options(), .fail
            ),
            (
                "fail-fix-ahead", "the fix is 2 minutes in the future", created(-1_000, fixOffsetMs: 120_000),
                B.options(), .fail
            ),
            (
                "pass-custom-window", "maxAgeSeconds 3600 accepts a proof 59 minutes old", created(-3_540_000),
                B.options { $0.verifyOptions.maxAgeSeconds = 3600 }, .pass
            ),
            (
                "pass-fractional-window", "maxAgeSeconds 0.5 is 500 ms: a proof 500 ms old passes", created(-500),
                B.options { $0.verifyOptions.maxAgeSeconds = 0.5 }, .pass
            ),
            (
                "fail-fractional-window", "maxAgeSeconds 0.5: a proof 501 ms old fails", created(-501),
                B.options { $0.verifyOptions.maxAgeSeconds = 0.5 }, .fail
            ),
            (
                "pass-zero-window", "maxAgeSeconds 0: only a proof created at now (or up to 60 s ahead)", created(0),
                B.options { $0.verifyOptions.maxAgeSeconds = 0 }, .pass
            ),
            (
                "fail-negative-window", "a negative maxAgeSeconds is invalid", created(-10_000),
                B.options { $0.verifyOptions.maxAgeSeconds = -1 }, .fail
            ),
            (
                "pass-huge-window", "maxAgeSeconds 1e300 is simply unbounded (clamped, no overflow)",
                created(-315_576_000_000), B.options { $0.verifyOptions.maxAgeSeconds = 1e300 }, .pass
            ),
        ]
        for (id, rule, proof, options, status) in cases {
            builder.add(
                "freshness/" + id, rule, proof: proof, options: options,
                intent: ["freshness": status, "stage-signatures": .pass])
        }
    }

    typealias C = ProofRegion.Coordinate
    static let square = [
        C(latitude: 48.85, longitude: 2.28), C(latitude: 48.85, longitude: 2.31),
        C(latitude: 48.87, longitude: 2.31), C(latitude: 48.87, longitude: 2.28),
    ]

    static func circle(_ lat: Double, _ lon: Double, _ radius: Double) -> ProofRegion {
        .circle(latitude: lat, longitude: lon, radiusMeters: radius)
    }

    static func region(_ builder: inout CaseBuilder) {
        let base = B.issue()
        let geohashProof = B.issue(
            B.draft {
                $0.region = .geohash("u09tunq")
                $0.fix = ProofDraft.Fix(latitude: 48.858261, longitude: 2.294083)
            })
        let polygonProof = B.issue(B.draft { $0.region = .polygon(square) })
        typealias Row = (String, String, [UInt8], ProofRegion, [String: CheckStatus])
        let pass: [String: CheckStatus] = ["region-claim": .pass, "region-type": .pass, "contains": .pass]
        let rows: [Row] = [
            (
                "pass-circle-equal", "the claimed circle equals the expected one", base, circle(48.8584, 2.2945, 250),
                pass
            ),
            (
                "pass-circle-inside", "the claimed circle lies inside a larger expected circle", base,
                circle(48.8584, 2.2945, 1000), pass
            ),
            (
                "fail-circle-larger", "the claimed circle is larger than the expected one", base,
                circle(48.8584, 2.2945, 100),
                ["region-claim": .fail, "region-type": .pass, "contains": .pass]
            ),
            (
                "fail-circle-elsewhere", "the claimed circle lies elsewhere (10 km away)", base,
                circle(48.95, 2.2945, 250),
                ["region-claim": .fail, "region-type": .pass]
            ),
            (
                "fail-shape-differs", "a circle is claimed where a geohash is expected", base, .geohash("u09tun"),
                ["region-claim": .fail, "region-type": .fail, "contains": .pass]
            ),
            (
                "pass-geohash-prefix", "the expected geohash is a prefix of the claimed one", geohashProof,
                .geohash("u09tun"), pass
            ),
            (
                "pass-geohash-equal", "the claimed geohash equals the expected one", geohashProof,
                .geohash("u09tunq"), pass
            ),
            (
                "fail-geohash-sibling", "the expected geohash is not a prefix of the claimed one", geohashProof,
                .geohash("u09tum"),
                ["region-claim": .fail, "region-type": .pass, "contains": .pass]
            ),
            (
                "fail-geohash-longer-expected", "a claimed geohash coarser than the expected one",
                B.issue(
                    B.draft {
                        $0.region = .geohash("u09tun")
                        $0.fix = ProofDraft.Fix(latitude: 48.858261, longitude: 2.294083)
                    }), .geohash("u09tunq"), ["region-claim": .fail, "region-type": .pass, "contains": .pass]
            ),
            (
                "pass-polygon-equal", "the same polygon, same start and orientation", polygonProof,
                .polygon(square), pass
            ),
            (
                "fail-polygon-rotated", "the same vertices from another start", polygonProof,
                .polygon(Array(square.dropFirst()) + square.prefix(1)),
                ["region-claim": .fail, "region-type": .pass, "contains": .pass]
            ),
            (
                "fail-polygon-reversed", "the same vertices in the other orientation", polygonProof,
                .polygon(square.reversed()),
                ["region-claim": .fail, "region-type": .pass, "contains": .pass]
            ),
            (
                "fail-expected-invalid", "an invalid expected region (latitude 91°) fails all three", base,
                circle(91, 2.2945, 250),
                ["region-claim": .fail, "region-type": .fail, "contains": .fail]
            ),
            (
                "fail-expected-radius-zero", "an expected circle of radius 0 is invalid", base,
                circle(48.8584, 2.2945, 0),
                ["region-claim": .fail, "region-type": .fail, "contains": .fail]
            ),
            (
                "fail-expected-polygon-closed", "an expected polygon that repeats its first vertex is invalid",
                polygonProof,
                .polygon(square + [square[0]]),
                ["region-claim": .fail, "region-type": .fail, "contains": .fail]
            ),
        ]
        for (id, rule, proof, region, intent) in rows {
            builder.add(
                "region/" + id, rule, proof: proof, options: B.options { $0.verifyOptions.expectedRegion = region },
                intent: intent)
        }
        // contains: the fix's uncertainty disc against the claimed region.
        let containsRows: [(String, String, ProofDraft.Fix, CheckStatus)] = [
            (
                "fail-fix-outside", "the fix lies 1 km outside the claimed circle",
                ProofDraft.Fix(latitude: 48.8674, longitude: 2.2945), .fail
            ),
            (
                "fail-accuracy-too-large", "a 300 m uncertainty disc does not fit in a 250 m circle",
                ProofDraft.Fix(latitude: 48.8584, longitude: 2.2945, horizontalAccuracyMillimeters: 300_000), .fail
            ),
            (
                "pass-disc-inside", "the uncertainty disc fits inside the claimed circle",
                ProofDraft.Fix(latitude: 48.8584, longitude: 2.2945, horizontalAccuracyMillimeters: 249_000), .pass
            ),
        ]
        for (id, rule, fix, status) in containsRows {
            builder.add(
                "contains/" + id, rule, proof: B.issue(B.draft { $0.fix = fix }),
                options: B.options { $0.verifyOptions.expectedRegion = circle(48.8584, 2.2945, 250) },
                intent: ["contains": status])
        }
        builder.add(
            "contains/fail-polygon-edge-too-close", "a fix inside the polygon but nearer an edge than its accuracy",
            proof: B.issue(
                B.draft {
                    $0.region = .polygon(square)
                    $0.fix = ProofDraft.Fix(latitude: 48.8501, longitude: 2.295, horizontalAccuracyMillimeters: 50_000)
                }),
            options: B.options { $0.verifyOptions.expectedRegion = .polygon(square) },
            intent: ["contains": .fail, "region-claim": .pass])
        builder.add(
            "contains/fail-geohash-outside-cell", "a fix outside the claimed geohash cell",
            proof: B.issue(
                B.draft {
                    $0.region = .geohash("u09tunq")
                    $0.fix = ProofDraft.Fix(latitude: 48.8600, longitude: 2.2946)
                }),
            options: B.options { $0.verifyOptions.expectedRegion = .geohash("u09tunq") },
            intent: ["contains": .fail, "region-claim": .pass])
    }

    static func attestation(_ builder: inout CaseBuilder) {
        builder.add(
            "attestation-required/fail-software-key", "requireAttestation with a software key fails closed",
            proof: B.issue(), options: B.options { $0.verifyOptions.requireAttestation = true },
            intent: ["hardware-attestation": .notChecked, "attestation-required": .fail], verdict: .invalid)
    }

    static func session(_ builder: inout CaseBuilder) {
        let withNonce = B.issue(B.draft { $0.sessionNonce = ConformanceKeys.nonce })
        let expected = Data(ConformanceKeys.nonce)
        builder.add(
            "session-binding/pass", "the proof's session_nonce equals the expected one", proof: withNonce,
            options: B.options { $0.verifyOptions.expectedSessionNonce = expected }, intent: ["session-binding": .pass],
            verdict: .valid)
        builder.add(
            "session-binding/fail-other-nonce", "the proof is bound to another nonce", proof: withNonce,
            options: B.options {
                $0.verifyOptions.expectedSessionNonce = Data(repeating: 0x30, count: 16)
            },
            intent: ["session-binding": .fail], verdict: .invalid)
        builder.add(
            "session-binding/fail-no-nonce", "a nonce is expected and the proof carries none", proof: B.issue(),
            options: B.options { $0.verifyOptions.expectedSessionNonce = expected }, intent: ["session-binding": .fail],
            verdict: .invalid)
        builder.add(
            "session-binding/fail-prefix", "the expected nonce is a prefix of the proof's",
            proof: withNonce,
            options: B.options {
                $0.verifyOptions.expectedSessionNonce = Data(ConformanceKeys.nonce.prefix(8))
            },
            intent: ["session-binding": .fail], verdict: .invalid)
    }

    static func verdictTier(_ builder: inout CaseBuilder) {
        func tier(_ verdict: LocationProofVerdict?) -> [UInt8] {
            B.issue(
                B.draft { draft in if let verdict { draft.assurance = .init(verdict: verdict, detector: "disc/2.4") } })
        }
        let rows: [(String, String, [UInt8], VectorOptions, CheckStatus, ProofVerification.Verdict)] = [
            (
                "not-checked-by-default", "since 3.1 the tier is ignored unless honorVerdictTier", tier(.spoofed),
                B.options { $0.verifyOptions.requiredTier = .verified }, .notChecked, .valid
            ),
            (
                "not-checked-no-tier", "honoured, but no tier is signed into the proof", tier(nil),
                B.options { $0.verifyOptions.honorVerdictTier = true }, .notChecked, .valid
            ),
            (
                "pass-verified", "honoured: a signed VERIFIED tier", tier(.verified),
                B.options { $0.verifyOptions.honorVerdictTier = true }, .pass, .valid
            ),
            (
                "pass-plausible", "honoured: a signed PLAUSIBLE tier", tier(.plausible),
                B.options { $0.verifyOptions.honorVerdictTier = true }, .pass, .valid
            ),
            (
                "warn-uncertain", "honoured: UNCERTAIN is a warning", tier(.uncertain),
                B.options { $0.verifyOptions.honorVerdictTier = true }, .warn, .valid
            ),
            (
                "warn-suspicious", "honoured: SUSPICIOUS is a warning", tier(.suspicious),
                B.options { $0.verifyOptions.honorVerdictTier = true }, .warn, .valid
            ),
            (
                "warn-spoofed", "honoured: SPOOFED is a warning, not a failure, without requireVerdict", tier(.spoofed),
                B.options { $0.verifyOptions.honorVerdictTier = true }, .warn, .valid
            ),
            (
                "pass-require-plausible", "requireVerdict PLAUSIBLE met by VERIFIED", tier(.verified),
                B.options {
                    $0.verifyOptions.honorVerdictTier = true
                    $0.verifyOptions.requiredTier = .plausible
                }, .pass, .valid
            ),
            (
                "fail-require-verified", "requireVerdict VERIFIED not met by PLAUSIBLE", tier(.plausible),
                B.options {
                    $0.verifyOptions.honorVerdictTier = true
                    $0.verifyOptions.requiredTier = .verified
                }, .fail, .invalid
            ),
            (
                "fail-require-no-tier", "requireVerdict with no tier in the proof", tier(nil),
                B.options {
                    $0.verifyOptions.honorVerdictTier = true
                    $0.verifyOptions.requiredTier = .plausible
                }, .fail, .invalid
            ),
        ]
        for (id, rule, proof, options, status, verdict) in rows {
            builder.add(
                "verdict-tier/" + id, rule, proof: proof, options: options, intent: ["verdict-tier": status],
                verdict: verdict)
        }
    }
}
