import Foundation
import OctetCLI

exit(OctetVerifyTool.run(Array(CommandLine.arguments.dropFirst())))
