// Many messages in flight are drawn otherwise than few (the ring's dots in
// bulk without labels, the space-time diagram's one path a colour). A run
// whose count hovers about the threshold would switch at every crossing,
// and each switch redraws every message (a flicker on a projector): while
// the run plays, the switch has hysteresis, to many above BULK_ON, back to
// few below BULK_OFF. A step reached otherwise (stepped to, sought, exported)
// looks the same however it was reached: many above BULK_ON.

export const BULK_ON = 60; // more messages than this: many
export const BULK_OFF = 48; // fewer than this: few again

/**
 * bulkSwitch → {many(n, playing), reset()}: many says whether n messages
 * are many: while playing given what the count before was, else by BULK_ON
 * alone; reset forgets it (a new run).
 */
export function bulkSwitch(on = BULK_ON, off = BULK_OFF) {
	let many = false;
	return {
		many: (n, playing = false) => (many = playing && many ? n >= off : n > on),
		reset: () => {
			many = false;
		},
	};
}
