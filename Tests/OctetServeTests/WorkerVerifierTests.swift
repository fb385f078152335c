#if Serve && os(Linux)
    import Foundation
    import OctetAttestation
    import OctetBackend
    import OctetCLI
    import Testing

    @testable import OctetServe

    #if canImport(Glibc)
        import Glibc
    #endif

    @Suite("serve: each HTTP thread verifies with a verifier of its own, and follows SIGHUP's replacement")
    struct WorkerVerifierTests {
        static func service(_ verifier: Verifier) -> VerifyService {
            VerifyService(
                verifier: verifier, tokens: nil, maxBody: 1 << 20,
                log: AccessLog(fd: open("/dev/null", O_WRONLY), clock: { 0 }), clock: { 0 })
        }

        @Test("the first thread uses the configured verifier; every other thread keeps one copy of its own")
        func threadsGetCopiesOfTheirOwn() {
            let configured = Verifier(prompts: CommandLinePrompts.serve)
            let service = Self.service(configured)
            #expect(service.currentVerifier(worker: 0) === configured)
            let second = service.currentVerifier(worker: 1)
            let third = service.currentVerifier(worker: 2)
            #expect(second !== configured && third !== configured && second !== third)
            #expect(second.prompts == configured.prompts && second.trustAnchors == configured.trustAnchors)
            // Made once: the thread's later requests take the same copy.
            #expect(service.currentVerifier(worker: 1) === second)
        }

        @Test("a replaced verifier reaches every thread's next request")
        func replacementReachesEveryThread() {
            let service = Self.service(Verifier(prompts: CommandLinePrompts.serve))
            let before = service.currentVerifier(worker: 1)
            let noRoots = TrustAnchors(appAttestRootsDER: [], androidRootsDER: [])
            let reloaded = Verifier(trustAnchors: noRoots, prompts: CommandLinePrompts.serve)
            #expect(reloaded.anchorsFingerprint != before.anchorsFingerprint)
            service.replace(verifier: reloaded)
            #expect(service.currentVerifier(worker: 0) === reloaded)
            let after = service.currentVerifier(worker: 1)
            #expect(after !== before && after !== reloaded)
            #expect(after.anchorsFingerprint == reloaded.anchorsFingerprint)
        }

        /// Answers every request with the index of the thread that verified it.
        final class WorkerEcho: HTTPService, @unchecked Sendable {
            func route(method: String, path: String, header: (String) -> String?) -> HTTPRoute {
                .accept(HTTPRoute.Accepted(name: path, maxBody: 1024))
            }
            func answer(_ route: HTTPRoute.Accepted, body: [UInt8], worker: Int) -> HTTPAnswer {
                .json(200, "\(worker)")
            }
            func answerAtOnce(_ route: HTTPRoute.Accepted) -> HTTPAnswer? { nil }
            func tooLarge() -> HTTPAnswer { .json(413, "") }
            func stopping() -> HTTPAnswer? { nil }
            func overBudget() -> HTTPAnswer { .json(503, "") }
            func malformed(_ defect: FramingDefect) -> HTTPAnswer { .json(400, "") }
            func targetTooLong() -> HTTPAnswer { .json(414, "") }
            func answered(
                _ answer: HTTPAnswer, method: String, route: HTTPRoute.Accepted?, path: String, requestId: String,
                seconds: Double
            ) {}
            func timedOut() {}
            func bodyTooSlow() {}
        }

        @Test("each daemon tells the service its own index")
        func daemonsPassTheirIndex() throws {
            guard let address = ListenAddress("127.0.0.1:0") else { return #expect(Bool(false)) }
            var settings = HTTPServer.Settings(address: address)
            settings.workers = 2
            let server = HTTPServer(service: WorkerEcho(), budget: BufferBudget(limit: 1 << 20), settings: settings)
            try server.start()
            defer { server.stop(graceSeconds: 1) }
            // Each new connection goes to the daemon with the fewest: two open ones, one each.
            let connections = try (0..<2).map { _ in try TestClient.connect(server.port) }
            defer { connections.forEach { close($0) } }
            let request = "POST /echo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 2\r\n\r\n{}"
            for fd in connections { #expect(TestClient.send(fd, Array(request.utf8))) }
            let workers = Set(connections.map(Self.body))
            #expect(workers == ["0", "1"])
        }

        /// The body of the first answer on a kept-alive connection (cut by `RawOutcome.split`).
        static func body(_ fd: Int32) -> String? {
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let outcome = TestClient.RawOutcome(bytes: bytes, closedByServer: false, seconds: 0)
                if let reply = outcome.split.responses.first { return String(decoding: reply.body, as: UTF8.self) }
                let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                guard count > 0 else { return nil }
                bytes += chunk[..<count]
            }
        }
    }
#endif
