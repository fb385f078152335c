package dev.octet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What a Java caller writes, compiled by javac in Maven's test phase against the library's classes:
 * the seed's example in Java (VerifyOptions.Builder for the named arguments Java lacks; the
 * deprecated requireVerdict warns here as in Kotlin) and its production twin, on the bundled
 * example proof at its own time.
 */
class JavaCallerTest {
    private static final long EXAMPLE_TIME_MILLIS = 1_795_953_630_000L; // 2026-11-29T12:00:30Z
    private static final byte[] NONCE = "session-nonce-01".getBytes(StandardCharsets.UTF_8);

    private static LocationProof exampleProof() throws Exception {
        File repository = new File(System.getProperty("octet.repository", ".."));
        return new LocationProof(Files.readAllBytes(new File(repository, "Examples/example.proof").toPath()));
    }

    @Test
    @SuppressWarnings("deprecation") // the seed's example sets requireVerdict, as the page has it
    void theSeedsExampleInJavaAcceptsTheExampleProof() throws Exception {
        LocationProof proof = exampleProof();
        List<LocationProof> accepted = new ArrayList<>();
        List<String> log = new ArrayList<>();

        ProofVerification result = Octet.verify(proof, new VerifyOptions.Builder()
                .maxAgeSeconds(120)
                .requireVerdict(RequiredVerdict.VERIFIED)
                .verificationTimeMillis(EXAMPLE_TIME_MILLIS)
                .build());
        if (result.isAuthentic()) {
            accepted.add(proof);
        } else {
            for (ProofCheck check : result.getChecks()) {
                if (check.getStatus() == CheckStatus.FAIL) log.add("verify failed: " + check.getName() + " -- " + check.getDetail());
            }
        }
        assertEquals(1, accepted.size(), log.toString());
        assertEquals(ProofVerification.Verdict.VALID, result.getVerdict());
        assertEquals(CheckStatus.NOT_CHECKED, result.check("verdict-tier").getStatus());
    }

    @Test
    void theProductionTwinInJavaRefusesTheSoftwareKeyExample() throws Exception {
        List<ExpectedApp> apps = Arrays.asList(
                new ExpectedApp.Android("com.example.octet", Arrays.asList(new byte[32])),
                new ExpectedApp.Apple("ABCDE12345.com.example.octet"));
        VerifyOptions options = new VerifyOptions.Builder(VerifyOptions.production(apps, NONCE))
                .verificationTimeMillis(EXAMPLE_TIME_MILLIS)
                .build();
        ProofVerification result = Octet.verify(exampleProof(), options);
        assertEquals(ProofVerification.Verdict.INVALID, result.getVerdict());
        assertEquals(CheckStatus.FAIL, result.check("attestation-required").getStatus());
        assertEquals(CheckStatus.PASS, result.check("session-binding").getStatus());
        assertTrue(options.getRequireAttestation());
        // The defaults, as Java reaches them: @JvmOverloads on Octet.verify and the Builder.
        assertEquals(ProofVerification.Verdict.INVALID, Octet.verify(exampleProof()).getVerdict()); // stale by now
        assertEquals(300L, new VerifyOptions.Builder().build().getMaxAgeSeconds());
    }
}
