import OctetFuzzEntries

// One libFuzzer target: see FuzzTarget.revocationRecord in Tests/FuzzEntries.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    FuzzTarget.revocationRecord.run(start.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? [])
    return 0
}

// With OCTET_FUZZ_WRITE_SEEDS=<dir>, writes the seed corpus into <dir> and exits.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(_ argc: UnsafeMutablePointer<CInt>?, _ argv: UnsafeMutableRawPointer?) -> CInt {
    FuzzTarget.revocationRecord.writeSeedsIfAsked()
    return 0
}
