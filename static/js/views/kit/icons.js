// The icons and glyphs every view draws with, as <symbol>s in one sprite
// of the page: the roles' icons (ic-<name>: crown, cross, …; the second cue
// a role declares besides its colour), the message types' glyphs (gl-<name>,
// algo.Glyphs) and the card glyphs of the grid view. Views, legends and the
// panel's swatches <use> them by id; io.js expands them for an SVG file.

// Icons in a 24×24 box centred on 0, drawn on a round badge (ic-bg).
export const ICONS = {
	crown: '<path class="ic-fill" d="M-10,7 L-10,-5 L-5,0 L0,-9 L5,0 L10,-5 L10,7 Z"/>',
	cross: '<path class="ic-stroke" d="M-8,-8 L8,8 M8,-8 L-8,8"/>',
	check: '<path class="ic-stroke" d="M-8,0 L-3,6 L8,-7"/>',
	hourglass: '<path class="ic-fill" d="M-7,-9 H7 L1,0 L7,9 H-7 L-1,0 Z"/>',
	star: '<path class="ic-fill" d="M0,-10 L2.9,-3.1 L9.5,-3.1 L4.3,1.3 L6.2,8.5 L0,4.4 L-6.2,8.5 L-4.3,1.3 L-9.5,-3.1 L-2.9,-3.1 Z"/>',
	chevron: '<path class="ic-stroke" d="M-8,-7 L-1,0 L-8,7 M1,-7 L8,0 L1,7"/>',
	diamond: '<path class="ic-fill" d="M0,-9 L9,0 L0,9 L-9,0 Z"/>',
	clock: '<circle class="ic-line" r="8"/><path class="ic-line" d="M0,-5 V0 H4"/>',
	up: '<path class="ic-stroke" d="M0,8 V-7 M-6,-1 L0,-7 L6,-1"/>',
	bolt: '<path class="ic-fill" d="M2,-10 L-7,2 L-1,2 L-3,10 L7,-3 L1,-3 Z"/>',
	echo: '<path class="ic-stroke" d="M6,-6 H-1 A5.5,5.5 0 0 0 -1,5 H6 M2,1 L6,5 L2,9"/>',
};

// Glyphs in the icons' convention (viewBox −12…12, class ic-fill), without a
// badge: the message types' (algo.Glyphs) and the card's own (padlocks, a
// waiting list).
export const GLYPHS = {
	circle: '<circle class="ic-fill" r="8.5"/>',
	square: '<path class="ic-fill" d="M-7.5,-7.5 H7.5 V7.5 H-7.5 Z"/>',
	diamond: '<path class="ic-fill" d="M0,-10 L10,0 L0,10 L-10,0 Z"/>',
	up: '<path class="ic-fill" d="M0,-9.5 L10,8 L-10,8 Z"/>',
	down: '<path class="ic-fill" d="M0,9.5 L10,-8 L-10,-8 Z"/>',
	cross: '<path class="ic-fill" d="M-9,-5.5 L-5.5,-9 L0,-3.5 L5.5,-9 L9,-5.5 L3.5,0 L9,5.5 L5.5,9 L0,3.5 L-5.5,9 L-9,5.5 L-3.5,0 Z"/>',
	star: '<path class="ic-fill" d="M0,-10 L2.9,-3.1 L9.5,-3.1 L4.3,1.3 L6.2,8.5 L0,4.4 L-6.2,8.5 L-4.3,1.3 L-9.5,-3.1 L-2.9,-3.1 Z"/>',
	ring: '<path class="ic-fill" fill-rule="evenodd" d="M-9,0 A9,9 0 1 0 9,0 A9,9 0 1 0 -9,0 Z M-4.5,0 A4.5,4.5 0 1 1 4.5,0 A4.5,4.5 0 1 1 -4.5,0 Z"/>',
	padlock: '<path class="ic-fill" d="M-7,-1 H7 V9 H-7 Z M-4.5,-1 V-4.5 A4.5,4.5 0 0 1 4.5,-4.5 V-1 H2.2 V-4.5 A2.2,2.2 0 0 0 -2.2,-4.5 V-1 Z"/>',
	"padlock-open": '<path class="ic-fill" d="M-7,-1 H7 V9 H-7 Z M2.2,-1 V-6 A4.5,4.5 0 0 1 11.2,-6 V-3 H8.9 V-6 A2.2,2.2 0 0 0 4.5,-6 V-1 Z"/>',
	waitlist: '<path class="ic-fill" d="M-8,-7 H8 V-3.5 H-8 Z M-8,-1.75 H8 V1.75 H-8 Z M-8,3.5 H8 V7 H-8 Z"/>',
};

/** symbols is the sprite's content: every icon and glyph as a <symbol>. */
export function symbols() {
	let s = "";
	for (const [name, body] of Object.entries(ICONS)) {
		s += `<symbol id="ic-${name}" viewBox="-12 -12 24 24" overflow="visible"><circle class="ic-bg" r="11.5"/>${body}</symbol>`;
	}
	for (const [name, body] of Object.entries(GLYPHS)) s += `<symbol id="gl-${name}" viewBox="-12 -12 24 24" overflow="visible">${body}</symbol>`;
	return s;
}

/**
 * ensureSprite puts the sprite into the page once: an SVG of no size (not
 * display: none, whose symbols some browsers do not draw), first in <body>.
 */
export function ensureSprite() {
	if (document.getElementById("dv-sprite")) return;
	const sprite = document.createElementNS("http://www.w3.org/2000/svg", "svg");
	sprite.id = "dv-sprite";
	sprite.setAttribute("aria-hidden", "true");
	sprite.setAttribute("width", "0");
	sprite.setAttribute("height", "0");
	sprite.setAttribute("style", "position: absolute; overflow: hidden");
	sprite.innerHTML = symbols();
	document.body.prepend(sprite);
}

/** use draws an icon or glyph by its id (ic-…, gl-…) centred on (x, y), size wide. */
export function use(id, x, y, size, className, parent) {
	const e = document.createElementNS("http://www.w3.org/2000/svg", "use");
	e.setAttribute("href", "#" + id);
	if (className) e.setAttribute("class", className);
	e.setAttribute("x", x - size / 2);
	e.setAttribute("y", y - size / 2);
	e.setAttribute("width", size);
	e.setAttribute("height", size);
	if (parent) parent.appendChild(e);
	return e;
}
