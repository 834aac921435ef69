package org.ndgpu.nccl;

import java.io.Serial;
import java.io.Serializable;
import java.util.Arrays;
import java.util.HexFormat;
import org.ndgpu.exceptions.NdException;

/**
 * An ncclUniqueId: the 128 bytes that rank 0 makes with {@link Nccl#uniqueId()} and sends to every
 * other process (a Spark broadcast, a file, a socket) so that they can join one communicator with
 * {@link Nccl#init}. Serializable; {@link #toHex()} and {@link #fromHex} carry it as text.
 */
public final class NcclUniqueId implements Serializable {
    @Serial
    private static final long serialVersionUID = 1L;

    private final byte[] bytes;

    private NcclUniqueId(byte[] bytes) {
        this.bytes = bytes;
    }

    /** The id from its 128 bytes, as {@link #bytes()} gave them. */
    public static NcclUniqueId of(byte[] bytes) {
        if (bytes == null || bytes.length != NcclLibrary.UNIQUE_ID_BYTES) {
            throw new NdException("NcclUniqueId.of: expected " + NcclLibrary.UNIQUE_ID_BYTES + " bytes, got "
                    + (bytes == null ? "null" : bytes.length + " bytes"));
        }
        return new NcclUniqueId(bytes.clone());
    }

    /** The id from the text {@link #toHex()} gave. */
    public static NcclUniqueId fromHex(String hex) {
        if (hex == null || hex.length() != 2 * NcclLibrary.UNIQUE_ID_BYTES) {
            throw new NdException("NcclUniqueId.fromHex: expected " + 2 * NcclLibrary.UNIQUE_ID_BYTES
                    + " hex digits, got " + (hex == null ? "null" : hex.length() + " characters"));
        }
        try {
            return new NcclUniqueId(HexFormat.of().parseHex(hex));
        } catch (IllegalArgumentException e) {
            throw new NdException("NcclUniqueId.fromHex: expected hex digits, got '" + hex + "'", e);
        }
    }

    /** A copy of the 128 bytes. */
    public byte[] bytes() {
        return bytes.clone();
    }

    /** The 128 bytes as 256 hex digits. */
    public String toHex() {
        return HexFormat.of().formatHex(bytes);
    }

    @Serial
    private Object readResolve() {
        // a tampered stream must not hand NCCL a short id: it reads 128 bytes whatever the array holds
        return of(bytes);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof NcclUniqueId u && Arrays.equals(bytes, u.bytes);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(bytes);
    }

    @Override
    public String toString() {
        return "NcclUniqueId(" + toHex().substring(0, 16) + "...)";
    }
}
