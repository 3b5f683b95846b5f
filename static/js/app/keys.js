// The run's keyboard: which keys reach the run whatever control has the
// focus (only text entry keeps its keys), and the overlay that lists them
// all (?), in the page's language.

import {el, clear} from "./dom.js";
import {t} from "../i18n/i18n.js";

const TEXT_TYPES = ["text", "number", "search", "email", "url", "password", "tel"];

/**
 * ownsKeys says whether the focused element keeps this key for itself: text
 * entry keeps every key but Escape, a list box outside the run's controls
 * (the set-up form, the language) keeps its arrows, a tab its ← →, and a
 * focused button or menu entry its Enter. Everything else — the buttons,
 * the speed box, the scrubber, the manual switch — leaves the run's keys to
 * the run.
 */
export function ownsKeys(target, key, controls) {
	if (!target || !target.tagName) return false;
	const tag = target.tagName;
	if (target.isContentEditable || tag === "TEXTAREA") return key !== "Escape";
	if (tag === "INPUT" && TEXT_TYPES.includes(target.type)) return key !== "Escape";
	if (key === "Enter") return tag === "BUTTON" || tag === "A" || tag === "SELECT";
	const arrow = key.startsWith("Arrow");
	if (tag === "SELECT" && !(controls && controls.contains(target))) return arrow || key === " ";
	if (target.getAttribute("role") === "tab") return arrow;
	return false;
}

/** KEYS are the run's keys as the overlay lists them: [keys, text key]. */
export const KEYS = [
	[["→", "Page Down"], "keys.step"],
	[["←", "Page Up"], "keys.back"],
	[["␣"], "keys.play"],
	[["Home", "End"], "keys.ends"],
	[["N", "⇧ →"], "keys.nextMark"],
	[["B", "⇧ ←"], "keys.prevMark"],
	[["+", "−"], "keys.speed"],
	[["M"], "keys.manual"],
	[["U"], "keys.undo"],
	[["P"], "keys.presenter"],
	[["1", "…", "9"], "keys.scenario"],
	[["Tab", "← → ↑ ↓"], "keys.viewMove"],
	[["↵", "␣"], "keys.viewOpen"],
	[["?"], "keys.help"],
	[["Esc"], "keys.close"],
];

/** createKeyOverlay makes the (hidden) overlay that lists the keys. */
export function createKeyOverlay() {
	const box = el("div", {class: "keys-overlay", "data-testid": "keys-overlay", role: "dialog", "aria-modal": "false", hidden: true, tabindex: "-1"});
	document.body.append(box);
	box.addEventListener("click", (ev) => {
		if (ev.target === box || ev.target.closest(".keys-close")) hide();
	});

	function fill() {
		clear(box);
		const table = el("table", {class: "keys-table"});
		for (const [keys, text] of KEYS) {
			const kbds = el("td", {class: "keys-keys"});
			keys.forEach((k, i) => kbds.append(i ? " " : "", k === "…" ? k : el("kbd", {text: k})));
			table.append(el("tr", {"data-key": text}, kbds, el("td", {text: t(text)})));
		}
		const panel = el(
			"div",
			{class: "keys-panel"},
			el("div", {class: "keys-head"}, el("h2", {text: t("keys.title")}), el("button", {type: "button", class: "keys-close", "aria-label": t("menu.close"), text: "×"})),
			table,
			el("p", {class: "hint", text: t("keys.note")}),
		);
		box.append(panel);
		box.setAttribute("aria-label", t("keys.title"));
	}
	function show() {
		fill();
		box.hidden = false;
		box.focus({preventScroll: true});
	}
	function hide() {
		if (box.hidden) return;
		box.hidden = true;
		if (box.contains(document.activeElement)) document.activeElement.blur();
	}
	return {
		show,
		hide,
		toggle: () => (box.hidden ? show() : hide()),
		relabel: () => !box.hidden && fill(),
		get isOpen() {
			return !box.hidden;
		},
	};
}

/**
 * markAround finds the marked event (a decision or a violation the server
 * declared) after (dir +1) or before (−1) the cursor's step; null if none.
 * log: the EventLog; seq: the cursor's last event.
 */
export function markAround(log, seq, dir) {
	const marks = log.marks;
	if (dir > 0) {
		const m = marks.find((x) => x.seq > seq);
		return m ? m.seq : null;
	}
	const here = log.step(seq);
	for (let i = marks.length - 1; i >= 0; i--) if (log.step(marks[i].seq) < here) return marks[i].seq;
	return null;
}
