package dev.octet.checks

import dev.octet.CheckStatus
import dev.octet.DatedRevocationList
import dev.octet.LocationProof
import dev.octet.Octet
import dev.octet.ProofVerification
import dev.octet.ReplayKey
import dev.octet.ReplaySighting
import dev.octet.ReplayStore
import dev.octet.RevocationEntry
import dev.octet.RevocationList
import dev.octet.RevocationLookup
import dev.octet.RevocationSource
import dev.octet.RevocationSubject
import dev.octet.TestIssuer
import dev.octet.VerifyOptions
import org.junit.jupiter.api.Assertions.assertArrayEquals
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

/** `replay-uniqueness` and `revocation` through the injected interfaces (docs/checks.md, "Backend checks"). */
class BackendChecksTest {
    private val issuer = TestIssuer()

    /** An in-memory store: what a backend's store does, atomically enough for one thread. */
    class MemoryStore : ReplayStore {
        val identities = HashSet<List<Byte>>()
        val nonces = HashSet<List<Byte>>()
        val keys = ArrayList<ReplayKey>()

        override fun check(key: ReplayKey, record: Boolean, atMillis: Long): ReplaySighting {
            keys.add(key)
            val identity = key.proofIdentity.toList()
            val nonce = key.sessionNonce?.toList()
            if (identity in identities) return ReplaySighting.ReplayedProof
            if (nonce != null && nonce in nonces) return ReplaySighting.ReplayedSessionNonce
            if (record) {
                identities.add(identity)
                nonce?.let { nonces.add(it) }
            }
            return ReplaySighting.First(record)
        }
    }

    @Test
    fun `the replay key is the proof identity under the proof key, with the session nonce`() {
        val store = MemoryStore()
        val nonce = ByteArray(16) { 7 }
        val bytes = issuer.issue(TestIssuer.Draft().apply { sessionNonce = nonce })
        Octet.verify(bytes, VerifyOptions(replayStore = store))
        val proof = LocationProof(bytes)
        val expected = TestIssuer.sha256("octet/v1/replay\u0000".toByteArray() + TestIssuer.sha256(proof.proofKey) + proof.proofId)
        assertArrayEquals(expected, store.keys.single().proofIdentity)
        assertArrayEquals(nonce, store.keys.single().sessionNonce)
    }

    @Test
    fun `a proof is accepted once, and its replay fails REPLAYED_PROOF_ID`() {
        val store = MemoryStore()
        val bytes = issuer.issue(TestIssuer.Draft())
        val first = Octet.verify(bytes, VerifyOptions(replayStore = store))
        assertEquals(ProofVerification.Verdict.VALID, first.verdict)
        assertEquals(CheckStatus.PASS, first.check("replay-uniqueness")!!.status)
        val second = Octet.verify(bytes, VerifyOptions(replayStore = store))
        assertEquals("REPLAYED_PROOF_ID", second.check("replay-uniqueness")!!.code)
        assertTrue(second.check("replay-uniqueness")!!.detail.contains("already accepted"))
        // Reported at its place in the recipe, before revocation.
        assertEquals(listOf("replay-uniqueness", "revocation"), second.checks.takeLast(2).map { it.name })
    }

    @Test
    fun `another proof bound to an accepted nonce fails REPLAYED_SESSION_NONCE`() {
        val store = MemoryStore()
        val nonce = ByteArray(8) { 1 }
        Octet.verify(issuer.issue(TestIssuer.Draft().apply { sessionNonce = nonce }), VerifyOptions(replayStore = store))
        val other = issuer.issue(TestIssuer.Draft().apply { sessionNonce = nonce; proofId = ByteArray(16) { 9 } })
        assertEquals("REPLAYED_SESSION_NONCE", Octet.verify(other, VerifyOptions(replayStore = store)).check("replay-uniqueness")!!.code)
    }

