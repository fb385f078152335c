import Foundation
import Testing

@testable import OctetBackend

/// `SQLiteReplayStore.parentDirectory` replaces `NSString.deletingLastPathComponent` (so the
/// verifier links no swift-corelibs-foundation): it must give what NSString gives.
@Suite("The replay database's parent directory, as NSString computes it")
struct ParentDirectoryTests {
    static let paths = [
        "/var/lib/octet/replay.db", "replay.db", "dir/replay.db", "/replay.db", "/", "dir/sub/", "./replay.db",
        "../x/replay.db", "/a//b", "a/b//", "//", "",
    ]

    @Test("parentDirectory agrees with NSString.deletingLastPathComponent", arguments: paths)
    func agreesWithNSString(path: String) {
        #expect(SQLiteReplayStore.parentDirectory(path) == (path as NSString).deletingLastPathComponent)
    }
}
