package dev.octet.attestation

import dev.octet.TrustAnchors
import dev.octet.encoding.cbor.CborDecoder
import dev.octet.encoding.cbor.CborValue
import dev.octet.outcome.Outcome
import dev.octet.outcome.OutcomeStatus
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNotNull
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.condition.EnabledIf
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.MethodSource

/**
 * The well-formed certificate rule (proof-format.md, "Well-formed certificates", revised
 * 2026-12-07) on real certificates changed one rule at a time: in the Android leaf, an
 * intermediate and the self-issued root the walk drops, and in both App Attest x5c certificates.
 */
@EnabledIf(value = "dev.octet.attestation.SharedVectors#available", disabledReason = "../shared/vectors is absent")
internal class StrictCertificateTest {
    /** One way to break the rule, applied to a certificate's DER. */
    class Mutation(val name: String, val apply: (ByteArray) -> ByteArray) {
        override fun toString(): String = name
    }

    companion object {
        const val RKP = "ak-caiman-sdk36-tee-ec-rkp"
        const val FACTORY = "wr-nokia-x10-tee-factory"

        private fun edit(der: ByteArray, change: (TestDer.Node) -> Unit): ByteArray {
            val tree = TestDer.tree(der)
            change(tree)
            return tree.encode()
        }

        /** tbsCertificate's fields, whether or not the version is present. */
        private fun tbsField(certificate: TestDer.Node, name: String): TestDer.Node {
            val tbs = certificate[0]
            val shift = if (tbs[0].tag[0] == 0xA0.toByte()) 1 else 0
            val index = listOf("serial", "signature", "issuer", "validity", "subject", "spki").indexOf(name)
            return tbs[index + shift]
        }

        private fun setTime(node: TestDer.Node, change: (String) -> String) {
            node.content = change(String(node.content!!, Charsets.US_ASCII)).toByteArray(Charsets.US_ASCII)
        }

        @JvmStatic
        fun mutations(): List<Mutation> = listOf(
            Mutation("outer signatureAlgorithm differs from tbsCertificate.signature") { der ->
                edit(der) { c -> val oid = c[1][0].content!!; oid[oid.size - 1] = (oid[oid.size - 1] + 1).toByte() }
            },
            Mutation("unused bits in the signature BIT STRING") { der ->
                edit(der) { c ->
                    val bits = c[2].content!!
                    bits[0] = 1
                    bits[bits.size - 1] = (bits[bits.size - 1].toInt() and 0xFE).toByte()
                }
            },
            Mutation("empty signature BIT STRING") { der -> edit(der) { c -> c[2].content = byteArrayOf(0) } },
            Mutation("unused bits in the subjectPublicKey BIT STRING") { der ->
                edit(der) { c ->
                    val bits = tbsField(c, "spki")[1].content!!
                    bits[0] = 1
                    bits[bits.size - 1] = (bits[bits.size - 1].toInt() and 0xFE).toByte()
                }
            },
            Mutation("garbled notAfter") { der -> edit(der) { c -> setTime(tbsField(c, "validity")[1]) { "X" + it.substring(1) } } },
            Mutation("notBefore on February 30") { der ->
                edit(der) { c ->
                    setTime(tbsField(c, "validity")[0]) { t ->
                        val yearDigits = if (t.length == 13) 2 else 4
                        t.substring(0, yearDigits) + "0230" + t.substring(yearDigits + 4)
                    }
                }
            },
            Mutation("notAfter with a time zone instead of Z") { der ->
                edit(der) { c -> setTime(tbsField(c, "validity")[1]) { it.dropLast(1) + "+0000" } }
            },
            Mutation("GeneralizedTime with a fraction") { der ->
                edit(der) { c ->
                    val node = tbsField(c, "validity")[1]
                    val t = String(node.content!!, Charsets.US_ASCII)
                    val full = if (t.length == 13) (if (t.substring(0, 2).toInt() < 50) "20" else "19") + t else t
                    node.tag = byteArrayOf(0x18)
                    node.content = (full.dropLast(1) + ".5Z").toByteArray(Charsets.US_ASCII)
                }
            },
            Mutation("validity with a third time") { der ->
                edit(der) { c -> val v = tbsField(c, "validity"); v.children.add(v[1].copy()) }
            },
            Mutation("SPKI algorithm OID tag changed to OCTET STRING") { der -> edit(der) { c -> tbsField(c, "spki")[0][0].tag = byteArrayOf(0x04) } },
            Mutation("issuer tag changed to SET") { der -> edit(der) { c -> tbsField(c, "issuer").tag = byteArrayOf(0x31) } },
            Mutation("version v2") { der -> edit(der) { c -> c[0][0][0].content = byteArrayOf(1) } },
            Mutation("version v1 written out") { der -> edit(der) { c -> c[0][0][0].content = byteArrayOf(0) } },
            Mutation("version without its EXPLICIT tag") { der -> edit(der) { c -> c[0].children[0] = c[0][0][0] } },
            Mutation("constructed signature BIT STRING") { der ->
                edit(der) { c ->
                    val inner = TestDer.Node(byteArrayOf(0x03), c[2].content, ArrayList())
                    c.children[2] = TestDer.Node(byteArrayOf(0x23), null, mutableListOf(inner))
                }
            },
            Mutation("constructed OCTET STRING in an extension") { der ->
                edit(der) { c ->
                    val extensions = c[0].children.last()[0]
                    val value = extensions[0].children.last()
                    extensions[0].children[extensions[0].children.size - 1] =
                        TestDer.Node(byteArrayOf(0x24), null, mutableListOf(TestDer.Node(byteArrayOf(0x04), value.content, ArrayList())))
                }
            },
            Mutation("constructed UTF8String in the subject") { der ->
                edit(der) { c ->
                    val attribute = tbsField(c, "subject")[0][0]
                    val value = attribute[1]
                    attribute.children[1] = TestDer.Node(
                        byteArrayOf((value.tag[0].toInt() or 0x20).toByte()), null, mutableListOf(TestDer.Node(value.tag, value.content, ArrayList()))
                    )
                }
            },
            Mutation("a fourth element after signatureValue") { der -> edit(der) { c -> c.children.add(TestDer.Node(byteArrayOf(0x05), ByteArray(0), ArrayList())) } },
            Mutation("an unknown element at the end of tbsCertificate") { der ->
                edit(der) { c -> c[0].children.add(TestDer.Node(byteArrayOf(0x84.toByte()), byteArrayOf(1), ArrayList())) }
            },
            Mutation("extension critical flag as BER 0x01") { der ->
                edit(der) { c ->
                    val extension = c[0].children.last()[0][0]
                    extension.children.add(1, TestDer.Node(byteArrayOf(0x01), byteArrayOf(0x01), ArrayList()))
                }
            },
            // Revised 2026-12-07: the DEFAULT FALSE is never written (a control until then).
            Mutation("an extension's critical FALSE written out") { der ->
                edit(der) { c ->
                    val extension = c[0].children.last()[0][0]
                    if (extension.children.size == 3) extension.children.removeAt(1)
                    extension.children.add(1, TestDer.Node(byteArrayOf(0x01), byteArrayOf(0x00), ArrayList()))
                }
            },
            // Revised 2026-12-07: both names alike, so that the self-issued root stays self-issued.
            Mutation("issuer and subject a common name whose UTF8String is not UTF-8") { der ->
                edit(der) { c ->
                    val name = TestDer.tree(TestDer.sequence(TestDer.set(listOf(TestDer.sequence(TestDer.oid("2.5.4.3"), TestDer.tlv(0x0C, byteArrayOf(0xCF.toByte(), 0x63)))))))
                    val tbs = c[0]
                    val shift = if (tbs[0].tag[0] == 0xA0.toByte()) 1 else 0
                    tbs.children[2 + shift] = name
                    tbs.children[4 + shift] = name.copy()
                }
            },
            Mutation("serial with a redundant leading zero") { der ->
                edit(der) { c -> val s = tbsField(c, "serial"); s.content = byteArrayOf(0) + s.content!! }
            },
            Mutation("one byte after the certificate") { der -> der + byteArrayOf(0) },
            Mutation("non-minimal outer length") { der ->
                val tree = TestDer.tree(der)
                val body = TestDer.concat(tree.children.map { it.encode() })
                byteArrayOf(0x30, 0x84.toByte(), (body.size ushr 24).toByte(), (body.size ushr 16).toByte(), (body.size ushr 8).toByte(), body.size.toByte()) + body
            },
            Mutation("indefinite outer length") { der ->
                val tree = TestDer.tree(der)
                byteArrayOf(0x30, 0x80.toByte()) + TestDer.concat(tree.children.map { it.encode() }) + byteArrayOf(0, 0)
            },
            Mutation("truncated by one byte") { der -> der.copyOf(der.size - 1) }
        )

        fun judge(chain: List<ByteArray>, id: String): AndroidAttestationReport =
            AndroidKeyAttestation.judge(AndroidCertificateChain.parse(chain), AndroidVectors.packageName(id), AndroidVectors.verifyAtMs(id), TrustAnchors.BUNDLED.androidRoots)
    }

