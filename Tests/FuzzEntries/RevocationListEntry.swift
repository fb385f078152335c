import Foundation
import Octet
import OctetBackend

enum RevocationListEntry {
    static func run(_ bytes: [UInt8]) {
        switch RevocationList.parse(Data(bytes)) {
        case .success(let list):
            // Parsing is a function of the bytes, and every key the list accepted is found again.
            guard case .success(let again) = RevocationList.parse(Data(bytes)), again == list else {
                preconditionFailure("an accepted revocation list parses differently twice")
            }
            for serial in list.serials.keys {
                guard case .listed = list.lookUp(.certificate(serialHex: serial)) else {
                    preconditionFailure("an accepted serial is not found")
                }
            }
            FuzzSink.consume(list.count)
            // Arbitrary subjects never crash a look-up.
            _ = list.lookUp(.certificate(serialHex: String(decoding: bytes.prefix(40), as: UTF8.self)))
            _ = list.lookUp(.proofKey(sha256: Array(bytes.prefix(32))))
        case .failure(let error):
            // One bounded line: a refusal never echoes a whole entry.
            precondition(error.message.utf8.count < 512, "a revocation list error is unbounded")
            precondition(error.code == .revocationListMalformed, "a malformed list is not revocationListMalformed")
        }
    }
}
