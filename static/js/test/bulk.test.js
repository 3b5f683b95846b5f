// The switch between few and many messages in flight (views/kit/bulk.js).
import {test, eq} from "./harness.js";
import {bulkSwitch, BULK_ON, BULK_OFF} from "../views/kit/bulk.js";

test("bulk: while playing, many above BULK_ON, few again only below BULK_OFF", () => {
	eq([BULK_ON, BULK_OFF], [60, 48], "the thresholds");
	const s = bulkSwitch();
	const seq = [0, 60, 61, 60, 48, 49, 61, 47, 48, 60, 1000, 0];
	eq(seq.map((n) => s.many(n, true)), [false, false, true, true, true, true, true, false, false, false, true, false]);
	s.many(100, true);
	s.reset();
	eq(s.many(50, true), false, "reset forgets that they were many");
	const small = bulkSwitch(3, 2);
	eq([4, 2, 1, 3, 4].map((n) => small.many(n, true)), [true, true, false, false, true], "thresholds of its own");
});

test("bulk: a step not reached by playing is many by BULK_ON alone, however it was reached", () => {
	const s = bulkSwitch();
	eq([61, 55, 61, 55, 60].map((n) => s.many(n)), [true, false, true, false, false], "stepping back and forth");
	s.many(100, true);
	eq(s.many(55), false, "paused after many: as a step reached otherwise");
	eq(s.many(55, true), false, "and playing on from there");
	eq(bulkSwitch().many(55), s.many(55), "an export's fresh switch agrees");
});
