import Foundation
import OctetIssueTool

exit(OctetIssueTool.run(Array(CommandLine.arguments.dropFirst())))