    @Test
    fun `the unchanged real chains pass, and each mutation really changes the bytes`() {
        for (id in listOf(RKP, FACTORY)) {
            val chain = AndroidVectors.chain(id)
            assertEquals(OutcomeStatus.PASS, judge(chain, id).judgement.status, id)
            for (mutation in mutations()) {
                for (der in chain) assertTrue(!mutation.apply(der).contentEquals(der), "$mutation changes nothing")
            }
        }
        // Rebuilding a certificate without a change gives back its bytes (the mutations are exact).
        for (der in AndroidVectors.chain(RKP)) assertTrue(TestDer.tree(der).encode().contentEquals(der))
    }

    @ParameterizedTest
    @MethodSource("mutations")
    fun `a malformed leaf fails hardware-attestation and device-attestation-sig, naming certificate 0`(mutation: Mutation) {
        for (id in listOf(RKP, FACTORY)) {
            val chain = AndroidVectors.chain(id).toMutableList()
            chain[0] = mutation.apply(chain[0])
            val parsed = AndroidCertificateChain.parse(chain)
            val leaf = assertNotNull(parsed.leafMalformed).let { parsed.leafMalformed!! }
            assertEquals(OutcomeStatus.FAIL, leaf.status)
            assertEquals("CERTIFICATE_MALFORMED", leaf.code?.wire)
            assertTrue(leaf.detail.startsWith("certificate 0 "), leaf.detail)
            assertNull(parsed.leafPublicKey)
            assertNull(parsed.certificateSerialsHex[0])
            val judgement = judge(chain, id).judgement
            assertEquals("CERTIFICATE_MALFORMED", judgement.code?.wire, judgement.toString())
            assertTrue(judgement.detail.startsWith("certificate 0 malformed"), judgement.detail)
        }
    }

