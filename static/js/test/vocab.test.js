import {test, eq, ok} from "./harness.js";
import {setLang} from "../i18n/i18n.js";
import {roleLook, toneClass, nodeClass, msgLook, typeClass, shortOf, roleName, outcomeName, label, varDecl, outcomeDecl, useOf, outcomeUse, varsOfUse, paramOfUse} from "../i18n/vocab.js";
import {renderLegend} from "../views/kit/legend.js";

// an algorithm's declarations as the registry carries them (algo/vocab.go)
const ALG = {
	id: "ring-thing",
	messageTypes: ["PING", "PONG", "EXTRA"],
	looks: [{type: "PING", color: 3, glyph: "diamond", short: "PI"}, {type: "PONG", color: 0, glyph: "cross"}],
	roles: [
		{name: "boss", tone: "leader", icon: "crown", rare: true},
		{name: "busy", tone: "active", halo: "solid"},
		{name: "crashed", tone: "crashed", icon: "cross", rare: true},
	],
	vars: [{name: "holds", kind: "flag", use: "tokenHeld"}, {name: "a", kind: "positions", use: "storedFlags", message: "PING"}, {name: "b", kind: "positions", use: "storedFlags", message: "PONG"}],
	outcome: [{name: "winner", kind: "position"}, {name: "table", kind: "value", hidden: true, use: "memberTable"}],
	params: [{name: "edges", type: "lists", use: "treeCables"}],
	labels: {en: {"role.boss": "the boss", "outcome.winner": "winner"}, de: {"role.boss": "der Chef"}},
};

test("vocab: a role's declared tone and cue; an undeclared one a diamond", () => {
	eq(roleLook(ALG, "boss"), {tone: "leader", icon: "crown", halo: "", rare: true, unknown: false});
	eq(toneClass(ALG, "busy"), "tone-active");
	eq(nodeClass(ALG, "busy"), "node tone-active halo-solid");
	eq(nodeClass(ALG, "boss", " x"), "node tone-leader x");
	const u = roleLook(ALG, "stranger");
	eq([u.tone, u.icon, u.unknown], ["other", "diamond", true]);
	eq(roleLook(null, "boss").unknown, true, "no algorithm: nothing is known");
});

test("vocab: a message type's declared colour, glyph and short form", () => {
	eq(typeClass(ALG, "PING"), "mt-3");
	eq(msgLook(ALG, "PONG").glyph, "cross");
	eq(shortOf(ALG, "PING"), "PI");
	eq(shortOf(ALG, "PONG"), "PONG", "no short form: the type");
	eq(typeClass(ALG, "EXTRA"), "mt-2", "a type without a look: by its place");
	eq(typeClass(ALG, "NOWHERE"), "mt-7");
});

test("vocab: labels in the page's language, else English, else the name", () => {
	eq(roleName(ALG, "boss"), "the boss");
	setLang("de");
	eq(roleName(ALG, "boss"), "der Chef");
	eq(outcomeName(ALG, "winner"), "winner", "English when German has none");
	setLang("en");
	eq(roleName(ALG, "busy"), "busy", "no word: the role itself");
	eq(label(ALG, "role.nope"), null);
	eq(outcomeName({}, "x"), "x");
});

test("vocab: declarations by name and by use", () => {
	eq(varDecl(ALG, "holds").kind, "flag");
	eq(varDecl(ALG, "nope"), {name: "nope", kind: "value"});
	eq(outcomeDecl(ALG, "table").hidden, true);
	const nd = {vars: [{name: "holds", value: true}]};
	eq(useOf(ALG, nd, "tokenHeld"), true);
	eq(useOf(ALG, nd, "uplink"), undefined);
	eq(outcomeUse(ALG, {outcome: {table: [[1]]}}, "memberTable"), [[1]]);
	eq(outcomeUse(ALG, {outcome: null}, "memberTable"), undefined);
	eq(varsOfUse(ALG, "storedFlags").map((d) => d.message), ["PING", "PONG"]);
	eq(paramOfUse(ALG, "treeCables").name, "edges");
	eq(paramOfUse(ALG, "portLimit"), null);
});

test("vocab: the legend draws the roles seen with their declared cues and the types with their colours", () => {
	const box = document.createElement("div");
	renderLegend(box, ALG, ["boss", "busy"], ALG.messageTypes, (k) => k);
	const items = [...box.querySelectorAll(".legend-item")];
	eq(items.map((e) => e.textContent), ["the boss", "busy", "PING", "PONG", "EXTRA"]);
	ok(items[0].querySelector("g.node.tone-leader use.icon.crown"), "the boss: leader's tone and a crown");
	ok(items[1].querySelector("g.node.tone-active.halo-solid circle.halo"), "busy: a solid halo");
	ok(items[2].classList.contains("mt-3"), "PING in its declared colour");
});
