// The names screen readers give a view's processes and messages
// (focus.js), from what the server declares: a process's label, id, role,
// whether it crashed and how many messages are on their way to it; a
// message's label, ends and whether it may be delivered next. A name holds
// the words the item shows, so that what a sighted user reads is what a
// speech-input user may say (WCAG 2.5.3): words drawn that the name lacks
// are added at its end.

import {t} from "../../i18n/i18n.js";
import {roleName} from "../../i18n/vocab.js";

/** namer names the items of a run's frame: {node(p, el), msg(flight, el)}. */
export function namer(run, frame) {
	const alg = run.algorithm;
	const incoming = new Map();
	for (const fl of frame.flights) incoming.set(fl.to, (incoming.get(fl.to) || 0) + 1);
	const labelOf = (p) => (frame.nodes[p] && frame.nodes[p].label) || (run.nodes[p] && run.nodes[p].label) || String(p);
	return {
		node(p, el) {
			const nd = frame.nodes[p] || {};
			const parts = [labelOf(p)];
			if (nd.id !== undefined && String(nd.id) !== labelOf(p)) parts.push(`${t("panel.id")} ${nd.id}`);
			if (nd.role) parts.push(roleName(alg, nd.role));
			if (nd.crashed) parts.push(t("a11y.crashed"));
			const k = incoming.get(p) || 0;
			if (k) parts.push(t(k === 1 ? "a11y.incoming1" : "a11y.incoming", {k}));
			return withShown(parts.join(", "), el);
		},
		msg(fl, el) {
			const parts = [fl.label, t("a11y.msg", {from: labelOf(fl.from), to: labelOf(fl.to)})];
			if (fl.deliverable) parts.push(t("msg.deliverable"));
			return withShown(parts.join(", "), el);
		},
	};
}

// withShown adds to a name the words its element shows that it lacks
function withShown(name, el) {
	const shown = visibleText(el);
	return !shown || holds(words(name), words(shown)) ? name : `${name}, ${shown}`;
}

// words are a text's words as a speech-input user says them: lower case,
// without parentheses' contents and punctuation
function words(s) {
	return s
		.toLowerCase()
		.replace(/\([^)]*\)/g, " ")
		.split(/[^\p{L}\p{N}]+/u)
		.filter(Boolean);
}

// holds says whether `part` occurs in `all` as a run of consecutive words
function holds(all, part) {
	for (let i = 0; i + part.length <= all.length; i++) if (part.every((w, k) => all[i + k] === w)) return true;
	return part.length === 0;
}

/**
 * visibleText is the text an SVG element shows as a checker reads it: the
 * text of its shown <text>s run together (not their tooltips' <title>s).
 */
export function visibleText(el) {
	let out = "";
	const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
	const seen = new Map(); // a text's element → shown
	for (let n = walk.nextNode(); n; n = walk.nextNode()) {
		const host = n.parentElement;
		if (!host || host.closest("title")) continue;
		let on = seen.get(host);
		if (on === undefined) seen.set(host, (on = host.getClientRects().length > 0 && getComputedStyle(host).visibility !== "hidden"));
		if (on) out += n.nodeValue;
	}
	return out.replace(/\s+/g, " ").trim();
}
