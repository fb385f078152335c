import Dispatch
import Foundation
import OctetCLI
import OctetThreads

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One bounded GET over the toolchain's URLSession (libcurl underneath on Linux): no HTTP code of
/// our own. The body is kept only for a 200, only up to `maxBytes` (announced or received: the
/// transfer is cancelled as soon as it is larger), redirects only as `RedirectPolicy` allows, and
/// the whole fetch within `timeoutSeconds`, however slowly the server drips.
struct HTTPFetch {
    enum Failure: Error, Equatable {
        case network(String)
        case httpStatus(Int)
        case redirectRefused(String)
        case tooLarge(Int)
        case tooSlow(Int)
    }

    var maxBytes: Int
    var timeoutSeconds: Int
    var policy: RedirectPolicy

    func get(_ url: URL) -> Result<[UInt8], Failure> {
        let transfer = Transfer(first: url, maxBytes: maxBytes, policy: policy)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalAndRemoteCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.timeoutIntervalForRequest = TimeInterval(timeoutSeconds)
        configuration.timeoutIntervalForResource = TimeInterval(timeoutSeconds)
        // Ask caches on the way for the current list.
        configuration.httpAdditionalHeaders = ["Accept": "application/json", "Cache-Control": "no-cache"]
        let session = URLSession(configuration: configuration, delegate: transfer, delegateQueue: nil)
        defer { session.invalidateAndCancel() }
        let task = session.dataTask(with: URLRequest(url: url))
        task.resume()
        // The deadline is ours, not only libcurl's: a server that sends a byte a second keeps
        // resetting an idle timeout, never this one.
        if transfer.done.wait(timeout: .now() + .seconds(timeoutSeconds)) == .timedOut {
            transfer.fail(.tooSlow(timeoutSeconds))
            task.cancel()
            _ = transfer.done.wait(timeout: .now() + .seconds(10))
        }
        return transfer.result
    }
}

/// The delegate of one transfer: it sees every redirect, the response's head and each piece of
/// the body, and keeps the first failure.
private final class Transfer: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    let maxBytes: Int
    let policy: RedirectPolicy
    let done = DispatchSemaphore(value: 0)
    private let lock = Lock()
    private var body: [UInt8] = []
    private var failure: HTTPFetch.Failure?
    private var visited: [URL]

    init(first: URL, maxBytes: Int, policy: RedirectPolicy) {
        self.maxBytes = maxBytes
        self.policy = policy
        self.visited = [first]
    }

    var result: Result<[UInt8], HTTPFetch.Failure> {
        lock.withLock { failure.map { .failure($0) } ?? .success(body) }
    }

    /// Keeps the first failure only: a cancellation's own error never hides why it was cancelled.
    func fail(_ reason: HTTPFetch.Failure) {
        lock.withLock { if failure == nil { failure = reason } }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        let refusal: String? = lock.withLock {
            guard let to = request.url, let from = visited.last else { return "a redirect without a target" }
            // The Location as the server wrote it, too: Foundation rewrites some targets it will
            // not fetch (`file:///…` becomes a path on the same server) before asking.
            if let location = response.value(forHTTPHeaderField: "Location"),
                let written = URL(string: location, relativeTo: from)?.absoluteURL,
                let refusal = policy.refusal(from: from, to: written, visited: visited)
            {
                return refusal
            }
            if let refusal = policy.refusal(from: from, to: to, visited: visited) { return refusal }
            visited.append(to)
            return nil
        }
        if let refusal {
            fail(.redirectRefused(refusal))
            completionHandler(nil)
            task.cancel()
        } else {
            completionHandler(request)
        }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        let refusal: HTTPFetch.Failure? =
            if let http = response as? HTTPURLResponse {
                Self.judge(status: http.statusCode)
                    ?? (response.expectedContentLength > Int64(maxBytes) ? .tooLarge(maxBytes) : nil)
            } else {
                .network("not an HTTP response")
            }
        guard let refusal else { return completionHandler(.allow) }
        fail(refusal)
        completionHandler(.cancel)
        // The disposition alone leaves the transfer open until its timeout (measured: 120 s for
        // an announced 1 GiB body): cancel it now.
        dataTask.cancel()
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let over: Bool = lock.withLock {
            guard failure == nil else { return false }
            guard body.count + data.count <= maxBytes else {
                failure = .tooLarge(maxBytes)
                return true
            }
            body.append(contentsOf: data)
            return false
        }
        if over { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        if let error {
            let code = (error as? URLError)?.code
            fail(
                code == .timedOut
                    ? .tooSlow(Int(session.configuration.timeoutIntervalForResource)) : .network(Self.describe(error)))
        } else if let http = task.response as? HTTPURLResponse, let refusal = Self.judge(status: http.statusCode) {
            // A response without a body (a 302 with no Location) may finish without its head
            // being offered to the delegate: judged here too.
            fail(refusal)
        } else if !(task.response is HTTPURLResponse) {
            fail(.network("no HTTP response"))
        }
        done.signal()
    }

    /// Only a 200 is a list; a redirect that reaches here was not followed (no usable Location).
    static func judge(status: Int) -> HTTPFetch.Failure? {
        if status == 200 { return nil }
        return (300..<400).contains(status)
            ? .redirectRefused("status \(status) without a Location that can be followed") : .httpStatus(status)
    }

    /// A URLError's code in words, without the URL it may carry.
    static func describe(_ error: any Error) -> String {
        guard let url = error as? URLError else { return "the transfer failed" }
        switch url.code {
        case .cannotFindHost, .dnsLookupFailed: return "the host name did not resolve"
        case .cannotConnectToHost: return "the connection was refused"
        case .networkConnectionLost: return "the connection was cut"
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot, .clientCertificateRejected:
            return "the TLS connection failed (certificate or handshake)"
        case .badServerResponse: return "the server's answer was not HTTP"
        case .cancelled: return "the transfer was cancelled"
        default: return "the transfer failed (URLError \(url.code.rawValue))"
        }
    }
}
