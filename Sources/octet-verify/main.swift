import Foundation
import OctetCLI
import OctetServe

let arguments = Array(CommandLine.arguments.dropFirst())
exit(arguments.first == "serve" ? ServeCommand.run(Array(arguments.dropFirst())) : OctetVerifyTool.run(arguments))
