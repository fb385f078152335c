import Foundation
import OctetCLI
import OctetServe

// The raw argv: a file name is bytes, and CommandLine.arguments would decode it lossily.
let arguments = OctetVerifyTool.processArguments
if arguments.first == Array("serve".utf8) {
    exit(ServeCommand.run(arguments.dropFirst().map { String(decoding: $0, as: UTF8.self) }))
}
exit(OctetVerifyTool.run(bytes: arguments))
