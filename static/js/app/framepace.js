// Frames while a run plays: one drawing each. The server sends a playing
// run's frames up to sixty times a second; two that came within one refresh of
// the display were drawn as one, and the animation skipped a step. A frame
// that comes while the one before still waits for its drawing now waits
// for the next animation frame instead, at most `most` behind (a page that
// cannot keep up catches up at once rather than falling further behind).

/**
 * createPacer returns {take, next, flush, clear}. apply(msg) applies a
 * frame or delta to the state and asks for a drawing, returning the frame;
 * waiting() says whether a drawing is asked for and not yet done;
 * playing() whether the run plays; current() is the frame applied last.
 */
export function createPacer({apply, waiting, playing, current, most = 3}) {
	const held = [];
	/** take applies msg, or holds it for the next drawing; returns the frame applied last. */
	function take(msg) {
		if (playing() && (held.length > 0 || waiting()) && held.length < most) {
			held.push(msg);
			return current();
		}
		flush();
		return apply(msg);
	}
	/** next applies the frame held longest (call it after each drawing). */
	function next() {
		if (held.length > 0) apply(held.shift());
	}
	/** flush applies every frame held (before a message that must follow them). */
	function flush() {
		while (held.length > 0) apply(held.shift());
	}
	/** clear forgets the frames held (a new run replaces theirs). */
	function clear() {
		held.length = 0;
	}
	return {take, next, flush, clear};
}
