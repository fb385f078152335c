import OctetEncoding
import Testing

@Suite("DER writer")
struct DERWriterTests {
    @Test(
        "integers round-trip through the reader, minimal at every size",
        arguments: [
            Int64.min, -129, -128, -1, 0, 1, 127, 128, 255, 256, 1_758_900_680_964, Int64.max,
        ])
    func integers(value: Int64) throws {
        let encoded = DERWriter.integer(value)
        #expect(try DER.parse(encoded).int64() == value)
    }

    @Test("OIDs, high tags and long lengths round-trip")
    func structures() throws {
        let oid = try #require(DERWriter.objectIdentifier("1.3.6.1.4.1.11129.2.1.17"))
        #expect(try DER.parse(oid).objectIdentifier() == "1.3.6.1.4.1.11129.2.1.17")
        #expect(DERWriter.objectIdentifier("3.1") == nil && DERWriter.objectIdentifier("1.40") == nil)
        let tagged = DERWriter.explicit(709, DERWriter.octetString([UInt8](repeating: 1, count: 300)))
        let node = try DER.parse(tagged)
        #expect(node.tag == .context(709))
        #expect(try node.explicit(709).octetString().count == 300)
        #expect(try DER.parse(DERWriter.boolean(true)).boolean())
    }

    @Test(
        "times are written as the reader reads them",
        arguments: [
            Int64(0), -1, 951_782_400, 2_524_607_999, 4_294_967_295,
        ])
    func times(seconds: Int64) throws {
        #expect(try DER.parse(DERWriter.generalizedTime(seconds)).time() == seconds)
        if seconds < 2_524_608_000 { #expect(try DER.parse(DERWriter.utcTime(seconds)).time() == seconds) }
    }
}
