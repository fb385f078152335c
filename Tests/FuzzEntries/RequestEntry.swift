import Foundation
import OctetBackend

enum RequestEntry {
    static func run(_ bytes: [UInt8]) {
        switch VerifyRequest.decode(bytes) {
        case .success(let request):
            // What was accepted is options, and writes back to a request that reads the same.
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            guard let options = try? encoder.encode(request.options), let id = try? encoder.encode(request.id ?? "")
            else { preconditionFailure("an accepted request does not encode") }
            let text =
                "{" + (request.id == nil ? "" : #""id":"# + String(decoding: id, as: UTF8.self) + ",")
                + #""proofBase64":""#
                + Data(request.proofBytes).base64EncodedString() + #"","options":"#
                + String(decoding: options, as: UTF8.self) + "}"
            guard case .success(let again) = VerifyRequest.decode(Array(text.utf8)) else {
                preconditionFailure("an accepted request does not survive re-encoding")
            }
            precondition(again == request, "an accepted request changes through re-encoding")
        case .failure(let rejection):
            // Every refusal is log-safe fixed text of bounded length.
            precondition(rejection.error.description.utf8.count < 512, "an error description is unbounded")
        }
    }
}
