import Foundation
import OctetCLI
import Testing

/// `RevocationListInstaller` splits paths by hand (NSString's path methods would bring
/// swift-corelibs-foundation and ICU into the static binary): it must split them as NSString did.
@Suite("The revocation list's folder and file name are read from its path as NSString reads them")
struct RevocationListPathTests {
    static let paths = [
        "list.json", "/var/lib/octet/revocation-list.json", "/list.json", "dir//list.json", "./list.json",
        "a/b/c.json", "//list.json", "../x/list.json",
    ]

    @Test("the folder is NSString's deletingLastPathComponent, \".\" for a bare name", arguments: paths)
    func folder(_ path: String) {
        let expected = (path as NSString).deletingLastPathComponent
        #expect(RevocationListInstaller.directory(of: path) == (expected.isEmpty ? "." : expected))
    }

    @Test("the file name is NSString's lastPathComponent", arguments: paths)
    func fileName(_ path: String) {
        #expect(RevocationListInstaller.lastComponent(of: path) == (path as NSString).lastPathComponent)
    }
}
