package com.bigtimedeals.domain;

import java.time.DateTimeException;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.util.regex.Pattern;

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
     * is not after its start runs across midnight.
     */
    public record QuietHours(String start, String end, String timeZone) {
        /** "HH:MM", 00:00 to 23:59. */
        public static final String TIME_PATTERN = "^([01][0-9]|2[0-3]):[0-5][0-9]$";
        private static final Pattern TIME = Pattern.compile(TIME_PATTERN);
        private static final DateTimeFormatter HH_MM = DateTimeFormatter.ofPattern("HH:mm").withResolverStyle(ResolverStyle.STRICT);

        public QuietHours {
            start = time("quietHours.start", start);
            end = time("quietHours.end", end);
            timeZone = zone(timeZone);
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

        private static String time(String field, String v) {
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

        /** An IANA region id ({@code Europe/London}, {@code UTC}); offsets such as {@code +01:00} are no zone's name. */
        private static String zone(String v) {
            if (v == null || v.length() > 64 || !ZoneId.getAvailableZoneIds().contains(v)) {
                throw DomainException.invalid("quietHours.timeZone", "quietHours.timeZone must be an IANA time zone such as Europe/London");
            }
            try {
                ZoneId.of(v);
            } catch (DateTimeException e) {
                throw DomainException.invalid("quietHours.timeZone", "quietHours.timeZone must be an IANA time zone such as Europe/London");
            }
            return v;
        }
    }
}
