package io.virttune.report;

import io.virttune.inspect.GuestWriteRate;
import io.virttune.plan.Schedule;
import io.virttune.text.Bytes;
import io.virttune.text.Durations;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** A plan page's predictions: the windows, the live moves, the host's night and each disk's time with its basis. */
final class PlanPagePredictions {
    private PlanPagePredictions() {}

    /** Appends the host's night, its windows and its live moves. */
    static void append(StringBuilder html, Schedule schedule) {
        Schedule.HostTotals host = schedule.host();
        html.append("<h2>Windows</h2>\n<p id=\"night\">This host: ")
                .append(
                        host.guestsDown() == 0
                                ? "no guest goes down to move"
                                : host.guestsDown() + " guest(s) down " + Durations.format(host.downSeconds())
                                        + " in all, " + Bytes.format(host.downDataBytes()) + " copied")
                .append(
                        host.guestsLive() == 0
                                ? ""
                                : "; " + host.guestsLive() + " guest(s) moved live, their copies "
                                        + Durations.format(host.liveCopySeconds()) + ", "
                                        + ScheduleText.mirrorsWriting(host))
                .append(". Guests down to move, one after another, each copy and its verify at ")
                .append(Bytes.format(schedule.copyBytesPerSecond()))
                .append("/s (")
                .append(Html.escape(schedule.rateBasis()))
                .append(")")
                .append(
                        schedule.windowSeconds() > 0
                                ? "; windows of " + Durations.format(schedule.windowSeconds())
                                : "")
                .append(
                        ".</p>\n<div class=\"wide\"><table id=\"windows\">\n<tr><th>window</th><th>guests</th><th>data</th>"
                                + "<th>down (predicted)</th></tr>\n");
        for (Schedule.Window window : schedule.windows()) {
            html.append("<tr><td>")
                    .append(window.number())
                    .append("</td><td>")
                    .append(Html.escape(String.join(
                            ", ",
                            window.domains().stream().map(Schedule.Slot::domain).toList())))
                    .append("</td><td>")
                    .append(Bytes.format(window.dataBytes()))
                    .append("</td><td>")
                    .append(Durations.format(window.seconds()))
                    .append("</td></tr>\n");
        }
        html.append("</table></div>\n");
        if (!schedule.live().isEmpty()) {
            live(html, schedule);
        }
    }

    private static void live(StringBuilder html, Schedule schedule) {
        html.append("<h2>Live moves</h2>\n<p>Guests that keep running, each disk copied while the guest runs, as"
                + " its mirror writes it, what the guest writes meanwhile copied again where plan sampled it"
                + " (each disk's basis, under Guests), then paused for each switch.</p>\n"
                + "<div class=\"wide\"><table id=\"live\">\n"
                + "<tr><th>guest</th><th>data</th><th>guest writes (sampled)</th><th>mirror writes</th>"
                + "<th>copy (predicted)</th>"
                + "<th>pause (predicted)</th><th>the pause rests on</th></tr>\n");
        for (Schedule.LiveGuest guest : schedule.live()) {
            html.append("<tr><td>")
                    .append(Html.escape(guest.domain()))
                    .append("</td><td>")
                    .append(Bytes.format(guest.dataBytes()))
                    .append("</td><td>")
                    .append(sampledWrites(guest))
                    .append("</td><td>")
                    .append(Bytes.format(guest.disks().stream()
                            .mapToLong(Schedule.DiskTime::writtenBytes)
                            .sum()))
                    .append("</td><td>")
                    .append(Durations.format(guest.copySeconds()))
                    .append("</td><td>")
                    .append(ScheduleText.pause(guest))
                    .append("</td><td>")
                    .append(Html.escape(guest.pauseBasis()))
                    .append("</td></tr>\n");
        }
        html.append("</table></div>\n");
    }

    /** The guest's sampled writes to its copied disks together; "not sampled" where none was. */
    private static String sampledWrites(Schedule.LiveGuest guest) {
        List<GuestWriteRate> rates = guest.disks().stream()
                .map(Schedule.DiskTime::guestWrites)
                .filter(Objects::nonNull)
                .toList();
        if (rates.isEmpty()) {
            return "not sampled";
        }
        return Math.round(rates.stream()
                        .mapToDouble(GuestWriteRate::writesPerSecond)
                        .sum()) + "/s, "
                + Bytes.format(
                        rates.stream().mapToLong(GuestWriteRate::bytesPerSecond).sum()) + "/s";
    }

    /** What a guest's heading says of its move: its window and downtime, or its live copy and pause; empty if neither. */
    static String heading(Schedule schedule, String domain) {
        Optional<String> down = schedule.windows().stream()
                .flatMap(window -> window.domains().stream()
                        .filter(slot -> slot.domain().equals(domain))
                        .map(slot -> ", window " + window.number() + ", down " + Durations.format(slot.seconds())
                                + " (predicted)"))
                .findFirst();
        return down.or(() -> schedule.live().stream()
                        .filter(guest -> guest.domain().equals(domain))
                        .map(guest -> ", live: copies " + Durations.format(guest.copySeconds()) + ", pause "
                                + ScheduleText.pause(guest) + " (predicted)")
                        .findFirst())
                .orElse("");
    }

    /** The predicted time of {@code disk}'s copy with its basis; "-" when it has none. */
    static String disk(Schedule schedule, String domain, String disk) {
        return times(schedule, domain).stream()
                .filter(time -> time.disk().equals(disk))
                .map(time -> Durations.format(time.seconds()) + " (" + time.basis() + ")")
                .findFirst()
                .orElse("-");
    }

    private static List<Schedule.DiskTime> times(Schedule schedule, String domain) {
        return schedule.slot(domain)
                .map(Schedule.Slot::disks)
                .or(() -> schedule.live().stream()
                        .filter(guest -> guest.domain().equals(domain))
                        .map(Schedule.LiveGuest::disks)
                        .findFirst())
                .orElse(List.of());
    }
}
