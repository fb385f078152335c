/// The exit statuses of the contract.
public enum ExitStatus {
    /// Every proof is valid.
    public static let allValid: Int32 = 0
    /// At least one proof is invalid.
    public static let anyInvalid: Int32 = 1
    /// At least one proof is inconclusive, and none is invalid.
    public static let anyInconclusive: Int32 = 2
    /// A usage error (EX_USAGE).
    public static let usage: Int32 = 64
    /// A file named by a flag was read but is malformed: a revocation list, a trust anchor (EX_DATAERR).
    public static let dataError: Int32 = 65
    /// A PROOF or FILE could not be read (EX_NOINPUT); wins over the verdicts.
    public static let unreadable: Int32 = 66
    /// `replay prune`: the replay store cannot be reached or used (EX_UNAVAILABLE).
    public static let unavailable: Int32 = 69
    /// Writing the results failed (standard output or error closed, full, or its reader gone: EX_IOERR).
    public static let ioError: Int32 = 74
}
