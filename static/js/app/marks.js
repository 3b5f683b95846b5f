// The scrubber's marks, thinned to what the track can show. Pure.

/**
 * markBuckets thins timeline marks to at most one per `px` pixels of a
 * track `width` px wide over steps 0..steps−1; a violation wins its bucket.
 * marks: [{step, kind: "note"|"violation", seq}]. Returns [{x, kind, seq}].
 */
export function markBuckets(marks, steps, width, px = 4) {
	const out = new Map();
	const span = Math.max(1, steps - 1);
	for (const m of marks) {
		if (m.step < 0 || m.step > span) continue;
		const x = (m.step / span) * width;
		const b = Math.round(x / px);
		const prev = out.get(b);
		if (!prev || (prev.kind !== "violation" && m.kind === "violation")) out.set(b, {x, kind: m.kind, seq: m.seq});
	}
	return [...out.values()].sort((a, b) => a.x - b.x);
}