    @Test
    fun `an invalid proof is not recorded, so it never burns its identity`() {
        val store = MemoryStore()
        val stale = issuer.issue(TestIssuer.Draft().apply { createdAtMs = 1_000 })
        val result = Octet.verify(stale, VerifyOptions(replayStore = store))
        assertEquals("STALE", result.check("freshness")!!.code)
        assertEquals(CheckStatus.PASS, result.check("replay-uniqueness")!!.status)
        assertTrue(store.identities.isEmpty())
        // A revoked proof key makes the proof invalid too, though revocation is reported after replay.
        val revoking = object : RevocationSource {
            override fun lookUp(subject: RevocationSubject) =
                if (subject is RevocationSubject.ProofKey) RevocationLookup.Listed(RevocationEntry(RevocationEntry.Status.REVOKED))
                else RevocationLookup.NotListed
        }
        val fresh = issuer.issue(TestIssuer.Draft())
        val revoked = Octet.verify(fresh, VerifyOptions(replayStore = store, revocationSource = revoking))
        assertEquals("REVOKED", revoked.check("revocation")!!.code)
        assertTrue(store.identities.isEmpty())
    }

    @Test
    fun `a store that throws or cannot answer is INCONCLUSIVE, never PASS`() {
        val throwing = object : ReplayStore {
            override fun check(key: ReplayKey, record: Boolean, atMillis: Long): ReplaySighting = throw IllegalStateException("down")
        }
        val bytes = issuer.issue(TestIssuer.Draft())
        val result = Octet.verify(bytes, VerifyOptions(replayStore = throwing))
        assertEquals(CheckStatus.INCONCLUSIVE, result.check("replay-uniqueness")!!.status)
        assertEquals("REPLAY_STORE_UNAVAILABLE", result.check("replay-uniqueness")!!.code)
        assertFalse(result.check("replay-uniqueness")!!.detail.contains("down"))
        assertEquals(ProofVerification.Verdict.INCONCLUSIVE, result.verdict)
        val busy = object : ReplayStore {
            override fun check(key: ReplayKey, record: Boolean, atMillis: Long): ReplaySighting = ReplaySighting.Unavailable("busy")
        }
        assertEquals("REPLAY_STORE_UNAVAILABLE", Octet.verify(bytes, VerifyOptions(replayStore = busy)).check("replay-uniqueness")!!.code)
    }

    @Test
    fun `a store whose prunes cut the window short is INCONCLUSIVE REPLAY_WINDOW_PRUNED, given the window's start`() {
        val windows = ArrayList<Long>()
        val pruned = object : ReplayStore {
            override fun check(key: ReplayKey, record: Boolean, atMillis: Long): ReplaySighting =
                throw IllegalStateException("the window must be passed on")

            override fun check(key: ReplayKey, record: Boolean, atMillis: Long, windowFromMillis: Long): ReplaySighting {
                windows.add(windowFromMillis)
                return ReplaySighting.WindowPruned
            }
        }
        val bytes = issuer.issue(TestIssuer.Draft())
        val at = LocationProof(bytes).createdAtMillis + 5_000
        val result = Octet.verify(bytes, VerifyOptions(maxAgeSeconds = 600, verificationTimeMillis = at, replayStore = pruned))
        assertEquals(CheckStatus.INCONCLUSIVE, result.check("replay-uniqueness")!!.status)
        assertEquals("REPLAY_WINDOW_PRUNED", result.check("replay-uniqueness")!!.code)
        assertEquals(ProofVerification.Verdict.INCONCLUSIVE, result.verdict)
        // The verification time, minus the window, minus the 60 s of future skew.
        assertEquals(listOf(at - 600_000 - 60_000), windows)
    }

    @Test
    fun `an interrupted store call is INCONCLUSIVE and the thread stays interrupted`() {
        val interrupted = object : ReplayStore {
            override fun check(key: ReplayKey, record: Boolean, atMillis: Long): ReplaySighting = throw InterruptedException()
        }
        val result = Octet.verify(issuer.issue(TestIssuer.Draft()), VerifyOptions(replayStore = interrupted))
        val interruptFlag = Thread.interrupted() // reads and clears the flag
        assertEquals("REPLAY_STORE_UNAVAILABLE", result.check("replay-uniqueness")!!.code)
        assertTrue(interruptFlag, "the interrupt was swallowed")
    }

