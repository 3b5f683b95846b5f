// The legend every view starts from: the roles seen so far, drawn as the
// views draw them (colour, halo, icon), and the message types with their
// colours; views add their own cues after it (legendGroup, legendItem).

import {roleLook, nodeClass, typeClass, roleName} from "../../i18n/vocab.js";
import {clear} from "../../app/dom.js";

/** legendGroup appends a titled group of items to the legend box. */
export function legendGroup(box, title, items, testid) {
	const sec = document.createElement("div");
	sec.className = "legend-group";
	if (testid) sec.dataset.testid = testid;
	if (title) {
		const h = document.createElement("span");
		h.className = "legend-title";
		h.textContent = title;
		sec.append(h);
	}
	for (const it of items) sec.append(it);
	box.append(sec);
	return sec;
}

/** legendItem is one entry: a small SVG (its inner markup) and a label. */
export function legendItem(svgBody, label, {viewBox = "-10 -10 20 20", width = 20, height = 20, className = ""} = {}) {
	const span = document.createElement("span");
	span.className = "legend-item" + (className ? " " + className : "");
	span.innerHTML = `<svg class="legend-swatch" viewBox="${viewBox}" width="${width}" height="${height}" aria-hidden="true">${svgBody}</svg>`;
	span.append(label);
	return span;
}

/**
 * renderLegend draws the roles seen so far and the algorithm's message
 * types as HTML with the same cues (alg: the registry entry).
 */
export function renderLegend(box, alg, roles, types, t) {
	clear(box);
	if (!roles.length && !types.length) return;
	const add = (title, items) => legendGroup(box, title, items);
	const roleItems = roles.map((role) => {
		const span = document.createElement("span");
		span.className = "legend-item";
		span.innerHTML = roleSwatch(alg, role);
		span.append(roleName(alg, role));
		return span;
	});
	if (roleItems.length) add(t("legend.roles"), roleItems);
	const typeItems = types.map((ty) => {
		const span = document.createElement("span");
		span.className = "legend-item msg " + typeClass(alg, ty);
		span.dataset.type = ty;
		span.innerHTML = `<svg class="legend-swatch" viewBox="-10 -8 20 16" width="20" height="16" aria-hidden="true"><rect class="tok" x="-9" y="-6" width="18" height="12" rx="6"/></svg>`;
		span.append(ty);
		return span;
	});
	if (typeItems.length) add(t("legend.messages"), typeItems);
}

/** roleSwatch is a small SVG of a process in a role: its colour, halo and badge (the legend, the panel). */
export function roleSwatch(alg, role) {
	const info = roleLook(alg, role);
	const icon = info.icon ? `<use href="#ic-${info.icon}" class="icon ${info.icon}" x="4" y="-12" width="14" height="14"/>` : "";
	const halo = info.halo ? `<circle class="halo" r="9.5"/>` : "";
	return (
		`<svg class="legend-swatch" viewBox="-12 -12 30 24" width="30" height="24" aria-hidden="true">` +
		`<g class="${nodeClass(alg, role)}">${halo}<circle class="body" r="7"/>${icon}</g></svg>`
	);
}
