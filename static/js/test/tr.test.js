import {test, eq} from "./harness.js";
import {setLang, tr} from "../i18n/i18n.js";

// an algorithm as the registry JSON carries it: English texts, and their
// translations by language in i18n
const alg = {
	id: "bully",
	name: "Bully",
	i18n: {
		de: {"Bully": "Bully-Algorithmus", "best case": "bester Fall"},
		es: {"Bully": "Algoritmo del matón (Bully)"},
	},
};

test("tr: a registry text in the current language", () => {
	setLang("de");
	eq(tr(alg, "Bully"), "Bully-Algorithmus");
	eq(tr(alg, "best case"), "bester Fall");
	setLang("es");
	eq(tr(alg, "Bully"), "Algoritmo del matón (Bully)");
	setLang("en");
	eq(tr(alg, "Bully"), "Bully", "English is the text itself");
});

test("tr: falls back to English", () => {
	setLang("es");
	eq(tr(alg, "best case"), "best case", "a text the language lacks");
	eq(tr(alg, "no such text"), "no such text", "a text no language has");
	eq(tr({id: "x", name: "X"}, "X"), "X", "an algorithm without i18n");
	eq(tr(null, "X"), "X", "no algorithm");
	eq(tr(alg, ""), "");
	eq(tr(alg, undefined), undefined);
	setLang("xx");
	eq(tr(alg, "Bully"), "Bully", "an unknown language is English");
	setLang("en");
});
