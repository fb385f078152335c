package dev.octet.platform

import java.io.ByteArrayInputStream
import java.io.DataInputStream

/**
 * What a compiled class refers to, read from the class file itself (JVM spec §4): every
 * `CONSTANT_Class`, every field, method and interface-method reference as `owner.name descriptor`,
 * and every class named in a descriptor (of a reference, of a `MethodType`, of the class's own
 * fields and methods). What the class can touch at run time is within this set, so checking it
 * against Android API 24 needs no Android SDK. Also read: the major version, the superclass and
 * interfaces, and the class's own members (for the JDK's API signatures in `ct.sym`, which are
 * class files too).
 */
class ClassFileReferences private constructor(
    val name: String,
    val majorVersion: Int,
    val superName: String?,
    val interfaces: List<String>,
    /** Classes named anywhere: constant pool entries and descriptors, arrays reduced to their element class. */
    val classes: Set<String>,
    /** `owner.name descriptor` of every field and method reference. */
    val members: Set<String>,
    /** `name descriptor` of the class's own fields and methods. */
    val declared: Set<String>,
    /** True when the constant pool holds an `invokedynamic` or a method handle (Android API 26+). */
    val usesInvokeDynamic: Boolean
) {
    companion object {
        fun of(bytes: ByteArray, what: String): ClassFileReferences {
            val input = DataInputStream(ByteArrayInputStream(bytes))
            require(input.readInt() == 0xCAFEBABE.toInt()) { "$what is not a class file" }
            input.readUnsignedShort()
            val major = input.readUnsignedShort()
            val count = input.readUnsignedShort()
            val utf8 = arrayOfNulls<String>(count)
            val classIndex = IntArray(count)
            val nameAndType = arrayOfNulls<IntArray>(count)
            val descriptorIndexes = ArrayList<Int>()
            val refs = ArrayList<IntArray>()
            var dynamic = false
            var index = 1
            while (index < count) {
                when (val tag = input.readUnsignedByte()) {
                    1 -> utf8[index] = input.readUTF()
                    3, 4 -> input.readInt()
                    5, 6 -> {
                        input.readLong()
                        index++
                    }
                    7 -> classIndex[index] = input.readUnsignedShort()
                    8, 19, 20 -> input.readUnsignedShort()
                    16 -> descriptorIndexes.add(input.readUnsignedShort())
                    9, 10, 11 -> refs.add(intArrayOf(input.readUnsignedShort(), input.readUnsignedShort()))
                    12 -> nameAndType[index] = intArrayOf(input.readUnsignedShort(), input.readUnsignedShort())
                    15 -> {
                        input.readUnsignedByte()
                        input.readUnsignedShort()
                        dynamic = true
                    }
                    17, 18 -> {
                        input.readInt()
                        dynamic = true
                    }
                    else -> throw IllegalArgumentException("$what: unknown constant pool tag $tag")
                }
                index++
            }
            fun utf(at: Int): String = utf8[at] ?: throw IllegalArgumentException("$what: constant $at is not UTF-8")
            fun className(at: Int): String = utf(classIndex[at])

            val classes = HashSet<String>()
            for (i in 1 until count) if (classIndex[i] != 0) elementClass(utf(classIndex[i]))?.let { classes.add(it) }
            val members = HashSet<String>()
            for (ref in refs) {
                val owner = className(ref[0])
                val nt = nameAndType[ref[1]] ?: throw IllegalArgumentException("$what: bad NameAndType")
                val descriptor = utf(nt[1])
                members.add(owner + "." + utf(nt[0]) + " " + descriptor)
                classes.addAll(descriptorClasses(descriptor))
            }
            for (at in descriptorIndexes) classes.addAll(descriptorClasses(utf(at)))

            input.readUnsignedShort()
            val name = className(input.readUnsignedShort())
            val superIndex = input.readUnsignedShort()
            val superName = if (superIndex == 0) null else className(superIndex)
            val interfaces = List(input.readUnsignedShort()) { className(input.readUnsignedShort()) }
            val declared = HashSet<String>()
            repeat(2) {
                repeat(input.readUnsignedShort()) {
                    input.readUnsignedShort()
                    val memberName = utf(input.readUnsignedShort())
                    val descriptor = utf(input.readUnsignedShort())
                    declared.add("$memberName $descriptor")
                    classes.addAll(descriptorClasses(descriptor))
                    repeat(input.readUnsignedShort()) {
                        input.readUnsignedShort()
                        input.skipBytes(input.readInt())
                    }
                }
            }
            return ClassFileReferences(name, major, superName, interfaces, classes, members, declared, dynamic)
        }

        /** `[[Ljava/lang/String;` or `java/lang/String` → `java/lang/String`; a primitive array → null. */
        fun elementClass(reference: String): String? {
            val element = reference.trimStart('[')
            return when {
                element == reference -> reference
                element.startsWith("L") && element.endsWith(";") -> element.substring(1, element.length - 1)
                else -> null
            }
        }

        /** Every class a field or method descriptor names: `(Ljava/io/File;[I)Ljava/lang/String;` → File, String. */
        fun descriptorClasses(descriptor: String): List<String> {
            val found = ArrayList<String>()
            var at = 0
            while (at < descriptor.length) {
                if (descriptor[at] == 'L') {
                    val end = descriptor.indexOf(';', at)
                    require(end > at) { "bad descriptor $descriptor" }
                    found.add(descriptor.substring(at + 1, end))
                    at = end + 1
                } else {
                    at++
                }
            }
            return found
        }
    }
}
