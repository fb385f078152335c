package dev.octet

/** The on-device spoofing detector's ("disc") assurance tier, as signed into a proof. */
enum class LocationProofVerdict(internal val wireValue: Int) {
    VERIFIED(1),
    PLAUSIBLE(2),
    UNCERTAIN(3),
    SUSPICIOUS(4),
    SPOOFED(5);

    internal companion object {
        /** The tier of the enum's number in `octet.proto`; null for 0 and unnamed values. */
        fun ofWireValue(value: Int): LocationProofVerdict? = values().firstOrNull { it.wireValue == value }
    }
}
