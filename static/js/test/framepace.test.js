import {test, eq} from "./harness.js";
import {createPacer} from "../app/framepace.js";

// A page stand-in: frames applied, a drawing asked for by each, done by draw().
function page(playing = true) {
	const s = {applied: [], drawn: [], queued: false, playing};
	s.pacer = createPacer({
		apply: (m) => (s.applied.push(m), (s.queued = true), m),
		waiting: () => s.queued,
		playing: () => s.playing,
		current: () => s.applied[s.applied.length - 1] ?? null,
	});
	s.draw = () => {
		if (!s.queued) return;
		s.queued = false;
		s.drawn.push(s.applied[s.applied.length - 1]);
		s.pacer.next();
	};
	return s;
}

test("framepace: while playing, every frame has a drawing of its own, in order", () => {
	const s = page();
	s.pacer.take(1);
	s.pacer.take(2); // within the same refresh as 1
	eq(s.applied, [1]);
	s.draw();
	s.draw();
	eq(s.drawn, [1, 2]);
});

test("framepace: at most three wait; the next catches up at once", () => {
	const s = page();
	for (const m of [1, 2, 3, 4]) s.pacer.take(m);
	eq(s.applied, [1]);
	eq(s.pacer.take(5), 5); // three held: all applied with it
	eq(s.applied, [1, 2, 3, 4, 5]);
	s.draw();
	eq(s.drawn, [5]);
});

test("framepace: not playing, a frame is applied at once; flush and clear", () => {
	const s = page(false);
	s.pacer.take(1);
	s.pacer.take(2);
	eq(s.applied, [1, 2]);
	s.playing = true;
	s.pacer.take(3);
	s.pacer.flush();
	eq(s.applied, [1, 2, 3]);
	s.pacer.take(4);
	s.pacer.clear(); // a new run: the frames of the old one are not applied
	s.draw();
	s.draw();
	eq(s.applied, [1, 2, 3]);
});
