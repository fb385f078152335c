// swift-tools-version:6.1
// Octet: offline verification of location proofs.
// One outside package, swift-crypto (Apple's: `Crypto` is CryptoKit on Apple platforms and BoringSSL,
// compiled in, elsewhere; `_CryptoExtras` adds RSA) for every cryptographic primitive. X.509 is read
// by our own strict DER reader (OctetCrypto's CertificateStructure), so no X509 or SwiftASN1 API is
// used (swift-asn1 is built only as _CryptoExtras' own dependency): swift-certificates refuses 9 real attestation certificates that the
// answers pin (sub-2048-bit RSA roots, an ECDSA AlgorithmIdentifier with NULL parameters, an ML-DSA
// key; docs/platforms.md). Debian C libraries: SQLite and libpq (PostgreSQL's client) for
// OctetBackend's replay stores. WGS84 geodesics are Swift (OctetGeometry); GeographicLib is only
// the tests' oracle (GeodSolve).
// Built and tested on Linux only, so no `platforms:` are declared: no Apple build has been made;
// docs/platforms.md says what a port needs.
import PackageDescription

let package = Package(
    name: "Octet",
    products: [
        .library(name: "Octet", targets: ["Octet"]),
        .library(name: "OctetIssuer", targets: ["OctetIssuer"]),
        // What a Swift backend shares with octet-verify: replay stores and revocation sources.
        .library(name: "OctetBackend", targets: ["OctetBackend"]),
        // What each fuzz target does with an input: used by FuzzTesting/ and by the regression replay.
        .library(name: "OctetFuzzEntries", targets: ["OctetFuzzEntries"]),
        .executable(name: "octet-verify", targets: ["octet-verify"]),
        .executable(name: "octet-bench", targets: ["octet-bench"]),
        .executable(name: "octet-vectors", targets: ["octet-vectors"]),
    ],
    // All on by default. scripts/package builds the static binary without them: Debian ships libpq,
    // libmicrohttpd and libcurl only in forms that cannot be linked statically (libpq needs LDAP and
    // Kerberos, libmicrohttpd GnuTLS with p11-kit, libcurl, under FoundationNetworking, both), and
    // the offline verifier does not need a TLS or directory-service stack. `--replay-db` (SQLite)
    // and `--revocation-max-age` stay in.
    traits: [
        .trait(name: "PostgreSQL", description: "The PostgreSQL replay store (libpq): --replay-store postgresql://…"),
        .trait(name: "Serve", description: "octet-verify serve: the verifier over HTTP (GNU libmicrohttpd)"),
        .trait(
            name: "Fetch",
            description:
                "octet-verify revocation fetch: the revocation list over HTTP(S) (FoundationNetworking, libcurl)"),
        .default(enabledTraits: ["PostgreSQL", "Serve", "Fetch"]),
    ],
    dependencies: [
        // Crypto is CryptoKit on Apple platforms and BoringSSL elsewhere; _CryptoExtras adds RSA.
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.0.0")
    ],
    targets: [
        // C libraries, each behind one system-library target.
        .systemLibrary(
            name: "CMicroHTTPD", pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"]), .brew(["libmicrohttpd"])]),
        // libmicrohttpd's variadic start-up and info calls, and the signal pipe of `serve`, in C.
        .target(name: "OctetHTTPShim", dependencies: ["CMicroHTTPD"]),
        .systemLibrary(
            name: "CSQLite", pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),
        // libpq, PostgreSQL's client library: the fleet's shared replay store.
        .systemLibrary(
            name: "CPostgreSQL", pkgConfig: "libpq",
            providers: [.apt(["libpq-dev"]), .brew(["libpq"])]),

        // The one outcome type (status, reason code, log-safe detail) every judging module returns.
        .target(name: "OctetOutcome"),
        // Locks, condition variables and threads over pthreads (not Foundation's NSLock, NSCondition, Thread).
        .target(name: "OctetThreads"),
        // Pure Swift: strict protobuf wire, DER, CBOR and JSON readers. Fuzzed.
        .target(name: "OctetEncoding"),
        // The only module that calls swift-crypto: a small API, and the strict certificate reader.
        .target(
            name: "OctetCrypto",
            dependencies: [
                "OctetEncoding", .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ]),
        // WGS84 geodesics (Karney's inverse solution, in Swift) and region containment.
        .target(name: "OctetGeometry", dependencies: ["OctetOutcome"]),
        // Content commitments: the manifest, content_root, and the caller-metadata rules.
        .target(name: "OctetContent", dependencies: ["OctetEncoding", "OctetCrypto", "OctetOutcome"]),
        // Apple App Attest and Android Key Attestation, verified offline.
        // The bundled roots are compiled in (BundledRoots+Data.swift, from Roots/ by scripts/generate-roots).
        .target(
            name: "OctetAttestation", dependencies: ["OctetEncoding", "OctetCrypto", "OctetOutcome", "OctetThreads"]),
        // Test authorities that make attestation evidence with software keys under their own
        // roots: for the issuer and the tests, never a dependency of the verifier.
        .target(name: "OctetAttestationTesting", dependencies: ["OctetAttestation", "OctetEncoding", "OctetCrypto"]),
        // The public API: Octet.verify and its types, the proof model and the recipe of checks.
        .target(
            name: "Octet",
            dependencies: [
                "OctetOutcome", "OctetEncoding", "OctetCrypto", "OctetGeometry", "OctetAttestation", "OctetContent",
                "OctetThreads",
            ]),
        // Makes proofs with software keys: tests, demos, conformance vectors.
        .target(
            name: "OctetIssuer",
            dependencies: [
                "Octet", "OctetAttestation", "OctetAttestationTesting", "OctetEncoding", "OctetCrypto", "OctetGeometry",
                "OctetContent",
            ]),
        // What a Swift backend shares with octet-verify: the replay store and revocation list sources,
        // the request decoder and the result encoder of docs/service.md.
        .target(
            name: "OctetBackend",
            dependencies: [
                "Octet", "OctetEncoding", "OctetAttestation", "OctetContent", "OctetCrypto", "CSQLite", "OctetThreads",
                .target(name: "CPostgreSQL", condition: .when(traits: ["PostgreSQL"])),
            ]),
        // The command-line verifier as a library, testable in-process.
        .target(
            name: "OctetCLI",
            dependencies: [
                "Octet", "OctetBackend", "OctetAttestation", "OctetContent", "OctetCrypto", "OctetEncoding",
                "OctetThreads",
            ]),
        // `octet-issue`: makes proofs with the issuer and the test authorities, so that the verifier
        // (OctetCLI, octet-verify) links neither.
        .target(
            name: "OctetIssueTool",
            dependencies: [
                "OctetCLI", "Octet", "OctetBackend", "OctetIssuer", "OctetAttestation", "OctetAttestationTesting",
                "OctetContent", "OctetCrypto", "OctetEncoding",
            ]),
        // `octet-verify serve`: the verifier over HTTP (GNU libmicrohttpd), a thin front end over OctetBackend.
        .target(
            name: "OctetServe",
            dependencies: [
                "OctetBackend", "OctetCLI", "Octet", "OctetCrypto", "OctetEncoding", "CMicroHTTPD", "OctetHTTPShim",
            ]),
        // `octet-verify revocation fetch`: one bounded GET over FoundationNetworking's URLSession,
        // the list judged and installed by OctetCLI.
        .target(name: "OctetFetch", dependencies: ["OctetBackend", "OctetCLI", "OctetThreads"]),
        .executableTarget(name: "octet-issue", dependencies: ["OctetIssueTool"]),
        .executableTarget(
            name: "octet-verify",
            dependencies: [
                "OctetCLI", .target(name: "OctetServe", condition: .when(traits: ["Serve"])),
                .target(name: "OctetFetch", condition: .when(traits: ["Fetch"])),
            ]),
        // Valgrind's client requests (header-only, from the valgrind package) for `octet-bench instructions`.
        .target(name: "CCallgrind"),
        .executableTarget(
            name: "octet-bench",
            dependencies: [
                "CCallgrind", "Octet", "OctetCLI", "OctetBackend", "OctetIssuer", "OctetAttestationTesting",
                "OctetCrypto", "OctetGeometry", "OctetContent", .product(name: "Crypto", package: "swift-crypto"),
            ]),

        // Test-only helpers: finding ../shared/vectors from any checkout, a replay store in memory,
        // plain libpq and SQLite for the tests' own set-up.
        .target(name: "OctetTestSupport", dependencies: ["CPostgreSQL", "CSQLite", "Octet"], path: "Tests/Support"),
        // The conformance vectors: cases made with the issuer, and `octet-vectors` to regenerate Vectors/cases.
        .target(
            name: "OctetConformance",
            dependencies: [
                "Octet", "OctetIssuer", "OctetEncoding", "OctetCrypto", "OctetContent", "OctetAttestation",
                "OctetAttestationTesting", "OctetBackend",
            ],
            path: "Vectors/Generator"),
        .executableTarget(name: "octet-vectors", dependencies: ["OctetConformance"], path: "Vectors/Command"),
        // One function per fuzz target and its seed corpus (FuzzTesting/ runs them under libFuzzer).
        .target(
            name: "OctetFuzzEntries",
            dependencies: [
                "Octet", "OctetIssuer", "OctetEncoding", "OctetContent", "OctetAttestation", "OctetAttestationTesting",
                "OctetCrypto", "OctetTestSupport", "OctetBackend", "OctetCLI",
            ],
            path: "Tests/FuzzEntries"),

        .testTarget(name: "OctetEncodingTests", dependencies: ["OctetEncoding", "OctetTestSupport"]),
        .testTarget(name: "OctetThreadsTests", dependencies: ["OctetThreads"]),
        .testTarget(
            name: "OctetCryptoTests",
            dependencies: [
                "OctetCrypto", "OctetEncoding", "OctetTestSupport",
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ]),
        .testTarget(
            name: "OctetGeometryTests", dependencies: ["OctetGeometry", "OctetOutcome", "OctetTestSupport"],
            resources: [.copy("Data")]),
        .testTarget(
            name: "OctetAttestationTests",
            dependencies: [
                "OctetAttestation", "OctetAttestationTesting", "OctetCrypto", "OctetEncoding", "OctetOutcome",
                "OctetTestSupport",
            ]),
        .testTarget(
            name: "OctetContentTests", dependencies: ["OctetContent", "OctetCrypto", "OctetEncoding", "OctetOutcome"]),
        .testTarget(
            name: "OctetTests",
            dependencies: [
                "Octet", "OctetIssuer", "OctetAttestation", "OctetAttestationTesting", "OctetEncoding", "OctetCrypto",
                "OctetContent", "OctetOutcome", "OctetTestSupport", "OctetFuzzEntries", "OctetConformance",
            ]),
        // The public API as a user sees it: its files import `Octet` and nothing else of the package.
        .testTarget(name: "OctetPublicAPITests", dependencies: ["Octet"]),
        .testTarget(
            name: "OctetBackendTests",
            dependencies: [
                "OctetBackend", "Octet", "OctetIssuer", "OctetEncoding", "OctetCrypto", "OctetTestSupport",
                "OctetConformance", "OctetAttestation", "OctetAttestationTesting",
            ]),
        .testTarget(
            name: "OctetServeTests",
            dependencies: [
                "OctetBackend", "Octet", "OctetIssuer", "OctetEncoding", "OctetCrypto", "OctetConformance",
                "OctetTestSupport", .target(name: "OctetServe", condition: .when(traits: ["Serve"])),
            ]),
        .testTarget(
            name: "OctetCLITests",
            dependencies: [
                "OctetCLI", "OctetIssueTool", "OctetBackend", "Octet", "OctetIssuer", "OctetAttestation",
                "OctetAttestationTesting",
                "OctetCrypto",
                "OctetEncoding", "OctetTestSupport", .target(name: "OctetFetch", condition: .when(traits: ["Fetch"])),
            ]),
    ]
)
