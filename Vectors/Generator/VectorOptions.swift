import OctetBackend

/// `VerifyOptions` as plain JSON values: the options object that requests use too, decoded and
/// encoded by `OctetBackend` (one decoder for vectors, `--requests` and `serve`).
public typealias VectorOptions = RequestOptions
