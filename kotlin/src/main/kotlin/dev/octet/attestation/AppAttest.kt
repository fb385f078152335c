package dev.octet.attestation

import dev.octet.crypto.P256PublicKey
import dev.octet.crypto.Sha256
import dev.octet.outcome.Outcome
import dev.octet.outcome.ReasonCode

/**
 * Apple App Attest, verified offline: enrolment (`hardware-attestation`) and assertions
 * (`device-attestation-sig`) (Swift: `AppAttest`). Both judges return a value on every input and
 * never throw; a FAIL's detail names the rule that failed and never quotes keys, identifiers or
 * input bytes.
 */
internal object AppAttest {
    /** The aaguid of keys made in production (App Store, TestFlight): "appattest" and seven zero bytes. */
    private val PRODUCTION_AAGUID = "appattest".toByteArray(Charsets.UTF_8) + ByteArray(7)

    /** The aaguid of keys made by development-signed builds. */
    private val DEVELOPMENT_AAGUID = "appattestdevelop".toByteArray(Charsets.UTF_8)

    /**
     * `device-attestation-sig` for `app_attest`: the assertion over `clientDataHash = H(device input)`.
     *
     * PASS only when: `keyId == H(publicKey)`; the assertion is canonical CBOR holding exactly
     * `signature` and `authenticatorData` (byte strings); the authenticator data is 37 bytes
     * followed by nothing or one CBOR map; the signature verifies over `nonce =
     * H(authenticatorData || clientDataHash)` as a message (SHA256withECDSA hashes it once more, as
     * CryptoKit's `isValidSignature(_:for:)` does); rpIdHash is `H(appId)`; the counter is at least 1.
     */
    fun judgeAssertion(assertion: ByteArray, clientDataHash: ByteArray, keyId: ByteArray, publicKey: ByteArray, appId: String): Outcome =
        judge { verifyAssertion(assertion.copyOf(), clientDataHash.copyOf(), keyId.copyOf(), publicKey.copyOf(), appId) }

    /**
     * `hardware-attestation` for an enrolment (from the proof, or the decoded `attestationBundle`).
     *
     * PASS only when: the enrolment is for `proofKeyId`; the attestation object is canonical CBOR
     * holding exactly `fmt` ("apple-appattest"), `attStmt` (exactly `x5c` and `receipt`) and
     * `authData`; x5c holds exactly two well-formed certificates, chained (names as DER bytes,
     * signatures) to an App Attest root of `anchors`, valid at the credential certificate's
     * notBefore; the nonce extension holds `H(authData || clientDataHash)`; the COSE key equals the
     * certificate's key; `H(key) == keyId == credentialId`; rpIdHash is `H(enrolmentAppId)` and
     * `enrolmentAppId == claimsAppId`; the counter is 0; the aaguid names production or
     * development (the PASS detail says which); the key equals `proofPublicKey`; and
     * `claimsCreatedAtMs` is not before the credential certificate's notBefore. The receipt is not judged.
     */
    fun judgeEnrolment(
        keyId: ByteArray,
        attestationObject: ByteArray,
        clientDataHash: ByteArray,
        enrolmentAppId: String,
        proofKeyId: ByteArray,
        proofPublicKey: ByteArray,
        claimsAppId: String,
        claimsCreatedAtMs: Long,
        anchors: AnchorSet
    ): Outcome = judge {
        verifyEnrolment(
            keyId.copyOf(), attestationObject.copyOf(), clientDataHash.copyOf(), enrolmentAppId, proofKeyId.copyOf(),
            proofPublicKey.copyOf(), claimsAppId, claimsCreatedAtMs, anchors
        )
    }

    private inline fun judge(rules: () -> String): Outcome = try {
        Outcome.pass(rules())
    } catch (failure: AppAttestFailure) {
        Outcome.fail(failure.code, failure.detail)
    } catch (e: RuntimeException) {
        Outcome.fail(ReasonCode.EVIDENCE_MALFORMED, "App Attest evidence could not be judged")
    }