    @ParameterizedTest
    @MethodSource("mutations")
    fun `a malformed intermediate fails hardware-attestation naming its index, and the leaf stays readable`(mutation: Mutation) {
        for (id in listOf(RKP, FACTORY)) {
            val chain = AndroidVectors.chain(id).toMutableList()
            chain[1] = mutation.apply(chain[1])
            val parsed = AndroidCertificateChain.parse(chain)
            assertNull(parsed.leafMalformed)
            assertNotNull(parsed.leafPublicKey)
            assertNull(parsed.certificateSerialsHex[1])
            val judgement = judge(chain, id).judgement
            assertEquals("CERTIFICATE_MALFORMED", judgement.code?.wire, judgement.toString())
            assertTrue(judgement.detail.startsWith("certificate 1 malformed"), judgement.detail)
        }
    }

    @ParameterizedTest
    @MethodSource("mutations")
    fun `a malformed self-issued root is judged before it is dropped`(mutation: Mutation) {
        for (id in listOf(RKP, FACTORY)) {
            val chain = AndroidVectors.chain(id).toMutableList()
            val last = chain.size - 1
            chain[last] = mutation.apply(chain[last])
            val parsed = AndroidCertificateChain.parse(chain)
            assertNull(parsed.leafMalformed)
            assertNull(parsed.certificateSerialsHex[last])
            val judgement = judge(chain, id).judgement
            assertEquals("CERTIFICATE_MALFORMED", judgement.code?.wire, judgement.toString())
            assertTrue(judgement.detail.startsWith("certificate $last malformed"), judgement.detail)
        }
    }

