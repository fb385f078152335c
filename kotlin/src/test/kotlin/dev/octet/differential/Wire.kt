package dev.octet.differential

import java.io.ByteArrayOutputStream

/**
 * Protobuf wire records, read leniently (no schema, no strictness: the mutators cut and splice at
 * record boundaries and leave judging to the two verifiers). [parse] returns null when the bytes
 * are not a sequence of whole records.
 */
internal class WireRecord(val field: Int, val wireType: Int, val record: ByteArray, val valueStart: Int) {
    /** The payload: the bytes inside a length-delimited record, the varint bytes of a varint. */
    val payload: ByteArray get() = record.copyOfRange(valueStart, record.size)

    /** The payload of a varint record as a number (null when the record is not a varint). */
    val varint: Long?
        get() {
            if (wireType != 0) return null
            var value = 0L
            var shift = 0
            for (i in valueStart until record.size) {
                value = value or ((record[i].toLong() and 0x7F) shl shift)
                shift += 7
            }
            return value
        }

    companion object {
        fun parse(bytes: ByteArray): List<WireRecord>? {
            val out = ArrayList<WireRecord>()
            var at = 0
            while (at < bytes.size) {
                val start = at
                val (tag, afterTag) = varint(bytes, at) ?: return null
                at = afterTag
                val wireType = (tag and 7).toInt()
                val field = (tag ushr 3).toInt()
                val valueStart: Int
                when (wireType) {
                    0 -> {
                        valueStart = at
                        at = (varint(bytes, at) ?: return null).second
                    }
                    1, 5 -> {
                        valueStart = at
                        at += if (wireType == 1) 8 else 4
                    }
                    2 -> {
                        val (length, afterLength) = varint(bytes, at) ?: return null
                        if (length < 0 || length > bytes.size - afterLength) return null
                        valueStart = afterLength
                        at = afterLength + length.toInt()
                    }
                    else -> return null
                }
                if (at > bytes.size) return null
                out.add(WireRecord(field, wireType, bytes.copyOfRange(start, at), valueStart - start))
            }
            return out
        }

        private fun varint(bytes: ByteArray, from: Int): Pair<Long, Int>? {
            var value = 0L
            var shift = 0
            var at = from
            while (at < bytes.size && shift < 64) {
                val b = bytes[at++].toInt() and 0xFF
                value = value or ((b and 0x7F).toLong() shl shift)
                if (b and 0x80 == 0) return Pair(value, at)
                shift += 7
            }
            return null
        }

        fun join(records: List<WireRecord>): ByteArray {
            val out = ByteArrayOutputStream()
            for (r in records) out.write(r.record)
            return out.toByteArray()
        }

        fun varintBytes(value: Long): ByteArray {
            val out = ByteArrayOutputStream()
            var v = value
            while (v and 0x7FL.inv() != 0L) {
                out.write(((v and 0x7F) or 0x80).toInt())
                v = v ushr 7
            }
            out.write(v.toInt())
            return out.toByteArray()
        }

        fun lengthDelimited(field: Int, payload: ByteArray): WireRecord {
            val head = varintBytes((field.toLong() shl 3) or 2) + varintBytes(payload.size.toLong())
            return WireRecord(field, 2, head + payload, head.size)
        }

        fun varintRecord(field: Int, value: Long): WireRecord {
            val head = varintBytes(field.toLong() shl 3)
            return WireRecord(field, 0, head + varintBytes(value), head.size)
        }

        /** The same record number and wire type with another payload. */
        fun withPayload(record: WireRecord, payload: ByteArray): WireRecord =
            if (record.wireType == 2) lengthDelimited(record.field, payload)
            else {
                val head = record.record.copyOfRange(0, record.valueStart)
                WireRecord(record.field, record.wireType, head + payload, head.size)
            }

        fun zigzag(value: Int): Long = ((value shl 1) xor (value shr 31)).toLong() and 0xFFFFFFFFL
    }
}