    /** Every rule of `device-attestation-sig` for `app_attest`, in the design's order. */
    private fun verifyAssertion(assertion: ByteArray, clientDataHash: ByteArray, keyId: ByteArray, publicKey: ByteArray, appId: String): String {
        if (!keyId.contentEquals(Sha256.hash(publicKey))) {
            throw AppAttestFailure(ReasonCode.KEY_ID_MISMATCH, "key_id is not SHA-256 of public_key")
        }
        val key = P256PublicKey.fromX963(publicKey)
            ?: throw AppAttestFailure(ReasonCode.KEY_INVALID, "public_key is not a valid P-256 point")
        val parsed = AppAttestAssertion.parse(assertion)
        val authenticatorData = AppAttestAuthenticatorData.parseAssertion(parsed.authenticatorData)
        // Apple signs the nonce as a message (ECDSA hashes it once more), not as a digest.
        val nonce = Sha256.hash(parsed.authenticatorData, clientDataHash)
        if (!key.isValidSignature(parsed.signature, nonce)) {
            throw AppAttestFailure(ReasonCode.DEVICE_SIGNATURE_INVALID, "assertion signature does not verify under the App Attest key")
        }
        if (!authenticatorData.rpIdHash.contentEquals(Sha256.hash(appId.toByteArray(Charsets.UTF_8)))) {
            throw AppAttestFailure(ReasonCode.RP_ID_MISMATCH, "assertion rpIdHash does not match the app id")
        }
        if (authenticatorData.counter < 1) throw AppAttestFailure(ReasonCode.COUNTER_INVALID, "assertion counter is 0")
        // Says what was checked: whether anything attests this key is hardware-attestation's judgement.
        return "App Attest assertion verifies under the given public key"
    }

    /** Every enrolment rule of `hardware-attestation` for `app_attest`, in the design's order. */
    private fun verifyEnrolment(
        keyId: ByteArray,
        attestationObject: ByteArray,
        clientDataHash: ByteArray,
        appId: String,
        proofKeyId: ByteArray,
        proofPublicKey: ByteArray,
        claimsAppId: String,
        claimsCreatedAtMs: Long,
        anchors: AnchorSet
    ): String {
        if (!keyId.contentEquals(proofKeyId)) throw AppAttestFailure(ReasonCode.KEY_ID_MISMATCH, "enrolment is for another key_id")

        val parsed = AppAttestAttestationObject.parse(attestationObject)
        if (parsed.x5c.size != 2) throw AppAttestFailure(ReasonCode.EVIDENCE_MALFORMED, "x5c must hold exactly two certificates")
        val credential = certificate(parsed.x5c[0], 0, "the credential certificate")
        val intermediate = certificate(parsed.x5c[1], 1, "the intermediate")
        verifyChain(credential, intermediate, anchors)

        val authData = AppAttestAuthenticatorData.parseAttestation(parsed.authData)
        val attested = authData.credential
            ?: throw AppAttestFailure(ReasonCode.EVIDENCE_MALFORMED, "attested credential data is missing or cut short")
        val nonce = Sha256.hash(parsed.authData, clientDataHash)
        if (!AppAttestNonceExtension.nonce(credential.fields).contentEquals(nonce)) {
            throw AppAttestFailure(ReasonCode.NONCE_MISMATCH, "nonce extension does not match authData and client_data_hash")
        }
        val certificateKey = credential.publicKeyP256?.x963Representation
            ?: throw AppAttestFailure(ReasonCode.KEY_INVALID, "credential certificate key is not a P-256 key")
        if (!attested.publicKey.contentEquals(certificateKey)) {
            throw AppAttestFailure(ReasonCode.KEY_MISMATCH, "COSE key differs from the credential certificate's key")
        }
        val keyHash = Sha256.hash(certificateKey)
        if (!keyHash.contentEquals(keyId)) throw AppAttestFailure(ReasonCode.KEY_ID_MISMATCH, "key_id is not SHA-256 of the credential key")
        if (!attested.credentialId.contentEquals(keyHash)) {
            throw AppAttestFailure(ReasonCode.KEY_ID_MISMATCH, "credentialId is not SHA-256 of the credential key")
        }
        if (!authData.rpIdHash.contentEquals(Sha256.hash(appId.toByteArray(Charsets.UTF_8)))) {
            throw AppAttestFailure(ReasonCode.RP_ID_MISMATCH, "rpIdHash does not match the enrolment app_id")
        }
        if (appId != claimsAppId) throw AppAttestFailure(ReasonCode.APP_ID_MISMATCH, "enrolment app_id differs from claims.app_id")
        if (authData.counter != 0L) throw AppAttestFailure(ReasonCode.COUNTER_INVALID, "attestation counter is not 0")
        val environment = when {
            attested.aaguid.contentEquals(PRODUCTION_AAGUID) -> "production"
            attested.aaguid.contentEquals(DEVELOPMENT_AAGUID) -> "development"
            else -> throw AppAttestFailure(ReasonCode.AAGUID_UNKNOWN, "aaguid is neither App Attest production nor development")
        }
        if (!certificateKey.contentEquals(proofPublicKey)) {
            throw AppAttestFailure(ReasonCode.KEY_MISMATCH, "attested credential key differs from app_attest.public_key ($environment)")
        }
        val notBefore = credential.fields.notBefore
        val overflow = notBefore > Long.MAX_VALUE / 1000 || notBefore < Long.MIN_VALUE / 1000
        if (overflow || claimsCreatedAtMs < notBefore * 1000) {
            throw AppAttestFailure(
                ReasonCode.PROOF_PREDATES_ENROLMENT, "proof predates its enrolment (created before the credential certificate)"
            )
        }
        return "App Attest enrolment verified ($environment)"
    }

