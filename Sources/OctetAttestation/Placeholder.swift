// OctetAttestation
