package dev.octet.crypto

import java.security.MessageDigest

/** SHA-256 from the platform's provider (`MessageDigest("SHA-256")`, on Android and the JVM). */
internal object Sha256 {
    fun hash(vararg parts: ByteArray): ByteArray {
        val digest = newDigest()
        for (part in parts) digest.update(part)
        return digest.digest()
    }

    /** A fresh digest; for streaming (files hashed in bounded memory) and multi-part inputs. */
    fun newDigest(): MessageDigest = MessageDigest.getInstance("SHA-256")
}