    /** An x5c certificate: well-formed by the strict rule and loaded by the provider, else FAIL naming its index. */
    private fun certificate(der: ByteArray, index: Int, role: String): Certificate =
        when (val loaded = Certificate.load(der)) {
            is Certificate.Companion.Loaded.Ok -> loaded.certificate
            is Certificate.Companion.Loaded.Malformed ->
                throw AppAttestFailure(ReasonCode.CERTIFICATE_MALFORMED, "x5c certificate $index ($role) malformed: ${loaded.defect}")
        }

    /**
     * Credential ← intermediate ← an anchor: names chained as DER bytes, each signature verified,
     * both x5c certificates valid at the credential certificate's notBefore (an enrolment is a
     * one-time event; credential certificates live about three days). The anchor's own validity is
     * not judged.
     */
    private fun verifyChain(credential: Certificate, intermediate: Certificate, anchors: AnchorSet) {
        if (!credential.fields.isIssuedByName(intermediate.fields) || !credential.isSignedBy(intermediate)) {
            throw AppAttestFailure(ReasonCode.CHAIN_BROKEN, "credential certificate is not signed by the x5c intermediate")
        }
        if (!anchors.anchors(intermediate)) {
            throw AppAttestFailure(ReasonCode.CHAIN_UNTRUSTED, "credential certificate chain does not reach the App Attest root")
        }
        val time = credential.fields.notBefore
        if (credential.fields.notAfter < time) {
            throw AppAttestFailure(ReasonCode.CERTIFICATE_NOT_VALID_AT_TIME, "credential certificate validity is empty")
        }
        if (intermediate.fields.notBefore > time || time > intermediate.fields.notAfter) {
            throw AppAttestFailure(
                ReasonCode.CERTIFICATE_NOT_VALID_AT_TIME, "x5c intermediate is not valid at the credential certificate's notBefore"
            )
        }
    }
}
