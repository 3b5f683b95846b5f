// The grid view's legend (grid.js): the roles seen so far, the message
// types with their colours and glyphs, what a card shows, and how to
// compare two quorums.

import {glyphOf} from "./gridmsgs.js";
import {renderLegend, legendGroup} from "../kit/legend.js";
import {typeClass as typeClassOf, varsOfUse} from "../../i18n/vocab.js";

/**
 * renderGridLegend is the legend of the grid view: the roles seen so far,
 * the message types with their colours and glyphs, what a card shows, and
 * how to compare two quorums (alg: the registry entry).
 */
export function renderGridLegend(box, alg, roles, types, tt) {
	renderLegend(box, alg, roles, [], tt);
	const group = (title, items, testid) => legendGroup(box, title, items, testid);
	const item = (glyph, className, label, extra = "") => {
		const span = document.createElement("span");
		span.className = "legend-item " + extra;
		span.innerHTML = `<svg class="legend-swatch" viewBox="-10 -10 20 20" width="18" height="18" aria-hidden="true"><use href="#gl-${glyph}" class="glyph ${className}" x="-9" y="-9" width="18" height="18"/></svg>`;
		span.append(label);
		return span;
	};
	if (types.length) {
		group(
			tt("legend.messages"),
			types.map((ty) => item(glyphOf(alg, ty), typeClassOf(alg, ty), ty, "msg " + typeClassOf(alg, ty))),
			"grid-legend-messages",
		);
	}
	const slot = document.createElement("span");
	slot.className = "legend-item";
	slot.innerHTML = `<svg class="legend-swatch" viewBox="0 0 30 14" width="30" height="14" aria-hidden="true"><rect class="slot filled" x="1" y="1" width="12" height="12" rx="2"/><rect class="slot" x="16" y="1" width="12" height="12" rx="2"/></svg>`;
	slot.append(tt("grid.legend.slots"));
	slot.title = tt("grid.legend.slotsTitle");
	// a card's stored messages carry their message type's glyph
	const flags = document.createElement("span");
	flags.className = "legend-item";
	const flagged = varsOfUse(alg, "storedFlags").map((d) => d.message || d.name);
	flags.innerHTML =
		`<svg class="legend-swatch" viewBox="0 -10 ${20 * Math.max(1, flagged.length)} 20" width="${18 * Math.max(1, flagged.length)}" height="18" aria-hidden="true">` +
		flagged.map((ty, i) => `<use href="#gl-${glyphOf(alg, ty)}" class="glyph ${typeClassOf(alg, ty)}" x="${20 * i}" y="-9" width="18" height="18"/>`).join("") +
		`</svg>`;
	flags.append(tt("grid.legend.flags"));
	flags.title = tt("grid.legend.flagsTitle");
	const queue = item("waitlist", "queueglyph", tt("grid.legend.queue"));
	// a deadlock's cycle of waits (drawn when the outcome reports one)
	const waits = document.createElement("span");
	waits.className = "legend-item";
	waits.innerHTML = `<svg class="legend-swatch" viewBox="0 -7 30 14" width="30" height="14" aria-hidden="true"><path class="g-wait" d="M2,0 H22" marker-end="url(#g-wait-arrow)"/></svg>`;
	waits.append(tt("grid.legend.waits"));
	waits.title = tt("grid.legend.waitsTitle");
	queue.title = tt("grid.legend.queueTitle");
	group(
		"",
		[item("padlock", "lockglyph locked", tt("grid.legend.lock")), slot, queue, flags, waits],
		"grid-legend-card",
	);
	const hint = document.createElement("span");
	hint.className = "legend-hint";
	hint.dataset.testid = "grid-hint";
	hint.textContent = tt("grid.hint");
	group("", [hint]);
}
