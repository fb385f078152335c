package dev.octet.attestation

/** How an Android device got its attestation key: burned in at the factory, or fetched by Remote Key Provisioning. */
internal enum class AndroidProvisioning(private val text: String) {
    FACTORY("factory"),
    RKP("RKP");

    override fun toString(): String = text
}

/** What a chain walk learned, for tests and diagnostics. Not log-safe as a whole. */
internal class AndroidAttestationFacts(
    /** The parsed attestation extension of the leaf. */
    val keyDescription: AndroidKeyDescription,
    /** The instant the chain was judged at, in milliseconds (creationDateTime, else the claim). */
    val judgedAtMs: Long
) {
    /** Factory or RKP, when the chain got far enough to tell. */
    var provisioning: AndroidProvisioning? = null
        internal set

    /** True when the last certificate was self-issued and set aside before anchoring. */
    var droppedSelfIssuedRoot: Boolean = false
        internal set
}
