package com.bigtimedeals.devices;

import java.time.DateTimeException;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.util.regex.Pattern;

import com.bigtimedeals.inbox.MessageKind;
import com.bigtimedeals.platform.DomainException;

/**
 * Which message kinds a user's devices are pushed ({@code watches, alerts, blasts, reminders}: all true for a new user)
 * and the quiet hours, null when none. Messages reach the inbox whatever these say.
 */
public record NotificationSettings(boolean watches, boolean alerts, boolean blasts, boolean reminders, QuietHours quietHours) {
    public static final NotificationSettings DEFAULTS = new NotificationSettings(true, true, true, true, null);

    /** Whether a message of {@code kind} is pushed. */
    public boolean allows(MessageKind kind) {
        return switch (kind) {
            case WATCH -> watches;
            case ALERT -> alerts;
            case BLAST -> blasts;
            case REMINDER -> reminders;
        };
    }

    /**
     * A daily window in the user's own time zone, {@code start} inclusive to {@code end} exclusive; a window whose end
     * is before its start runs across midnight ({@code 22:30} to {@code 07:00}). {@code start == end} is refused (a
     * 400): it could mean all day or never, and neither is what a person setting quiet hours asks for.
     *
     * <p>Each night's window is one stretch of time: from the first instant the user's wall clock shows {@code start}
     * on a date to the first instant it shows {@code end} (that date, or the next for a window across midnight). So on a
     * daylight-saving change a boundary that falls in the spring-forward gap is the end of the gap (the first moment
     * the clock shows that time or later), and one in the fall-back overlap is its first occurrence: the window
     * shortens or lengthens by the hour the clocks moved, there is still exactly one window, one end and one summary
     * per night, and a wall-clock time repeated after the window ended (the second 01:15 of a night whose quiet hours
     * end at 01:30) is not quiet again.
     */
    public record QuietHours(String start, String end, String timeZone) {
        /** "HH:MM", 00:00 to 23:59. */
        public static final String TIME_PATTERN = "^([01][0-9]|2[0-3]):[0-5][0-9]$";
        private static final Pattern TIME = Pattern.compile(TIME_PATTERN);
        private static final DateTimeFormatter HH_MM = DateTimeFormatter.ofPattern("HH:mm").withResolverStyle(ResolverStyle.STRICT);

        public QuietHours {
            start = time("quietHours.start", start);
            end = time("quietHours.end", end);
            timeZone = zone("quietHours.timeZone", timeZone);
            if (start.equals(end)) {
                throw DomainException.invalid("quietHours", "quietHours.start and quietHours.end must differ");
            }
        }

        public LocalTime startTime() {
            return LocalTime.parse(start, HH_MM);
        }

        public LocalTime endTime() {
            return LocalTime.parse(end, HH_MM);
        }

        public ZoneId zone() {
            return ZoneId.of(timeZone);
        }

        /**
         * The end of the window that holds {@code at} (the moment a push held at {@code at} is summarised), or null when
         * {@code at} is outside quiet hours. Only two windows can hold an instant: the one that began on its local date
         * and the one that began the day before (across midnight).
         */
        public java.time.Instant endOfWindowHolding(java.time.Instant at) {
            ZoneId zone = zone();
            java.time.LocalDate today = at.atZone(zone).toLocalDate();
            LocalTime from = startTime();
            LocalTime to = endTime();
            boolean acrossMidnight = to.isBefore(from);
            for (java.time.LocalDate day : new java.time.LocalDate[] {today.minusDays(1), today}) {
                java.time.Instant begins = firstShowing(day, from, zone);
                java.time.Instant ends = firstShowing(acrossMidnight ? day.plusDays(1) : day, to, zone);
                if (!at.isBefore(begins) && at.isBefore(ends)) {
                    return ends;
                }
            }
            return null;
        }

        /**
         * The first instant at which the wall clock in {@code zone} shows {@code time} or later on {@code day}: the time
         * itself when it exists once, its first occurrence in a fall-back overlap, the end of a spring-forward gap that
         * skips it (java.time's own rule for a gap would move it on by the gap's length instead).
         */
        static java.time.Instant firstShowing(java.time.LocalDate day, LocalTime time, ZoneId zone) {
            java.time.LocalDateTime local = day.atTime(time);
            java.time.zone.ZoneRules rules = zone.getRules();
            java.time.zone.ZoneOffsetTransition gap = rules.getTransition(local);
            if (gap != null && gap.isGap()) {
                return gap.getInstant();
            }
            return local.atZone(zone).withEarlierOffsetAtOverlap().toInstant();
        }

        /** {@code v} when it is a time of day HH:MM; else a client mistake naming {@code field}. */
        public static String time(String field, String v) {
            if (v == null || !TIME.matcher(v).matches()) {
                throw DomainException.invalid(field, field + " must be a time of day HH:MM, such as 22:30");
            }
            try {
                LocalTime.parse(v, HH_MM);
            } catch (DateTimeParseException e) {
                throw DomainException.invalid(field, field + " must be a time of day HH:MM, such as 22:30");
            }
            return v;
        }

        /**
         * An IANA region id ({@code Europe/London}, {@code UTC}); offsets such as {@code +01:00} are no zone's name. Java's
         * own {@code SystemV/} ids are not IANA's (tzdata 2020b removed its systemv file): a client checking against
         * the IANA list would refuse one the server took.
         */
        public static String zone(String field, String v) {
            if (v == null || v.length() > 64 || v.startsWith("SystemV/") || !ZoneId.getAvailableZoneIds().contains(v)) {
                throw DomainException.invalid(field, field + " must be an IANA time zone such as Europe/London");
            }
            try {
                ZoneId.of(v);
            } catch (DateTimeException e) {
                throw DomainException.invalid(field, field + " must be an IANA time zone such as Europe/London");
            }
            return v;
        }
    }
}
