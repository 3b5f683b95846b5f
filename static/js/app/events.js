// The client's copy of the run's events and narration lines, as the server
// pushes them in `events` messages: an array by seq, truncated when a run
// forks. Pure data, no DOM.

/**
 * startsStep says whether event e begins a step, given the event before it
 * (docs/api.md: a step begins with start, deliver, timer, action, end, or
 * the drop of a message that reaches a crashed process or a cut link; its
 * effects follow). A user action that delivers a message or fires a timer
 * carries that delivery or timer in its own step.
 */
export function startsStep(prev, e) {
	if (prev && prev.kind === "action" && prev.action && (prev.action.type === "deliver" || prev.action.type === "fire")) {
		return false;
	}
	switch (e.kind) {
		case "start":
		case "deliver":
		case "timer":
		case "action":
		case "end":
			return true;
		case "drop":
			return e.reason === "crashed" || e.reason === "link down";
		case "note": // a scheduled action that could not be performed
			return e.node == null && typeof e.text === "string" && e.text.startsWith("scheduled action skipped");
	}
	return false;
}

export class EventLog {
	constructor() {
		this.clear();
	}

	clear() {
		this.events = []; // events[seq-1]
		this.stepOf = []; // stepOf[seq-1]: the step the event belongs to (derived with startsStep, for the scrubber's marks)
		this.lines = []; // narration lines, by seq
		this.marks = []; // {seq, kind: "note"|"violation"}, by seq
		this.sendSeq = new Map(); // message id → seq of its send
		this.stamps = []; // stamps[seq-1]: the event's Lamport and vector stamps {l, v} from the server, or null
	}

	/** length is the number of events held (the last seq). */
	get length() {
		return this.events.length;
	}

	/** at gives the event with this seq, or undefined. */
	at(seq) {
		return this.events[seq - 1];
	}

	/**
	 * add takes an `events` message. If `from` is not one past what is held,
	 * the events from `from` on are dropped first (the run was forked).
	 * The steps are the server's (`starts`: the first events of steps), or
	 * derived (startsStep) from a message without them.
	 * Returns the seq from which the log changed.
	 */
	add(msg) {
		const from = msg.from;
		if (from <= this.events.length) this.truncate(from);
		const events = msg.events || [];
		const starts = Array.isArray(msg.starts) ? new Set(msg.starts) : null;
		let step = this.stepOf.length ? this.stepOf[this.stepOf.length - 1] : 0;
		for (const [i, e] of events.entries()) {
			if (e.seq !== this.events.length + 1) {
				// a gap: should not happen; keep the numbering honest
				continue;
			}
			if (starts ? starts.has(e.seq) : startsStep(this.events[this.events.length - 1], e)) step++;
			this.events.push(e);
			this.stepOf.push(step);
			this.stamps.push((msg.stamps && msg.stamps[i]) || null);
			if (e.kind === "send" && e.msg) this.sendSeq.set(e.msg.id, e.seq);
			if (e.kind === "note" || e.kind === "violation") this.marks.push({seq: e.seq, kind: e.kind});
		}
		for (const l of msg.lines || []) {
			if (l.seq >= from) this.lines.push(l);
		}
		return from;
	}

	/** truncate drops the events and lines with seq ≥ from. */
	truncate(from) {
		for (let s = this.events.length; s >= from; s--) {
			const e = this.events[s - 1];
			if (e && e.kind === "send" && e.msg) this.sendSeq.delete(e.msg.id);
		}
		this.events.length = Math.max(0, from - 1);
		this.stepOf.length = this.events.length;
		this.stamps.length = this.events.length;
		this.lines.length = lowerBound(this.lines, from, (l) => l.seq);
		this.marks.length = lowerBound(this.marks, from, (m) => m.seq);
	}

	/** stamp gives an event's stamps {l, v} (v: a vector, left out for many processes), or null. */
	stamp(seq) {
		return this.stamps[seq - 1] ?? null;
	}

	/** linesUpTo is how many narration lines have seq ≤ seq. */
	linesUpTo(seq) {
		return lowerBound(this.lines, seq + 1, (l) => l.seq);
	}

	/** firstAtTime is the seq of the first event at or after time t (length+1 if none). */
	firstAtTime(t) {
		return lowerBound(this.events, t, (e) => e.time) + 1;
	}

	/** step is the derived step of an event (see startsStep). */
	step(seq) {
		return this.stepOf[seq - 1] ?? 0;
	}
}

/** lowerBound is the first index whose key is ≥ x in an array sorted by key. */
export function lowerBound(arr, x, key) {
	let lo = 0;
	let hi = arr.length;
	while (lo < hi) {
		const mid = (lo + hi) >> 1;
		if (key(arr[mid]) < x) lo = mid + 1;
		else hi = mid;
	}
	return lo;
}
