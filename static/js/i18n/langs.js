// The page's languages and the choice among them, apart from the texts:
// the page's head (app/boot.js) picks the language before anything loads.

export const LANGS = ["en", "de", "es"];

/** pickLang chooses the language: a stored choice, else the browser's, else English. */
export function pickLang(stored, navigatorLangs) {
	if (LANGS.includes(stored)) return stored;
	for (const l of navigatorLangs || []) {
		const base = String(l).slice(0, 2).toLowerCase();
		if (LANGS.includes(base)) return base;
	}
	return "en";
}