    /** Changes to a dropped root that keep it well-formed: nothing else of it is judged. */
    class Control(val name: String, val apply: (ByteArray) -> ByteArray) {
        override fun toString(): String = name
    }

    private fun controls(): List<Control> = listOf(
        Control("garbage signature") { der -> edit(der) { c -> val s = c[2].content!!; for (i in 1 until s.size) s[i] = 0x5A } },
        Control("both algorithm identifiers changed alike") { der ->
            edit(der) { c ->
                for (node in listOf(c[1][0], tbsField(c, "signature")[0])) {
                    val oid = node.content!!
                    oid[oid.size - 1] = (oid[oid.size - 1] + 1).toByte()
                }
            }
        },
        Control("expired long ago") { der ->
            edit(der) { c ->
                val validity = tbsField(c, "validity")
                setTime(validity[0]) { "000101000000Z" }
                setTime(validity[1]) { "000102000000Z" }
                validity[0].tag = byteArrayOf(0x17)
                validity[1].tag = byteArrayOf(0x17)
            }
        },
        Control("a key no provider could load") { der ->
            edit(der) { c -> val key = tbsField(c, "spki")[1].content!!; for (i in 1 until key.size) key[i] = 0x00 }
        },
        Control("issuer and subject SEQUENCE { INTEGER 1 }, not Names") { der ->
            edit(der) { c ->
                val name = TestDer.tree(TestDer.sequence(TestDer.integer(1)))
                val tbs = c[0]
                val shift = if (tbs[0].tag[0] == 0xA0.toByte()) 1 else 0
                tbs.children[2 + shift] = name
                tbs.children[4 + shift] = name.copy()
            }
        },
        Control("no version (v1)") { der -> edit(der) { c -> c[0].children.removeAt(0) } },
        Control("notAfter a GeneralizedTime in 2049") { der ->
            edit(der) { c ->
                val notAfter = tbsField(c, "validity")[1]
                notAfter.tag = byteArrayOf(0x18)
                notAfter.content = "20490101000000Z".toByteArray(Charsets.US_ASCII)
            }
        },
        Control("issuerUniqueID and subjectUniqueID added") { der ->
            edit(der) { c ->
                val at = c[0].children.size - 1
                c[0].children.add(at, TestDer.Node(byteArrayOf(0x82.toByte()), byteArrayOf(0x00, 0x0B), ArrayList()))
                c[0].children.add(at, TestDer.Node(byteArrayOf(0x81.toByte()), byteArrayOf(0x00, 0x0A), ArrayList()))
            }
        },
        Control("extension values of garbage") { der ->
            edit(der) { c -> for (extension in c[0].children.last()[0].children) extension.children.last().content = byteArrayOf(0x30, 0x80.toByte()) }
        }
    )

    @Test
    fun `a well-formed dropped root is never handed to the provider - nothing else of it is judged`() {
        for (id in listOf(RKP, FACTORY)) {
            val chain = AndroidVectors.chain(id)
            val expected = judge(chain, id).judgement
            for (control in controls()) {
                val changed = chain.toMutableList()
                changed[changed.size - 1] = control.apply(changed.last())
                assertTrue(!changed.last().contentEquals(chain.last()), control.name)
                val parsed = AndroidCertificateChain.parse(changed)
                assertNull(parsed.parsedEntries.last().defect, "$id: $control")
                assertEquals(expected, judge(changed, id).judgement, "$id: $control")
            }
        }
    }

    @Test
    fun `a well-formed intermediate that is not X-509 beyond the rule does not load - names that are not Names`() {
        for (id in listOf(RKP, FACTORY)) {
            val chain = AndroidVectors.chain(id).toMutableList()
            chain[1] = controls().first { it.name.contains("not Names") }.apply(chain[1])
            val parsed = AndroidCertificateChain.parse(chain)
            assertEquals(CertificateDefect.Rule.NOT_LOADABLE, parsed.parsedEntries[1].defect?.rule)
            assertNull(parsed.certificateSerialsHex[1])
            val judgement = judge(chain, id).judgement
            assertEquals("CERTIFICATE_MALFORMED", judgement.code?.wire)
            assertEquals("certificate 1 malformed: well-formed but not loadable by the crypto library", judgement.detail)
        }
    }

