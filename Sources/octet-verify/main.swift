import Foundation
import OctetCLI

#if Serve
    import OctetServe
#endif
#if Fetch
    import OctetFetch
#endif

// The raw argv: a file name is bytes, and CommandLine.arguments would decode it lossily.
let arguments = OctetVerifyTool.processArguments
if arguments.first == Array("serve".utf8) {
    #if Serve
        exit(ServeCommand.run(arguments.dropFirst().map { String(decoding: $0, as: UTF8.self) }))
    #else
        // The static package leaves libmicrohttpd (and the GnuTLS it needs) out: see Package.swift.
        let message = "octet-verify: this build has no serve (the static package): use a build with the Serve trait\n"
        _ = message.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
        exit(64)
    #endif
}
if arguments.first == Array("revocation".utf8) {
    #if Fetch
        exit(RevocationFetchCommand.run(Array(arguments.dropFirst())))
    #else
        // The static package leaves FoundationNetworking (libcurl) out: it is the offline verifier.
        let message =
            "octet-verify: this build has no revocation fetch (the static package): use a build with the Fetch trait\n"
        _ = message.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
        exit(64)
    #endif
}
exit(OctetVerifyTool.run(bytes: arguments))
