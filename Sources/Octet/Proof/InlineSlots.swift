/// A fixed number of values held inline (a homogeneous tuple), read and written by index: what the
/// standard library's `InlineArray` gives, without its Swift 6.2 run-time requirement (iOS 26,
/// macOS 26), so that the library keeps its declared platforms (docs/platforms.md). The decoder and
/// the checks keep a proof's few stage and binding records and claim offsets here, off the heap.
struct InlineSlots<Storage, Element> {
    private var storage: Storage
    /// How many elements `Storage` holds.
    let count: Int

    /// `storage` is a tuple of `count` elements, each `repeating`.
    init(_ storage: Storage, count: Int) {
        // A homogeneous tuple is laid out as a C array of its element: one stride per element.
        precondition(
            MemoryLayout<Storage>.size == MemoryLayout<Element>.stride * count,
            "InlineSlots: not a tuple of count elements")
        self.storage = storage
        self.count = count
    }

    subscript(index: Int) -> Element {
        get {
            precondition(index >= 0 && index < count, "InlineSlots: index out of range")
            return withUnsafePointer(to: storage) { tuple in
                tuple.withMemoryRebound(to: Element.self, capacity: count) { $0[index] }
            }
        }
        set {
            precondition(index >= 0 && index < count, "InlineSlots: index out of range")
            let count = self.count
            withUnsafeMutablePointer(to: &storage) { tuple in
                tuple.withMemoryRebound(to: Element.self, capacity: count) { $0[index] = newValue }
            }
        }
    }
}

extension InlineSlots: Sendable where Storage: Sendable, Element: Sendable {}
