package dev.octet.platform

import org.junit.jupiter.api.extension.BeforeAllCallback
import org.junit.jupiter.api.extension.ExtensionContext
import java.security.Security

/**
 * Chooses the JCA provider the whole suite runs with, before any test class: the platform's own
 * (`-Doctet.provider=default`, the JDK's SunEC and SunRsaSign) or Bouncy Castle as the ONLY
 * provider (`-Doctet.provider=bc`), so nothing in the library may lean on one provider's
 * leniency, point checks or exception types. Registered for every test class through JUnit's
 * extension auto-detection (src/test/resources/junit-platform.properties).
 */
class ProviderSelection : BeforeAllCallback {
    override fun beforeAll(context: ExtensionContext) = select()

    companion object {
        val requested: String = System.getProperty("octet.provider") ?: "default"

        @Volatile private var selected = false

        @Synchronized
        fun select() {
            if (selected) return
            selected = true
            if (requested == "bc") {
                for (provider in Security.getProviders()) Security.removeProvider(provider.name)
                Security.addProvider(org.bouncycastle.jce.provider.BouncyCastleProvider())
            } else {
                require(requested == "default") { "octet.provider is 'default' or 'bc', not '$requested'" }
            }
        }
    }
}
