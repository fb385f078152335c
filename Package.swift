// swift-tools-version:6.0
// Octet: offline verification of location proofs.
// Only the toolchain and Debian C libraries: OpenSSL 3 (libcrypto) for every cryptographic
// primitive and X.509, PROJ's geodesic.h for WGS84 geodesics, SQLite for the CLI's replay store.
import PackageDescription

let package = Package(
    name: "Octet",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "Octet", targets: ["Octet"]),
        .library(name: "OctetIssuer", targets: ["OctetIssuer"]),
        // What each fuzz target does with an input: used by FuzzTesting/ and by the regression replay.
        .library(name: "OctetFuzzEntries", targets: ["OctetFuzzEntries"]),
        .executable(name: "octet-verify", targets: ["octet-verify"]),
        .executable(name: "octet-bench", targets: ["octet-bench"]),
        .executable(name: "octet-vectors", targets: ["octet-vectors"]),
    ],
    targets: [
        // C libraries, each behind one system-library target.
        .systemLibrary(
            name: "COpenSSL", pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"]), .brew(["openssl@3"])]),
        .systemLibrary(
            name: "CProj", pkgConfig: "proj",
            providers: [.apt(["libproj-dev"]), .brew(["proj"])]),
        .systemLibrary(
            name: "CSQLite", pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),
        // libpq, PostgreSQL's client library: the fleet's shared replay store.
        .systemLibrary(
            name: "CPostgreSQL", pkgConfig: "libpq",
            providers: [.apt(["libpq-dev"]), .brew(["libpq"])]),

        // Pure Swift: strict protobuf wire, DER, CBOR and JSON readers. Fuzzed.
        .target(name: "OctetEncoding"),
        // The only module that touches OpenSSL.
        .target(name: "OctetCrypto", dependencies: ["COpenSSL"]),
        // WGS84 geodesics and region containment.
        .target(name: "OctetGeometry", dependencies: ["CProj"]),
        // Content commitments: the manifest, content_root, and the caller-metadata rules.
        .target(name: "OctetContent", dependencies: ["OctetEncoding", "OctetCrypto"]),
        // Apple App Attest and Android Key Attestation, verified offline.
        .target(
            name: "OctetAttestation", dependencies: ["OctetEncoding", "OctetCrypto"],
            resources: [.copy("Roots")]),
        // Test authorities that make attestation evidence with software keys under their own
        // roots: for the issuer and the tests, never a dependency of the verifier.
        .target(name: "OctetAttestationTesting", dependencies: ["OctetAttestation", "OctetEncoding", "OctetCrypto"]),
        // The public API: Octet.verify and its types, the proof model and the recipe of checks.
        .target(
            name: "Octet",
            dependencies: ["OctetEncoding", "OctetCrypto", "OctetGeometry", "OctetAttestation", "OctetContent"]),
        // Makes proofs with software keys: tests, demos, conformance vectors.
        .target(
            name: "OctetIssuer",
            dependencies: [
                "Octet", "OctetAttestation", "OctetAttestationTesting", "OctetEncoding", "OctetCrypto", "OctetGeometry",
                "OctetContent",
            ]),
        // The command-line verifier as a library, testable in-process.
        .target(
            name: "OctetCLI",
            dependencies: [
                "Octet", "OctetIssuer", "OctetAttestation", "OctetAttestationTesting", "OctetContent", "OctetCrypto",
                "OctetEncoding", "CSQLite",
            ]),
        // For Swift backends: replay stores (PostgreSQL over libpq) and their URLs.
        .target(name: "OctetBackend", dependencies: ["Octet", "CPostgreSQL"]),
        .executableTarget(name: "octet-verify", dependencies: ["OctetCLI"]),
        .executableTarget(
            name: "octet-bench",
            dependencies: ["Octet", "OctetIssuer", "OctetCrypto", "OctetGeometry", "OctetContent", "COpenSSL"]),

        // Test-only helpers: finding ../shared/vectors from any checkout.
        .target(name: "OctetTestSupport", path: "Tests/Support"),
        // The conformance vectors: cases made with the issuer, and `octet-vectors` to regenerate Vectors/cases.
        .target(
            name: "OctetConformance",
            dependencies: [
                "Octet", "OctetIssuer", "OctetEncoding", "OctetCrypto", "OctetContent", "OctetAttestation",
                "OctetAttestationTesting",
            ],
            path: "Vectors/Generator"),
        .executableTarget(name: "octet-vectors", dependencies: ["OctetConformance"], path: "Vectors/Command"),
        // One function per fuzz target and its seed corpus (FuzzTesting/ runs them under libFuzzer).
        .target(
            name: "OctetFuzzEntries",
            dependencies: [
                "Octet", "OctetIssuer", "OctetEncoding", "OctetContent", "OctetAttestation", "OctetAttestationTesting",
                "OctetCrypto", "OctetTestSupport",
            ],
            path: "Tests/FuzzEntries"),

        .testTarget(name: "OctetEncodingTests", dependencies: ["OctetEncoding"]),
        .testTarget(name: "OctetCryptoTests", dependencies: ["OctetCrypto", "OctetTestSupport"]),
        .testTarget(name: "OctetGeometryTests", dependencies: ["OctetGeometry"], resources: [.copy("Data")]),
        .testTarget(
            name: "OctetAttestationTests",
            dependencies: [
                "OctetAttestation", "OctetAttestationTesting", "OctetCrypto", "OctetEncoding", "OctetTestSupport",
            ]),
        .testTarget(name: "OctetContentTests", dependencies: ["OctetContent", "OctetCrypto", "OctetEncoding"]),
        .testTarget(
            name: "OctetTests",
            dependencies: [
                "Octet", "OctetIssuer", "OctetAttestation", "OctetAttestationTesting", "OctetEncoding", "OctetCrypto",
                "OctetContent", "OctetTestSupport", "OctetFuzzEntries", "OctetConformance",
            ]),
        .testTarget(name: "OctetBackendTests", dependencies: ["OctetBackend", "CPostgreSQL", "OctetTestSupport"]),
        .testTarget(
            name: "OctetCLITests",
            dependencies: [
                "OctetCLI", "Octet", "OctetIssuer", "OctetAttestation", "OctetAttestationTesting", "OctetCrypto",
                "OctetEncoding", "OctetTestSupport",
            ]),
    ]
)
