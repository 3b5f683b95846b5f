// Popovers: the intervention menu (on a process, a message or a link) and
// the hover tooltip. Both are fixed-position boxes kept inside the window.
// The menu takes the focus itself, not an item: Enter on a freshly opened
// menu does nothing (no crash by a stray key); ↓ ↑ move among the items, and
// any other key closes it and goes on to the page (space plays). A menu
// opened from a drawing's item by the keyboard (views/kit/focus.js) gives
// the focus back to that item when it closes.

import {el, clear} from "./dom.js";
import {t} from "../i18n/i18n.js";

export function createMenu(box, {onOpen} = {}) {
	let openedAt = 0;
	let opener = null; // the drawing's item in focus when the menu opened

	function place(x, y) {
		box.style.left = "0px";
		box.style.top = "0px";
		const r = box.getBoundingClientRect();
		const left = Math.max(6, Math.min(x + 12, window.innerWidth - r.width - 6));
		const top = Math.max(6, Math.min(y + 12, window.innerHeight - r.height - 6));
		box.style.left = left + "px";
		box.style.top = top + "px";
	}

	/**
	 * open shows a menu at (x, y): a title, an optional note, then items
	 * [{label, action, testid, type, danger, disabled, hint}] or other
	 * nodes; type is the action's type (data-action, for tests), by default
	 * the testid without its "act-".
	 */
	function open(x, y, {title, subtitle, note, items, body, kind}) {
		clear(box);
		box.dataset.kind = kind || "";
		box.setAttribute("aria-label", title);
		const from = document.activeElement;
		if (!opener || !box.contains(from)) opener = from && from.closest && from.closest("[data-roving]") ? from : null;
		box.append(
			el("div", {class: "menu-head"}, el("strong", {class: "menu-title", text: title}), subtitle ? el("span", {class: "menu-sub", text: subtitle}) : null),
		);
		if (note) box.append(el("p", {class: "menu-note", text: note}));
		if (body) box.append(body);
		for (const it of items || []) {
			const b = el("button", {
				type: "button",
				class: "menu-item" + (it.danger ? " danger" : ""),
				"data-testid": it.testid,
				"data-action": it.type || (it.testid ? it.testid.replace(/^act-/, "") : null),
				disabled: it.disabled,
				title: it.hint,
			});
			b.textContent = it.label;
			b.addEventListener("click", () => {
				close();
				it.action();
			});
			box.append(b);
		}
		box.append(el("button", {type: "button", class: "menu-close", "data-testid": "menu-close", "aria-label": t("menu.close"), text: "×", onclick: close}));
		box.hidden = false;
		place(x, y);
		openedAt = performance.now();
		if (onOpen) onOpen();
		box.tabIndex = -1;
		box.focus({preventScroll: true});
	}

	// move focuses the next (dir +1) or previous item, round the list.
	function move(dir) {
		const items = [...box.querySelectorAll("button:not([disabled])")];
		if (!items.length) return;
		const i = items.indexOf(document.activeElement);
		const next = i < 0 ? (dir > 0 ? 0 : items.length - 1) : (i + dir + items.length) % items.length;
		items[next].focus({preventScroll: true});
	}

	function close() {
		if (box.hidden) return;
		const back = opener;
		opener = null;
		const focused = box.contains(document.activeElement);
		box.hidden = true;
		clear(box);
		if (back && back.isConnected && focused) back.focus({preventScroll: true});
	}

	document.addEventListener("pointerdown", (ev) => {
		if (!box.hidden && !box.contains(ev.target) && performance.now() - openedAt > 50) close();
	});
	// Capturing: the menu sees keys before the page's shortcuts do.
	document.addEventListener(
		"keydown",
		(ev) => {
			if (box.hidden) return;
			const onItem = box.contains(document.activeElement) && document.activeElement !== box;
			if (ev.key === "Escape") {
				close();
				ev.stopPropagation();
			} else if (ev.key === "ArrowDown" || ev.key === "ArrowUp") {
				move(ev.key === "ArrowDown" ? +1 : -1);
				ev.preventDefault();
				ev.stopPropagation();
			} else if (ev.key === "Tab" || ((ev.key === "Enter" || ev.key === " ") && onItem)) {
				// the focused item's own keys
			} else if (!["Shift", "Control", "Alt", "Meta"].includes(ev.key)) {
				// the menu shows the run as it was: any other key leaves it (to
				// the drawing's item that opened it, or to the page)
				if (box.contains(document.activeElement) && !opener) document.activeElement.blur();
				close();
			}
		},
		true,
	);

	return {
		open,
		close,
		get isOpen() {
			return !box.hidden;
		},
	};
}

export function createTooltip(box) {
	function show(x, y, nodes) {
		clear(box);
		for (const n of nodes) box.append(n);
		box.hidden = false;
		move(x, y);
	}
	function move(x, y) {
		if (box.hidden) return;
		const r = box.getBoundingClientRect();
		let left = x + 16;
		let top = y + 16;
		if (left + r.width > window.innerWidth - 6) left = x - r.width - 16;
		if (top + r.height > window.innerHeight - 6) top = y - r.height - 16;
		box.style.left = Math.max(6, left) + "px";
		box.style.top = Math.max(6, top) + "px";
	}
	function hide() {
		if (box.hidden) return;
		box.hidden = true;
		clear(box);
	}
	return {show, move, hide};
}
