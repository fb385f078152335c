// OctetEncoding
