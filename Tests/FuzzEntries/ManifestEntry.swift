import Foundation
import OctetContent
import OctetEncoding

enum ManifestEntry {
    static func run(_ bytes: [UInt8]) {
        // The reader alone with its defaults, then the manifest rules on top of it.
        if case .success(let value) = JSONReader.parse(bytes) { FuzzSink.consume(Self.count(value, depth: 0)) }
        switch Manifest.parse(Data(bytes)) {
        case .success(let manifest):
            // What was accepted writes back to a manifest that reads as the same entries.
            let rewritten = manifest.jsonData()
            guard case .success(let again) = Manifest.parse(rewritten) else {
                preconditionFailure("an accepted manifest does not survive jsonData()")
            }
            precondition(again == manifest, "an accepted manifest changes through jsonData()")
        case .failure(let defect): FuzzSink.consume(defect.description.utf8.count)
        }
    }

    /// Walks the whole value (bounded by the reader's own depth limit).
    static func count(_ value: JSONValue, depth: Int) -> Int {
        switch value {
        case .array(let items): return items.reduce(1) { $0 &+ count($1, depth: depth + 1) }
        case .object(let object): return object.members.reduce(1) { $0 &+ count($1.value, depth: depth + 1) }
        default: return 1
        }
    }
}
