// What the browser remembers between visits (theme, language, speed), apart
// from the page's parts: the page's head (boot.js) reads the language.

/** store remembers small settings in localStorage. */
export const store = {
	get(k) {
		try {
			return localStorage.getItem("distviz." + k);
		} catch {
			return null;
		}
	},
	set(k, v) {
		try {
			localStorage.setItem("distviz." + k, v);
		} catch {
			/* private mode: not remembered */
		}
	},
};
