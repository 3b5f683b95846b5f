import {test, eq, ok} from "./harness.js";
import {formatValue, baseTexts, checkText, parseRange, normalize, queryOf, parseLocation, buildSearch, seedOK, paramOfError, linkOpen} from "../app/params.js";

const bully = {
	id: "bully",
	params: [
		{name: "n", type: "int", default: 8, min: 2, max: 1000},
		{name: "crashed", type: "ints", default: null, min: 0, max: 1000000},
		{name: "detectors", type: "ints", default: null, min: 0, max: 1000000},
		{name: "delay", type: "range", default: {min: 10, max: 10}, min: 0, max: 1000000},
		{name: "fifo", type: "bool", default: true},
		{name: "loss", type: "float", default: 0, min: 0, max: 1},
		{name: "variant", type: "enum", default: "lcr", options: ["lcr", "participant"]},
		{name: "recover", type: "ints", default: []},
	],
};
const lecture = {id: "lecture", params: {n: 8, crashed: [7], detectors: [4]}, seed: 0};
const spec = (name) => bully.params.find((p) => p.name === name);

test("formatValue: as query text", () => {
	eq(formatValue(spec("n"), 8), "8");
	eq(formatValue(spec("crashed"), [7, 3]), "7,3");
	eq(formatValue(spec("crashed"), null), "");
	eq(formatValue(spec("delay"), {min: 1, max: 5}), "1-5");
	eq(formatValue(spec("delay"), {min: 10, max: 10}), "10");
	eq(formatValue(spec("fifo"), false), "false");
	eq(formatValue(spec("loss"), 0.25), "0.25");
});

test("baseTexts: the scenario over the defaults", () => {
	const b = baseTexts(bully, lecture);
	eq(b.n, "8");
	eq(b.crashed, "7");
	eq(b.detectors, "4");
	eq(b.delay, "10");
	eq(b.recover, "");
	eq(baseTexts(bully, null).crashed, "");
});

test("checkText: bounds and types", () => {
	eq(checkText(spec("n"), "8"), null);
	eq(checkText(spec("n"), ""), null, "empty means the default");
	eq(checkText(spec("n"), "1").key, "form.err.min");
	eq(checkText(spec("n"), "1001").key, "form.err.max");
	eq(checkText(spec("n"), "eight").key, "form.err.whole");
	eq(checkText(spec("n"), "2.5").key, "form.err.whole");
	eq(checkText(spec("loss"), "0.5"), null);
	eq(checkText(spec("loss"), "1.5").key, "form.err.max");
	eq(checkText(spec("loss"), "x").key, "form.err.number");
	eq(checkText(spec("crashed"), "7, 3"), null);
	eq(checkText(spec("crashed"), "7;3").key, "form.err.list");
	eq(checkText(spec("crashed"), "-1").key, "form.err.min");
	eq(checkText(spec("delay"), "1-5"), null);
	eq(checkText(spec("delay"), "5-1").key, "form.err.range");
	eq(checkText(spec("delay"), "3"), null);
	eq(checkText(spec("variant"), "participant"), null);
	ok(checkText(spec("variant"), "other"));
});

test("parseRange and normalize", () => {
	eq(parseRange("1-5"), {min: 1, max: 5});
	eq(parseRange(" 4 "), {min: 4, max: 4});
	eq(parseRange("a-b"), null);
	eq(normalize(spec("crashed"), " 7, 03 "), "7,3");
	eq(normalize(spec("delay"), "2-2"), "2");
	eq(normalize(spec("loss"), "0.50"), "0.5");
});

test("queryOf: only what differs from the base", () => {
	eq(queryOf(bully, null, {n: "8", crashed: "", delay: "10", fifo: "true"}), {});
	eq(queryOf(bully, null, {n: "12", crashed: "7", delay: "1-5", fifo: "false"}), {n: "12", crashed: "7", delay: "1-5", fifo: "false"});
	eq(queryOf(bully, lecture, {n: "8", crashed: "7", detectors: "4, 2"}), {detectors: "4,2"});
	eq(queryOf(bully, lecture, {crashed: ""}), {crashed: ""}, "clearing a scenario's list is a change");
});

test("parseLocation: a deep link", () => {
	const l = parseLocation("?algorithm=bully&n=8&crashed=7&detectors=4&seed=3&delay=1-5&step=12");
	eq(l.algorithm, "bully");
	eq(l.seed, 3);
	eq(l.step, 12);
	eq(l.scenario, "");
	eq(l.query, {n: "8", crashed: "7", detectors: "4", delay: "1-5"});
	eq(parseLocation("?algorithm=bully&crashed=7%2C6").query.crashed, "7,6");
	eq(parseLocation("").algorithm, "");
	eq(parseLocation("?seed=x").seed, null);
	const de = parseLocation("?algorithm=bully&scenario=lecture&lang=de");
	eq(de.lang, "de", "lang= chooses the page's language");
	eq(de.query, {}, "lang is no parameter");
	eq(parseLocation("").lang, "");
	const pr = parseLocation("?algorithm=bully&present=1");
	eq([pr.present, pr.query], [true, {}], "present=1 is presenter mode, no parameter");
	eq(parseLocation("?algorithm=bully").present, false);
});

