import Foundation

/// A local HTTP server on 127.0.0.1 for the `revocation fetch` tests: python3's http.server with a
/// handler of our own (the only HTTP code here is the standard library's), started per suite,
/// serving one path per case, on a port the kernel picks.
final class RevocationListServer: @unchecked Sendable {
    /// Google's shape with three entries.
    static let goodList = """
        {"entries": {"2c8cdddfd5e03bfc": {"status": "REVOKED", "expires": "2030-01-01", "reason": "KEY_COMPROMISE", "comment": "x"},
                     "8350192447815228107": {"status": "SUSPENDED", "reason": "SOFTWARE_FLAW"},
                     "00c8": {"status": "REVOKED"}}}
        """

    static let handler = #"""
        import http.server, socketserver, sys, time, os
        GOOD = open(sys.argv[1], "rb").read()
        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            def log_message(self, *args): pass
            def send(self, status, body, headers=()):
                self.send_response(status)
                for name, value in headers: self.send_header(name, value)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
            def redirect(self, status, location):
                self.send_response(status)
                self.send_header("Location", location)
                self.send_header("Content-Length", "0")
                self.end_headers()
            def do_GET(self):
                p = self.path
                base = "http://127.0.0.1:%d" % self.server.server_address[1]
                if p == "/good": self.send(200, GOOD, [("Content-Type", "application/json")])
                elif p == "/empty": self.send(200, b'{"entries": {}}')
                elif p == "/malformed": self.send(200, b'{"entries": {"1": {"status": "WITHDRAWN"}}}')
                elif p == "/not-json": self.send(200, b'<html>captive portal</html>')
                elif p == "/truncated": self.send(200, GOOD[: len(GOOD) // 2])
                elif p == "/cut":
                    # Announces the whole list, sends half, hangs up.
                    self.send_response(200)
                    self.send_header("Content-Length", str(len(GOOD)))
                    self.end_headers()
                    self.wfile.write(GOOD[: len(GOOD) // 2])
                    self.wfile.flush()
                    self.close_connection = True
                elif p == "/huge-announced":
                    self.send_response(200)
                    self.send_header("Content-Length", str(1 << 30))
                    self.end_headers()
                    self.wfile.write(b" " * 4096)
                elif p == "/huge-chunked":
                    # No length: a body that never stops.
                    self.send_response(200)
                    self.send_header("Transfer-Encoding", "chunked")
                    self.end_headers()
                    chunk = b" " * 65536
                    try:
                        for _ in range(4096):
                            self.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
                    except OSError:
                        pass
                    self.close_connection = True
                elif p == "/slow":
                    # A byte every half second, for longer than any deadline of the tests.
                    self.send_response(200)
                    self.send_header("Content-Length", str(len(GOOD)))
                    self.end_headers()
                    try:
                        for byte in GOOD:
                            self.wfile.write(bytes([byte]))
                            self.wfile.flush()
                            time.sleep(0.5)
                    except OSError:
                        pass
                    self.close_connection = True
                elif p == "/redirect": self.redirect(302, "/good")
                elif p.startswith("/hops/"):
                    n = int(p[len("/hops/"):])
                    self.redirect(301, "/hops/%d" % (n - 1) if n > 1 else "/good")
                elif p == "/loop": self.redirect(307, "/loop-b")
                elif p == "/loop-b": self.redirect(307, "/loop")
                elif p == "/to-ftp": self.redirect(302, "ftp://127.0.0.1/list.json")
                elif p == "/to-file": self.redirect(302, "file:///etc/passwd")
                elif p == "/no-location":
                    self.send_response(302)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                elif p == "/500": self.send(500, b"server error")
                else: self.send(404, b"not found")
        class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
            daemon_threads = True
            allow_reuse_address = True
        server = Server(("127.0.0.1", 0), Handler)
        print(server.server_address[1], flush=True)
        server.serve_forever()
        """#

    let process = Process()
    let directory: URL
    let port: Int

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("octet-fetch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let script = directory.appendingPathComponent("server.py")
        let list = directory.appendingPathComponent("good.json")
        try Data(Self.handler.utf8).write(to: script)
        try Data(Self.goodList.utf8).write(to: list)
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, list.path]
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The first line is the port.
        var line = Data()
        while !line.contains(0x0A) {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            line += chunk
        }
        guard let text = String(data: line, encoding: .utf8)?.split(separator: "\n").first, let port = Int(text) else {
            process.terminate()
            throw CocoaError(.fileReadCorruptFile)
        }
        self.port = port
    }

    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    deinit {
        process.terminate()
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: directory)
    }
}
