package dev.octet

import java.io.File
import java.math.BigDecimal
import java.util.Base64

/**
 * The repository's conformance vectors (the JSON files of `Vectors/cases`, schema `octet-conformance/1`,
 * docs/conformance.md), read strictly: an option member this reader does not know fails the run,
 * so a new option in the vectors is never silently dropped.
 */
class ConformanceVector(val file: File, json: TestJson.Obj) {
    val id: String = json.string("id")
    val schema: String = json.string("schema")
    val proofBytes: ByteArray = Base64.getDecoder().decode(json.string("proofBase64"))
    val options: TestJson.Obj = json.obj("options")
    val expected: Expectation = Expectation.of(json.obj("expected"))

    /** Why this vector's options have no Kotlin spelling, or null when they have one. */
    val unspellable: String?
        get() {
            val maxAge = options["maxAgeSeconds"] as? TestJson.Num ?: return null
            return if (isWhole(maxAge.toBigDecimal())) null
            else "maxAgeSeconds ${maxAge.literal} is fractional: VerifyOptions.maxAgeSeconds is a Long (whole seconds), as the seed's Kotlin tab has it"
        }

    fun verifyOptions(): VerifyOptions = verifyOptions(options, id)

    companion object {
        val folder: File = File(System.getProperty("octet.repository") ?: "..", "Vectors/cases")

        fun all(): List<ConformanceVector> {
            val files = folder.listFiles { f -> f.name.endsWith(".json") } ?: return emptyList()
            return files.sortedBy { it.name }.map { ConformanceVector(it, TestJson.parse(it.readText()) as TestJson.Obj) }
        }

        /**
         * A vector's `options` object as Kotlin `VerifyOptions` (also the differential driver's reader,
         * so both read options one way); `id` names the case in a failure.
         */
        @Suppress("DEPRECATION") // the vectors pin the 3.0 rules too: requireVerdict with honorVerdictTier
        fun verifyOptions(options: TestJson.Obj, id: String): VerifyOptions {
            var o = VerifyOptions()
            for ((name, value) in options.members) {
                o = when (name) {
                    "verificationTimeMs" -> o.copy(verificationTimeMillis = value.long())
                    "maxAgeSeconds" -> o.copy(maxAgeSeconds = seconds(value as TestJson.Num))
                    "expectedRegion" -> o.copy(expectedRegion = region(value as TestJson.Obj))
                    "expectedSessionNonceBase64" -> o.copy(expectedSessionNonce = value.base64())
                    "requireAttestation" -> o.copy(requireAttestation = value.bool())
                    "honorVerdictTier" -> o.copy(honorVerdictTier = value.bool())
                    "requireVerdict" -> o.copy(requireVerdict = RequiredVerdict.valueOf(value.str()))
                    "requireCallerMetadata" -> o.copy(requireCallerMetadata = value.bool())
                    "callerMetadata" -> o.copy(callerMetadata = callerMetadata(value as TestJson.Obj))
                    "trustAnchors" -> o.copy(trustAnchors = anchors(value as TestJson.Obj))
                    "attestationBundleBase64" -> o.copy(attestationBundle = value.base64())
                    "expectedApps" -> o.copy(expectedApps = (value as TestJson.Arr).items.map { app(it as TestJson.Obj) })
                    else -> throw AssertionError("$id: option '$name' is not known to the Kotlin conformance reader")
                }
            }
            return o
        }

        private fun isWhole(value: BigDecimal): Boolean = value.signum() == 0 || value.stripTrailingZeros().scale() <= 0

        /** Whole seconds; a window beyond the Long range is the same unbounded window as Long.MAX_VALUE. */
        private fun seconds(value: TestJson.Num): Long {
            val decimal = value.toBigDecimal()
            check(isWhole(decimal)) { "fractional maxAgeSeconds ${value.literal}" }
            return when {
                decimal > BigDecimal.valueOf(Long.MAX_VALUE) -> Long.MAX_VALUE
                decimal < BigDecimal.valueOf(Long.MIN_VALUE) -> Long.MIN_VALUE
                else -> decimal.longValueExact()
            }
        }

        private fun region(json: TestJson.Obj): ProofRegion {
            check(json.members.size == 1) { "expectedRegion has exactly one member" }
            val (shape, value) = json.members.entries.first()
            return when (shape) {
                "circle" -> {
                    val circle = value as TestJson.Obj
                    circle.only("latitude", "longitude", "radiusMeters")
                    ProofRegion.Circle(circle.double("latitude"), circle.double("longitude"), circle.double("radiusMeters"))
                }
                "geohash" -> ProofRegion.Geohash(value.str())
                "polygon" -> ProofRegion.Polygon((value as TestJson.Arr).items.map {
                    val pair = (it as TestJson.Arr).items
                    check(pair.size == 2) { "a polygon vertex is [latitude, longitude]" }
                    ProofRegion.Coordinate(pair[0].double(), pair[1].double())
                })
                else -> throw AssertionError("unknown region shape $shape")
            }
        }

        private fun callerMetadata(json: TestJson.Obj): CallerMetadataCheck {
            json.only("manifestJsonBase64", "content", "requireContent", "requireContentKeys")
            val content = LinkedHashMap<String, CallerMetadataCheck.Content>()
            (json["content"] as? TestJson.Obj)?.members?.forEach { (key, value) ->
                val item = value as TestJson.Obj
                item.only("bytesBase64", "unavailable")
                content[key] = when {
                    item["bytesBase64"] != null -> CallerMetadataCheck.Content.Bytes(item["bytesBase64"]!!.base64())
                    item["unavailable"] != null -> CallerMetadataCheck.Content.Unavailable(item["unavailable"]!!.str())
                    else -> throw AssertionError("content item without a value")
                }
            }
            val required = when (val kind = json["requireContent"]?.str() ?: "none") {
                "none" -> CallerMetadataCheck.RequiredContent.None
                "all" -> CallerMetadataCheck.RequiredContent.All
                "keys" -> CallerMetadataCheck.RequiredContent.Keys(
                    (json["requireContentKeys"] as TestJson.Arr).items.map { it.str() }
                )
                else -> throw AssertionError("unknown requireContent $kind")
            }
            return CallerMetadataCheck(json["manifestJsonBase64"]?.base64(), content, required)
        }

        private fun anchors(json: TestJson.Obj): TrustAnchors {
            json.only("appAttestRootsDERBase64", "androidRootsDERBase64")
            fun list(name: String) = (json[name] as? TestJson.Arr)?.items?.map { it.base64() } ?: emptyList()
            return TrustAnchors(list("appAttestRootsDERBase64"), list("androidRootsDERBase64"))
        }

        private fun app(json: TestJson.Obj): ExpectedApp {
            check(json.members.size == 1) { "an expected app has exactly one member" }
            val (kind, value) = json.members.entries.first()
            val app = value as TestJson.Obj
            return when (kind) {
                "apple" -> {
                    app.only("appId")
                    ExpectedApp.Apple(app.string("appId"))
                }
                "android" -> {
                    app.only("packageName", "signingCertificateSha256Hex")
                    ExpectedApp.Android(
                        app.string("packageName"),
                        (app["signingCertificateSha256Hex"] as TestJson.Arr).items.map { hexBytes(it.str()) }
                    )
                }
                else -> throw AssertionError("unknown expected app kind $kind")
            }
        }
    }
}

