// OctetGeometry
