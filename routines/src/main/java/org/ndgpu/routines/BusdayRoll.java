package org.ndgpu.routines;

import java.util.Locale;
import org.ndgpu.exceptions.NdException;

/**
 * What numpy.busday_offset does with a date that is not a valid day (its {@code roll} argument), in
 * NumPy's words: a weekend day or holiday rolls to a valid day before the offset is counted.
 *
 * <pre>
 * RAISE              an error (NumPy's default)
 * NAT                NaT
 * FORWARD            the next valid day (NumPy's 'forward', the same as 'following')
 * FOLLOWING          the next valid day
 * BACKWARD           the previous valid day (NumPy's 'backward', the same as 'preceding')
 * PRECEDING          the previous valid day
 * MODIFIEDFOLLOWING  the next valid day, unless it is in the next month: then the previous one
 * MODIFIEDPRECEDING  the previous valid day, unless it is in the previous month: then the next one
 * </pre>
 *
 * {@code Nd.busdayOffset(d, 1, BusdayRoll.FOLLOWING)}, or {@code BusdayRoll.of("modifiedfollowing")}
 * for code ported from Python.
 */
public enum BusdayRoll {
    RAISE,
    NAT,
    FORWARD,
    FOLLOWING,
    BACKWARD,
    PRECEDING,
    MODIFIEDFOLLOWING,
    MODIFIEDPRECEDING;

    /** NumPy's name of the roll: {@code BusdayRoll.MODIFIEDFOLLOWING.numpyName()} is "modifiedfollowing". */
    public String numpyName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The roll NumPy calls {@code name}: {@code BusdayRoll.of("following")} is FOLLOWING. */
    public static BusdayRoll of(String name) {
        if (name == null) throw new NullPointerException("busday_offset: roll is null");
        for (BusdayRoll r : values()) if (r.numpyName().equals(name)) return r;
        throw new NdException("busday_offset: expected roll 'raise', 'nat', 'forward', 'following', 'backward',"
                + " 'preceding', 'modifiedfollowing' or 'modifiedpreceding', got '" + name + "'");
    }
}
