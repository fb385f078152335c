// OctetIssuer
