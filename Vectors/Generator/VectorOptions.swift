import OctetBackend

/// A vector's options: `VerifyOptions` and the verification time as given, read and written by
/// `OctetBackend.RequestOptions` (one decoder for vectors, `--requests` and `serve`; its encoder
/// writes what the decoder reads back).
public typealias VectorOptions = RequestOptions