test("buildSearch: readable, in registry order", () => {
	eq(buildSearch(bully, {detectors: "4", algorithm: "bully", seed: "3", crashed: "7,6", n: "8"}, 5),
		"?algorithm=bully&n=8&crashed=7,6&detectors=4&seed=3&step=5");
	eq(buildSearch(bully, {algorithm: "bully", scenario: "lecture"}), "?algorithm=bully&scenario=lecture");
	eq(buildSearch(null, {}), "");
	eq(buildSearch(bully, {algorithm: "bully", scenario: "lecture"}, 3, true), "?algorithm=bully&scenario=lecture&step=3&present=1");
	const back = parseLocation(buildSearch(bully, {algorithm: "bully", delay: "1-5", crashed: "1,2"}, 0));
	eq(back.query, {delay: "1-5", crashed: "1,2"}, "round trip");
});

test("seedOK and paramOfError", () => {
	ok(seedOK("0") && seedOK("9007199254740991") && seedOK(""));
	ok(!seedOK("9007199254740992") && !seedOK("-1") && !seedOK("1.5"));
	eq(paramOfError("parameter n: 1 is below the minimum 2"), "n");
	eq(paramOfError("unknown algorithm"), null);
});


test("lists: format, check and normalize (0,1;1,2)", () => {
	const edges = {name: "edges", type: "lists", default: [], min: 0, max: 99};
	eq(formatValue(edges, [[0, 1], [1, 2]]), "0,1;1,2");
	eq(formatValue(edges, []), "");
	const events = {name: "events", type: "lists", fields: ["node", "at", "kind", "to"], words: {kind: ["local", "send"]}, optional: ["to"]};
	eq(formatValue(events, [{node: 0, at: 1, kind: "local"}, {node: 0, at: 2, kind: "send", to: 1}]), "0,1,0,-1;0,2,1,1", "words as indexes, left-out fields as -1");
	eq(checkText(edges, "0,1; 1,2"), null);
	eq(checkText(edges, "0,1;"), null, "an empty list is allowed");
	eq(checkText(edges, "0,1;x").key, "form.err.lists");
	eq(checkText(edges, "0,100").key, "form.err.max");
	eq(normalize(edges, " 0, 1 ; 1,2 "), "0,1;1,2");
	const requests = {name: "requests", type: "lists", fields: ["node", "at"], default: []};
	eq(formatValue(requests, [{node: 0, at: 12}, {at: 8, node: 1}]), "0,12;1,8", "records as objects");
});

test("deep links: the user's actions round-trip, between seed and step", () => {
	const q = {algorithm: "bully", scenario: "lecture", seed: "0", acts: "19.crash.5,23.act.4.notice"};
	const search = buildSearch(bully, q, 25);
	eq(search, "?algorithm=bully&scenario=lecture&seed=0&acts=19.crash.5,23.act.4.notice&step=25");
	const back = parseLocation(search);
	eq(back.acts, "19.crash.5,23.act.4.notice");
	eq(back.step, 25);
	eq(back.query, {});
});

test("parseLocation and buildSearch: a run in a slide (embed, spacetime)", () => {
	const l = parseLocation("?algorithm=bully&embed=1&spacetime=0&step=3");
	ok(l.embed && !l.spacetime, "embed=1, spacetime=0");
	eq(l.query, {});
	eq(buildSearch(null, {algorithm: "bully"}, 3, false, l), "?algorithm=bully&step=3&embed=1&spacetime=0");
	ok(parseLocation("?embed=1").spacetime, "the diagram unless spacetime=0");
	eq(buildSearch(null, {algorithm: "bully"}, null, false, {embed: false, spacetime: false}), "?algorithm=bully");
});

test("linkOpen: a deep link's open, at its step", () => {
	eq(linkOpen(parseLocation("?algorithm=bully&scenario=lecture&n=8&seed=3&acts=d1&step=12&lang=de")), {
		type: "open",
		algorithm: "bully",
		query: {n: "8", acts: "d1"},
		seed: 3,
		scenario: "lecture",
		step: 12,
	});
	eq(linkOpen(parseLocation("?algorithm=bully")), {type: "open", algorithm: "bully", query: {}});
});
