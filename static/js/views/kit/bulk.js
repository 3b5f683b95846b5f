// Many messages in flight are drawn otherwise than few (the ring's dots in
// bulk without labels, the space-time diagram's one path a colour). A run
// whose count hovers about the threshold would switch at every crossing,
// and each switch redraws every message (a flicker on a projector): the
// switch has hysteresis, to many above BULK_ON, back to few below BULK_OFF.

export const BULK_ON = 60; // more messages than this: many
export const BULK_OFF = 48; // fewer than this: few again

/**
 * bulkSwitch → {many(n), reset()}: many says whether n messages are many,
 * given what the count before was; reset forgets it (a new run).
 */
export function bulkSwitch(on = BULK_ON, off = BULK_OFF) {
	let many = false;
	return {
		many: (n) => (many = many ? n >= off : n > on),
		reset: () => {
			many = false;
		},
	};
}
