import Foundation

/// `--threads` verification threads behind a bounded queue. The HTTP thread reserves a place
/// before it suspends a connection (no place: 503 at once), so a burst never queues without
/// bound and a slow client never holds a verification thread: a job is made only from a whole body.
///
/// `@unchecked Sendable`: the queue and the counters are guarded by `condition`.
final class VerificationPool: @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [() -> Void] = []
    private var head = 0
    private var reserved = 0
    private var running = 0
    private var stopping = false
    private let capacity: Int
    /// `capacity`: jobs queued or running at most.
    init(threads count: Int, capacity: Int) {
        self.capacity = max(capacity, count)
        for index in 0..<max(1, count) {
            let thread = Thread { [self] in work() }
            thread.name = "octet-verify-\(index)"
            thread.stackSize = 4 << 20
            thread.start()
        }
    }

    /// Takes a place in the queue; false when it is full.
    func reserve() -> Bool {
        condition.withLock {
            guard !stopping, reserved < capacity else { return false }
            reserved += 1
            return true
        }
    }

    /// Runs `job` on a verification thread in a place taken with `reserve()`.
    func submit(_ job: @escaping () -> Void) {
        condition.withLock {
            jobs.append(job)
            condition.signal()
        }
    }

    /// Jobs queued or running.
    var pending: Int { condition.withLock { reserved } }

    /// Lets the queued jobs finish, then ends the threads.
    func drain() {
        condition.lock()
        stopping = true
        condition.broadcast()
        while reserved > 0 { condition.wait() }
        condition.unlock()
    }

    private func work() {
        while true {
            condition.lock()
            while head == jobs.count, !(stopping && reserved == 0) { condition.wait() }
            if head == jobs.count {
                condition.unlock()
                return
            }
            let job = jobs[head]
            // The queue keeps its slots until it compacts: drop the job's captures (a request's
            // body) now, not hundreds of jobs later.
            jobs[head] = {}
            head += 1
            if head > 256, head * 2 > jobs.count {
                jobs.removeFirst(head)
                head = 0
            }
            condition.unlock()
            job()
            condition.lock()
            reserved -= 1
            // Only `drain()` (and the threads it ends) wait for a job to finish: waking every idle
            // thread after each job cost a context switch per idle thread per request.
            if stopping { condition.broadcast() }
            condition.unlock()
        }
    }
}