/** Every field of a `ProofVerification` but the details (docs/conformance.md, "expected"). */
data class Expectation(
    val verdict: String,
    val isValid: Boolean,
    val isAuthentic: Boolean,
    val spoofingVerdict: String?,
    val checks: List<Triple<String, String, String?>>
) {
    /** What differs from `actual`, compactly: the headline fields, then each check that differs. */
    fun differences(actual: Expectation): String {
        val out = ArrayList<String>()
        if (verdict != actual.verdict) out.add("verdict $verdict != ${actual.verdict}")
        if (isValid != actual.isValid) out.add("isValid $isValid != ${actual.isValid}")
        if (isAuthentic != actual.isAuthentic) out.add("isAuthentic $isAuthentic != ${actual.isAuthentic}")
        if (spoofingVerdict != actual.spoofingVerdict) out.add("spoofingVerdict $spoofingVerdict != ${actual.spoofingVerdict}")
        for (i in 0 until maxOf(checks.size, actual.checks.size)) {
            val want = checks.getOrNull(i)
            val got = actual.checks.getOrNull(i)
            if (want != got) out.add("check $i: expected $want, got $got")
        }
        return out.joinToString("; ")
    }

    companion object {
        fun of(json: TestJson.Obj): Expectation {
            json.only("verdict", "isValid", "isAuthentic", "spoofingVerdict", "checks")
            return Expectation(
                json.string("verdict"),
                json["isValid"]!!.bool(),
                json["isAuthentic"]!!.bool(),
                (json["spoofingVerdict"] as? TestJson.Str)?.value,
                (json["checks"] as TestJson.Arr).items.map {
                    val check = it as TestJson.Obj
                    check.only("name", "status", "code")
                    Triple(check.string("name"), check.string("status"), (check["code"] as? TestJson.Str)?.value)
                }
            )
        }

        fun of(result: ProofVerification): Expectation = Expectation(
            when (result.verdict) {
                ProofVerification.Verdict.VALID -> "valid"
                ProofVerification.Verdict.INVALID -> "invalid"
                ProofVerification.Verdict.INCONCLUSIVE -> "inconclusive"
            },
            result.isValid,
            result.isAuthentic,
            result.spoofingVerdict?.name,
            result.checks.map { Triple(it.name, it.status.wireTag, it.code) }
        )
    }
}

/** Lower-case hex, as the vectors write digests; an odd length or another character fails the test. */
fun hexBytes(text: String): ByteArray {
    check(text.length % 2 == 0 && text.all { it in '0'..'9' || it in 'a'..'f' }) { "not lower-case hex" }
    return ByteArray(text.length / 2) { Integer.parseInt(text.substring(2 * it, 2 * it + 2), 16).toByte() }
}

fun TestJson.str(): String = (this as TestJson.Str).value
fun TestJson.bool(): Boolean = (this as TestJson.Bool).value
fun TestJson.long(): Long = (this as TestJson.Num).toBigDecimal().longValueExact()
fun TestJson.double(): Double = (this as TestJson.Num).literal.toDouble()
fun TestJson.base64(): ByteArray = Base64.getDecoder().decode(str())
fun TestJson.Obj.string(name: String): String = (this[name] ?: throw AssertionError("member $name missing")).str()
fun TestJson.Obj.obj(name: String): TestJson.Obj = this[name] as? TestJson.Obj ?: throw AssertionError("member $name missing")
fun TestJson.Obj.double(name: String): Double = (this[name] ?: throw AssertionError("member $name missing")).double()

/** Fails on a member outside `names`: the reader never drops what it does not understand. */
fun TestJson.Obj.only(vararg names: String) {
    val unknown = members.keys.filter { it !in names }
    if (unknown.isNotEmpty()) throw AssertionError("unknown member(s) $unknown")
}
