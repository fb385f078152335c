// Octet
