import Foundation
import OctetCLI

// The raw argv: a file name is bytes, and CommandLine.arguments would decode it lossily.
exit(OctetVerifyTool.run(bytes: OctetVerifyTool.processArguments))
