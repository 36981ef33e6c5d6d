/**
 * Rendering: text tables, JSON documents ({@code "schema": "virt-tune/NAME", "version": N}, every
 * schema in docs/json.md) and HTML pages of what the other stages hand on; a sink, imported by the
 * command line only.
 *
 * <h2>Plain-text tables ({@link TextTable})</h2>
 *
 * <p>Fitted to a width, one elastic column of a table gives way first (long cells shortened in the
 * middle, keeping their end: a path's file name), then optional columns are left out in the order
 * given; a last column of prose may instead wrap, continuing on lines of its own under its column.
 *
 * <h2>Findings shared by domains ({@link SharedFindings})</h2>
 *
 * <p>Saying a recurring finding once, after the domains, means a host of many alike guests reads in
 * a screen or two; {@code -v} shows each in its domain instead. Findings are alike when their rule,
 * severity, summary and fix are, the domain's own name in the fix read as DOMAIN; a disk left alone
 * keeps its reason in its domain.
 *
 * <h2>Bar charts ({@link SvgBarChart})</h2>
 *
 * <p>Each bar is labelled with its value, so the chart reads without colour and without scripts. A
 * row whose after value is a loss has its label and after bar marked {@code loss}. The SVG scales
 * to its container's width (its viewBox is fixed), so it never overflows the page.
 *
 * <h2>A fleet's bench ({@link FleetBenchReport}, {@link FleetBenchHtmlReport})</h2>
 *
 * <p>Two bench labels compared on a fleet read, as text, as a line of counts, a table with a row
 * per host (its domains' mean IOPS change and losses) and one for the whole fleet, the failed
 * hosts, then each host's comparisons as {@code bench compare} prints them; as JSON, schema {@code
 * virt-tune/fleet-bench-compare} version 1 (docs/json.md), a section per host holding each of its
 * domains' {@code virt-tune/bench-compare} document.
 *
 * <p>As one HTML page: the fleet's average IOPS change, a chart of each host's, then per host a
 * chart of each domain's change, the headline random profile's IOPS before and after, and a table
 * of its domains with their disks before and after and every loss; failed hosts with why. Losses
 * are drawn and written in red.
 *
 * <h2>A fleet plan as HTML ({@link FleetPlanHtmlReport})</h2>
 *
 * <p>The page shows the fleet at a glance, each host's planned copies (what they write: the
 * allocated data into a fresh thin LV, the whole disk with its zeros into a linear one, within the
 * LVs the plan creates) and its domains by outcome as charts, then a table with a row per host, its
 * blocked domains and a failed host's reason.
 *
 * <h2>A fleet's results ({@link FleetResultsReport})</h2>
 *
 * <p>What a fleet apply, rollback or bench did reads, as text, as one line of counts and a table
 * with a row per domain of each host (a failed host's row says why); as JSON, schema {@code
 * virt-tune/fleet-COMMAND} version 1 (docs/json.md), a section per host holding its domains as the
 * host's own document has them.
 */
package io.virttune.report;
