// The space-time diagram's x: virtual time, or one column per event (their
// order), as two buttons of which one is pressed.

import {t} from "../i18n/i18n.js";
import {el} from "./dom.js";

/** orderToggle makes the buttons; setOrder(byOrder) follows a click. */
export function orderToggle(setOrder) {
	const box = el("span", {class: "st-mode", role: "group"});
	for (const [key, on] of [["st.byTime", false], ["st.byOrder", true]]) {
		const b = el("button", {type: "button", class: "tool small", "data-testid": on ? "st-order" : "st-time", "data-i18n": key, "aria-pressed": String(!on), text: t(key)});
		b.addEventListener("click", () => {
			setOrder(on);
			for (const x of box.children) x.setAttribute("aria-pressed", String(x === b));
		});
		box.append(b);
	}
	return box;
}
