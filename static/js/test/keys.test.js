import {test, eq} from "./harness.js";
import {ownsKeys, markAround, KEYS} from "../app/keys.js";
import {EventLog} from "../app/events.js";
import {has} from "../i18n/i18n.js";

// stand-ins for elements: only what ownsKeys reads
const elem = (tagName, extra = {}) => ({tagName, type: extra.type, isContentEditable: false, getAttribute: (a) => extra[a] ?? null});
const controls = {contains: (x) => x.inControls === true};

test("keys: text entry keeps its keys, the run's controls do not", () => {
	eq(ownsKeys(elem("INPUT", {type: "text"}), "ArrowRight", controls), true);
	eq(ownsKeys(elem("INPUT", {type: "number"}), " ", controls), true);
	eq(ownsKeys(elem("INPUT", {type: "text"}), "Escape", controls), false);
	eq(ownsKeys(elem("TEXTAREA"), "n", controls), true);
	eq(ownsKeys(elem("INPUT", {type: "range"}), "ArrowRight", controls), false);
	eq(ownsKeys(elem("INPUT", {type: "checkbox"}), " ", controls), false);
	eq(ownsKeys(elem("BUTTON"), " ", controls), false);
	eq(ownsKeys(elem("BUTTON"), "Enter", controls), true);
	const speed = {...elem("SELECT"), inControls: true};
	eq(ownsKeys(speed, "ArrowLeft", controls), false);
	eq(ownsKeys(elem("SELECT"), "ArrowLeft", controls), true); // the set-up form's
	eq(ownsKeys(elem("BUTTON", {role: "tab"}), "ArrowLeft", controls), true);
	eq(ownsKeys(elem("BUTTON", {role: "tab"}), " ", controls), false);
	eq(ownsKeys(null, " ", controls), false);
});

test("keys: the marked events around the cursor, by step", () => {
	const log = new EventLog();
	log.add({
		from: 1,
		events: [
			{seq: 1, time: 0, kind: "start", node: 0},
			{seq: 2, time: 0, kind: "note", node: 0, text: "a"},
			{seq: 3, time: 1, kind: "deliver", from: 0, to: 1, msg: {id: 1}},
			{seq: 4, time: 2, kind: "deliver", from: 1, to: 0, msg: {id: 2}},
			{seq: 5, time: 2, kind: "violation", invariant: "x", text: "b"},
		],
	});
	eq(markAround(log, 1, +1), 2);
	eq(markAround(log, 2, +1), 5);
	eq(markAround(log, 5, +1), null);
	eq(markAround(log, 5, -1), 2);
	eq(markAround(log, 3, -1), 2);
	eq(markAround(log, 2, -1), null); // its own step is not before it
});

test("keys: every key of the list has its text", () => {
	for (const [, text] of KEYS) eq(has(text), true, text);
});
