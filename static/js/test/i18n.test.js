import {test, eq, ok} from "./harness.js";
import {STRINGS, LANGS, completeness, fill, pickLang, setLang, t} from "../i18n/i18n.js";

test("i18n: every key in all three languages, with the same placeholders", () => {
	const c = completeness();
	for (const l of LANGS) {
		eq(c[l].missing, [], `${l} lacks`);
		eq(c[l].extra, [], `${l} has keys English lacks`);
		eq(c[l].placeholders, [], `${l} has other placeholders than English in`);
	}
});

test("i18n: no empty text", () => {
	for (const l of LANGS) {
		for (const [k, v] of Object.entries(STRINGS[l])) ok(typeof v === "string" && v.trim() !== "", `${l} ${k} is empty`);
	}
});

test("i18n: the three languages", () => {
	eq(LANGS, ["en", "de", "es"]);
});

test("i18n: fill and t", () => {
	eq(fill("{a} of {b}", {a: 1, b: 2}), "1 of 2");
	eq(fill("{a} {zz}", {a: 1}), "1 {zz}");
	setLang("de");
	eq(t("ctl.play"), "Abspielen");
	eq(t("ctl.stepOf", {k: 3, n: 9}), "Schritt 3/9");
	setLang("es");
	eq(t("ctl.play"), "Reproducir");
	setLang("xx");
	eq(t("ctl.play"), "Play", "an unknown language falls back to English");
	eq(t("no.such.key"), "no.such.key");
	setLang("en");
});

test("i18n: pickLang", () => {
	eq(pickLang("de", ["es-ES"]), "de");
	eq(pickLang(null, ["fr-FR", "es-MX"]), "es");
	eq(pickLang("xx", ["fr"]), "en");
});

test("fmt: numbers as the page's language writes them", async () => {
	const {fmt} = await import("../app/dom.js");
	const was = (await import("../i18n/i18n.js")).lang();
	try {
		setLang("en");
		eq(fmt(1.5), "1.5");
		eq(fmt(12345), "12\u202f345");
		setLang("de");
		eq(fmt(1.5), "1,5");
		eq(fmt(2.25), "2,25");
		eq(fmt(12345.5), "12\u202f345,5");
		eq(fmt(999), "999");
		eq(fmt(-42), "-42");
		eq(fmt(1000), "1\u202f000");
		setLang("es");
		eq(fmt(1.5), "1,5");
		eq(fmt(7), "7");
	} finally {
		setLang(was);
	}
});

test("formulaText: one-character subscripts as subscripts", async () => {
	const {formulaText} = await import("../app/dom.js");
	eq(formulaText("n·H_n"), "n·Hₙ");
	eq(formulaText("3(|S_i|−1)"), "3(|Sᵢ|−1)");
	eq(formulaText("n(n+1)/2"), "n(n+1)/2");
	eq(formulaText("max_count"), "max_count");
});
