// A device of the tree view, beyond its body and ID: its role's colour and
// second cue (a halo or a badge), and the "1st" mark of the two processes
// that learnt the maximum first. nd is the view's record of the device:
// {g, body, id, label, halo, badge, badgeIcon, first, role, r}.

import {svg, set, text, cls} from "../../app/dom.js";
import {t} from "../../i18n/i18n.js";
import {roleLook, nodeClass} from "../../i18n/vocab.js";

// drawFirst marks the two processes that learnt the maximum first (the
// outcome's firstToKnow): a gold ring round the body and a "1st" badge
// where nothing else is, besides the yellow band on their cable
export function drawFirst(nd, pos, r, angle, firstToKnow) {
	const on = !!firstToKnow && firstToKnow.includes(pos);
	nd.g.classList.toggle("first", on);
	if (!on) {
		if (nd.first) nd.first.g.remove();
		nd.first = null;
		return;
	}
	if (!nd.first) {
		const fg = svg("g", {class: "t-first", "data-first": pos});
		nd.g.insertBefore(fg, nd.body);
		nd.first = {g: fg, ring: svg("circle", {class: "t-first-ring"}, fg), tag: svg("g", {class: "t-first-tag"}, nd.g), text: ""};
		nd.first.bg = svg("rect", {class: "t-first-bg"}, nd.first.tag);
		nd.first.tx = svg("text", {class: "t-first-text"}, nd.first.tag);
	}
	set(nd.first.ring, "r", r + Math.max(5, r * 0.24));
	const word = t("tree.first");
	const fs = Math.max(13, Math.min(17, r * 0.55));
	const w = word.length * fs * 0.68 + fs * 0.8;
	const h = fs * 1.4;
	text(nd.first.tx, word);
	set(nd.first.tx, "font-size", fs);
	set(nd.first.bg, "x", -w / 2);
	set(nd.first.bg, "y", -h / 2);
	set(nd.first.bg, "width", w);
	set(nd.first.bg, "height", h);
	set(nd.first.bg, "rx", h / 2);
	const d = r + Math.max(5, r * 0.24) + Math.max(w, h) / 2;
	set(nd.first.tag, "transform", `translate(${(Math.cos(angle) * d).toFixed(1)},${(Math.sin(angle) * d).toFixed(1)})`);
}

// setRole gives a device its role's colour and second cue (a halo or a badge)
export function setRole(nd, role, r, alg) {
	const info = roleLook(alg, role);
	nd.role = role;
	cls(nd.g, nodeClass(alg, role));
	nd.g.dataset.role = role;
	if (info.halo) {
		if (!nd.halo) nd.halo = svg("circle", {class: "halo"});
		nd.g.insertBefore(nd.halo, nd.body);
		set(nd.halo, "r", r + Math.max(4, r * 0.22));
	} else if (nd.halo) {
		nd.halo.remove();
		nd.halo = null;
	}
	if (nd.badge) nd.badge.remove();
	nd.badge = null;
	nd.badgeIcon = info.icon;
	if (info.icon) {
		const s = Math.max(18, Math.min(28, r * 0.85));
		if (info.icon === "cross") {
			const c = r * 1.7;
			nd.badge = svg("use", {href: "#ic-cross", class: "icon cross", x: -c / 2, y: -c / 2, width: c, height: c});
			nd.g.insertBefore(nd.badge, nd.id);
		} else {
			nd.badge = svg("use", {href: "#ic-" + info.icon, class: "icon " + info.icon, width: s, height: s}, nd.g);
		}
	}
}
