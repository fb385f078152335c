package com.example.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.octet.Octet;
import dev.octet.ProofVerification;
import dev.octet.ProofRegion;
import dev.octet.VerifyOptions;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import org.junit.jupiter.api.Test;

/** An adopter's first test: the library, taken from the local repository, verifies the example. */
class ExampleProofTest {
    @Test
    void theExampleProofIsValidAtItsOwnTime() throws Exception {
        byte[] proof = Files.readAllBytes(Paths.get(System.getProperty("octet.example")));
        VerifyOptions options = new VerifyOptions.Builder()
                .verificationTimeMillis(1_795_953_630_000L) // 2026-11-29T12:00:30Z
                .expectedRegion(new ProofRegion.Circle(48.8584, 2.2945, 250.0))
                .expectedSessionNonce("session-nonce-01".getBytes(StandardCharsets.UTF_8))
                .build();
        ProofVerification result = Octet.verify(proof, options);
        assertEquals(ProofVerification.Verdict.VALID, result.getVerdict(), result.getChecks().toString());
        System.out.println("consumer: example.proof " + result.getVerdict() + ", " + result.getChecks().size() + " checks");
    }
}