    @Test
    fun `revocation asks about the proof key and the device key, and REVOKED outranks SUSPENDED`() {
        val asked = ArrayList<RevocationSubject>()
        val source = object : RevocationSource {
            override fun lookUp(subject: RevocationSubject): RevocationLookup {
                asked.add(subject)
                return when (subject) {
                    is RevocationSubject.ProofKey -> RevocationLookup.Listed(RevocationEntry(RevocationEntry.Status.SUSPENDED))
                    is RevocationSubject.DeviceKey -> RevocationLookup.Listed(RevocationEntry(RevocationEntry.Status.REVOKED, "KEY_COMPROMISE"))
                    else -> RevocationLookup.NotListed
                }
            }
        }
        val bytes = issuer.issue(TestIssuer.Draft())
        val check = Octet.verify(bytes, VerifyOptions(revocationSource = source)).check("revocation")!!
        assertEquals("REVOKED", check.code)
        assertEquals(
            listOf(
                RevocationSubject.ProofKey(TestIssuer.sha256(TestIssuer.point(issuer.proofKey))),
                RevocationSubject.DeviceKey(TestIssuer.sha256(TestIssuer.point(issuer.deviceKey)))
            ),
            asked
        )
        assertTrue(check.detail.contains("KEY_COMPROMISE"))
    }

    @Test
    fun `a list that is not current is INCONCLUSIVE REVOCATION_LIST_STALE, never PASS, and a listing still FAILs`() {
        val bytes = issuer.issue(TestIssuer.Draft())
        val never = DatedRevocationList(RevocationList.parse("{\"entries\": {}}".toByteArray()), null, 86_400_000L)
        val stale = Octet.verify(bytes, VerifyOptions(revocationSource = never))
        assertEquals("REVOCATION_LIST_STALE", stale.check("revocation")!!.code)
        assertEquals(CheckStatus.INCONCLUSIVE, stale.check("revocation")!!.status)
        assertEquals(ProofVerification.Verdict.INCONCLUSIVE, stale.verdict)
        val fresh = DatedRevocationList(RevocationList.parse("{\"entries\": {}}".toByteArray()), 1_000L, 86_400_000L) { 2_000L }
        assertEquals(CheckStatus.PASS, Octet.verify(bytes, VerifyOptions(revocationSource = fresh)).check("revocation")!!.status)
        val listed = object : RevocationSource {
            override fun lookUp(subject: RevocationSubject): RevocationLookup =
                if (subject is RevocationSubject.DeviceKey) RevocationLookup.Listed(RevocationEntry(RevocationEntry.Status.REVOKED))
                else RevocationLookup.Stale("never fetched")
        }
        assertEquals("REVOKED", Octet.verify(bytes, VerifyOptions(revocationSource = listed)).check("revocation")!!.code)
    }

    @Test
    fun `a source that throws is INCONCLUSIVE, unless a listing already fails the proof`() {
        val throwing = object : RevocationSource {
            override fun lookUp(subject: RevocationSubject): RevocationLookup = throw OutOfMemoryError("simulated")
        }
        val bytes = issuer.issue(TestIssuer.Draft())
        assertEquals("REVOCATION_SOURCE_UNAVAILABLE", Octet.verify(bytes, VerifyOptions(revocationSource = throwing)).check("revocation")!!.code)
        val mixed = object : RevocationSource {
            override fun lookUp(subject: RevocationSubject): RevocationLookup =
                if (subject is RevocationSubject.DeviceKey) RevocationLookup.Listed(RevocationEntry(RevocationEntry.Status.SUSPENDED))
                else throw IllegalStateException()
        }
        assertEquals("SUSPENDED", Octet.verify(bytes, VerifyOptions(revocationSource = mixed)).check("revocation")!!.code)
        val clean = object : RevocationSource {
            override fun lookUp(subject: RevocationSubject): RevocationLookup = RevocationLookup.NotListed
        }
        val pass = Octet.verify(bytes, VerifyOptions(revocationSource = clean)).check("revocation")!!
        assertEquals(CheckStatus.PASS, pass.status)
        assertNull(pass.code)
    }
}
