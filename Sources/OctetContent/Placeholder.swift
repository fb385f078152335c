// OctetContent
