// The client's frame: the server's whole `frame`, kept up to date by the
// `delta`s that follow it (docs/protocol.md, "Deltas"; frame.ApplyDelta is
// the same rule in Go). applyMessage also says what changed, so that the
// views touch only the elements of what changed, and changes are gathered
// until the next drawing (several messages may come between two). Pure: no
// DOM.

// a frame's order of flights: by arrival, then id (the order of sending)
const byArrival = (a, b) => a.arrive - b.arrive || a.id - b.id;

// mergeFlights merges the flights added into those kept, both in a frame's
// order: a step adds a few to a thousand, which need no sorting again
function mergeFlights(kept, added) {
	const add = [...added].sort(byArrival);
	const out = new Array(kept.length + add.length);
	let i = 0;
	let j = 0;
	for (let k = 0; k < out.length; k++) out[k] = j >= add.length || (i < kept.length && byArrival(kept[i], add[j]) <= 0) ? kept[i++] : add[j++];
	return out;
}

/**
 * applyMessage takes a `frame` or `delta` message into the client's frame
 * (null before the first). It returns {frame, changes}: the frame (a delta
 * updates the one given, in place), and what changed (see noChanges).
 */
export function applyMessage(frame, msg) {
	if (msg.type !== "delta" || !frame) {
		const f = {...msg, type: "frame"};
		return {frame: f, changes: everything()};
	}
	const ch = noChanges();
	for (const k of ["step", "steps", "seq", "events", "time", "ended", "atEnd", "narration"]) frame[k] = msg[k];
	for (const nd of msg.nodes || []) {
		frame.nodes[nd.pos] = nd;
		ch.nodes.add(nd.pos);
	}
	const added = msg.flightsAdded || [];
	const removed = msg.flightsRemoved || [];
	if (added.length || removed.length) {
		ch.flights = true;
		const gone = new Set(removed);
		for (const f of added) gone.add(f.id); // replaced by its new version
		const kept = frame.flights.filter((f) => !gone.has(f.id));
		frame.flights = added.length ? mergeFlights(kept, added) : kept;
		for (const id of removed) ch.removed.add(id);
		for (const f of added) ch.added.add(f.id);
	}
	if ("timers" in msg) (frame.timers = msg.timers), (ch.timers = true);
	if ("violations" in msg) (frame.violations = msg.violations), (ch.violations = true);
	if ("outcome" in msg) (frame.outcome = msg.outcome), (ch.outcome = true);
	if (msg.outcomeFields) {
		frame.outcome = {...frame.outcome, ...msg.outcomeFields};
		ch.outcome = true;
	}
	if (msg.outcomeRemoved) {
		const o = {...frame.outcome};
		for (const k of msg.outcomeRemoved) delete o[k];
		frame.outcome = o;
		ch.outcome = true;
	}
	const m = msg.messages;
	if (m) {
		const fm = frame.messages;
		fm.sent = m.sent;
		fm.delivered = m.delivered;
		fm.dropped = m.dropped;
		if (m.byType) (fm.byType = m.byType), (ch.counters = true);
		if (m.byProcess) {
			const bp = fm.byProcess.slice();
			for (const c of m.byProcess) bp[c.pos] = {sent: c.sent, delivered: c.delivered, dropped: c.dropped};
			fm.byProcess = bp;
			ch.counters = true;
		}
	}
	return {frame, changes: ch};
}

/**
 * noChanges is nothing changed: whole (everything may have: a whole frame),
 * nodes (positions), added and removed (flight ids), and flags for the
 * flights, timers, violations, outcome and counters.
 */
export function noChanges() {
	return {whole: false, nodes: new Set(), added: new Set(), removed: new Set(), flights: false, timers: false, violations: false, outcome: false, counters: false};
}

/** everything is what a whole frame changes. */
export function everything() {
	return {...noChanges(), whole: true, flights: true, timers: true, violations: true, outcome: true, counters: true};
}

/** merge gathers b's changes into a (a is updated and returned). */
export function merge(a, b) {
	if (!a) return b;
	a.whole ||= b.whole;
	for (const p of b.nodes) a.nodes.add(p);
	for (const id of b.added) a.added.add(id);
	for (const id of b.removed) a.removed.add(id);
	for (const k of ["flights", "timers", "violations", "outcome", "counters"]) a[k] ||= b[k];
	return a;
}

/** nodeChanged says whether the node at pos may look different after changes. */
export function nodeChanged(changes, pos) {
	return !changes || changes.whole || changes.nodes.has(pos);
}
