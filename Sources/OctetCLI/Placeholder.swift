// OctetCLI