    @Test
    fun `a well-formed certificate whose key the provider cannot read, in the path, fails`() {
        val id = RKP
        val chain = AndroidVectors.chain(id).toMutableList()
        chain[1] = edit(chain[1]) { c -> val key = tbsField(c, "spki")[1].content!!; for (i in 1 until key.size) key[i] = 0x00 }
        val judgement = judge(chain, id).judgement
        assertEquals(OutcomeStatus.FAIL, judgement.status)
        assertTrue(judgement.code?.wire == "CERTIFICATE_MALFORMED" || judgement.code?.wire == "CHAIN_BROKEN", judgement.toString())
    }

    // ---- App Attest: the same rule for both x5c certificates ----

    private fun withX5c(row: AppAttestVectors.Enrolment, index: Int, change: (ByteArray) -> ByteArray): ByteArray {
        val root = CborDecoder.decode(row.attestationObject) as CborValue.MapValue
        val entries = root.entries.map { entry ->
            if (!entry.key.isText("attStmt")) {
                entry
            } else {
                val statement = entry.value as CborValue.MapValue
                CborValue.Entry(entry.key, CborValue.MapValue(statement.entries.map { member ->
                    if (!member.key.isText("x5c")) {
                        member
                    } else {
                        val certificates = (member.value as CborValue.ArrayValue).items.mapIndexed { i, item ->
                            if (i == index) CborValue.Bytes(change((item as CborValue.Bytes).value)) else item
                        }
                        CborValue.Entry(member.key, CborValue.ArrayValue(certificates))
                    }
                }))
            }
        }
        return TestCbor.encode(CborValue.MapValue(entries))
    }

    @ParameterizedTest
    @MethodSource("mutations")
    fun `a malformed x5c certificate fails hardware-attestation naming its index`(mutation: Mutation) {
        val row = AppAttestVectors.enrolments.first()
        assertEquals(OutcomeStatus.PASS, AppAttestVectors.judge(row, attestationObject = withX5c(row, 0) { it }).status)
        for (index in 0..1) {
            val judgement = AppAttestVectors.judge(row, attestationObject = withX5c(row, index, mutation.apply))
            assertEquals("CERTIFICATE_MALFORMED", judgement.code?.wire, judgement.toString())
            assertTrue(judgement.detail.startsWith("x5c certificate $index "), judgement.detail)
        }
    }

    private fun withStatement(row: AppAttestVectors.Enrolment, change: (List<CborValue.Entry>) -> List<CborValue.Entry>): ByteArray {
        val root = CborDecoder.decode(row.attestationObject) as CborValue.MapValue
        return TestCbor.encode(CborValue.MapValue(root.entries.map { entry ->
            if (entry.key.isText("attStmt")) CborValue.Entry(entry.key, CborValue.MapValue(change((entry.value as CborValue.MapValue).entries))) else entry
        }))
    }

    @Test
    fun `attStmt holds exactly x5c and a receipt byte string`() {
        val row = AppAttestVectors.enrolments.first()
        fun judge(bytes: ByteArray): Outcome = AppAttestVectors.judge(row, attestationObject = bytes)
        assertEquals(OutcomeStatus.PASS, judge(withStatement(row) { it }).status)
        val missingReceipt = judge(withStatement(row) { entries -> entries.filter { !it.key.isText("receipt") } })
        assertEquals("EVIDENCE_MALFORMED", missingReceipt.code?.wire, missingReceipt.toString())
        val textReceipt = judge(withStatement(row) { entries ->
            entries.map { if (it.key.isText("receipt")) CborValue.Entry(it.key, TestCbor.text("r")) else it }
        })
        assertEquals("EVIDENCE_MALFORMED", textReceipt.code?.wire)
        // "zzz" sorts after "x5c" and "receipt" in bytewise order: the map stays canonical.
        val extra = judge(withStatement(row) { entries -> entries + CborValue.Entry(TestCbor.text("zzz"), TestCbor.bytes(ByteArray(1))) })
        assertEquals("EVIDENCE_MALFORMED", extra.code?.wire, extra.toString())
        val noX5c = judge(withStatement(row) { entries -> entries.filter { !it.key.isText("x5c") } })
        assertEquals("EVIDENCE_MALFORMED", noX5c.code?.wire)
    }
}
