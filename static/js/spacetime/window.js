// Which events the space-time diagram shows, and over which span of x: the
// whole run so far when it is small, else the last ones, in pages of time
// (or of events, by order); a zoomed or panned window holds.

import {timeDomain} from "./time.js";

/**
 * eventWindow is {from, domain}: the first event drawn (cur is the last)
 * and the span of x ([x0, x1], marked .order when x counts events). log is
 * the event log, limit the most events drawn, zoomed the lecturer's window
 * (null: follow the cursor), prev the span drawn last (paging keeps it
 * while the cursor is inside).
 */
export function eventWindow({log, frame, cur, limit, order, zoomed, prev}) {
	let from = Math.max(1, cur - limit + 1);
	let loT;
	let hiT;
	if (log.length <= limit) {
		loT = 0;
		// the run is computed ahead: before its end the window follows the
		// cursor (the whole run squeezed in would crowd the events so far)
		const last = log.length && frame.atEnd ? log.at(log.length).time : 0;
		hiT = Math.max(frame.time, last);
	} else {
		loT = from > 1 ? log.at(from).time : 0;
		hiT = frame.time;
	}
	// a small run at its end is shown whole and exactly; otherwise the window pages
	// (by order: the events' numbers, half a column either side)
	const d = zoomed
		? zoomed.slice()
		: order
			? timeDomain(prev && prev.order ? prev : null, from - 0.5, Math.max(cur, from + 8) + 0.5)
			: log.length <= limit && frame.ended && frame.atEnd
				? [0, Math.max(1, hiT)]
				: timeDomain(prev && !prev.order ? prev : null, loT, hiT);
	d.order = order;
	if (!order) from = Math.max(from, log.firstAtTime(d[0]));
	else if (zoomed) from = Math.max(from, Math.ceil(d[0]));
	return {from, domain: d};
}
