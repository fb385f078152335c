import Foundation
import Octet
import OctetCLI

enum ArgumentsEntry {
    /// The input is an argv: arguments separated by NUL bytes (as the kernel hands them over).
    static func run(_ bytes: [UInt8]) {
        let arguments = bytes.split(separator: 0, omittingEmptySubsequences: false).map(Array.init)
        do {
            let command = try ArgumentParser.parse(bytes: arguments)
            if case .verify(let configuration) = command {
                // The start-up rule holds: a region the parser accepts is one Octet.verify accepts.
                if let region = configuration.options.verifyOptions.expectedRegion {
                    precondition(region.expectedRegionDefect == nil, "an invalid --region was accepted")
                }
                precondition(!configuration.proofs.isEmpty || configuration.filesFrom != nil, "no input accepted")
            }
            FuzzSink.consume(String(describing: command).utf8.count)
        } catch {
            // A parse error is always a usage error (exit 64), never another kind.
            precondition(error.kind == .usage && error.exitCode == 64, "a parse error that is not a usage error")
            FuzzSink.consume(error.message.utf8.count)
        }
    }
}
