// swift-tools-version:6.0
// libFuzzer targets for Octet, kept out of the main package: `-sanitize=fuzzer` supplies its own
// `main`, which clashes with the CLI's. Build and run with ./fuzz.sh (see docs/security.md).
import Foundation
import PackageDescription

// A path dependency's identity is its folder's name (`octet`, or a worktree's name), not "Octet".
let octet = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .lastPathComponent.lowercased()

let targets = [
    "FuzzProofDecoder", "FuzzVerify", "FuzzManifest", "FuzzDER", "FuzzCBOR", "FuzzRequest", "FuzzRevocationList",
    "FuzzArguments", "FuzzCertificate", "FuzzRevocationRecord",
]

let package = Package(
    name: "OctetFuzzTesting",
    products: targets.map { .executable(name: $0, targets: [$0]) },
    dependencies: [.package(path: "..")],
    targets: targets.map {
        .executableTarget(
            name: $0,
            dependencies: [.product(name: "OctetFuzzEntries", package: octet)],
            // No top-level code: libFuzzer provides `main` and calls LLVMFuzzerTestOneInput.
            swiftSettings: [.unsafeFlags(["-parse-as-library"])])
    }
)
