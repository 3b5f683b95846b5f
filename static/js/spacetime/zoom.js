// Zooming and panning the space-time diagram: the wheel zooms around the
// pointer, a drag pans, a double click lets the window follow the cursor
// again. view() is what is drawn ({domain: [x0, x1] in the units of x,
// kx: pixels a unit, padL: the left margin, width: the drawing's width in
// its own pixels, least: the narrowest window}), null before a drawing;
// set(window) asks for a window ([x0, x1], or null: follow the cursor).

/** wireZoom returns {wasDrag}: whether the click that ends a drag should be ignored (it was a pan). */
export function wireZoom(root, {view, set}) {
	const unitAt = (ev, v) => {
		const r = root.getBoundingClientRect();
		return v.domain[0] + (((ev.clientX - r.left) / r.width) * v.width - v.padL) / v.kx;
	};
	root.addEventListener(
		"wheel",
		(ev) => {
			const v = view();
			if (!v) return;
			ev.preventDefault();
			const at = unitAt(ev, v);
			const k = ev.deltaY > 0 ? 1.25 : 0.8;
			const span = Math.max(v.least, (v.domain[1] - v.domain[0]) * k);
			const f = (at - v.domain[0]) / (v.domain[1] - v.domain[0]);
			set([at - f * span, at - f * span + span]);
		},
		{passive: false},
	);
	let drag = null;
	let dragged = false;
	root.addEventListener("pointerdown", (ev) => {
		const v = view();
		if (v && ev.button === 0) drag = {x: ev.clientX, d: v.domain.slice(), moved: false};
	});
	root.addEventListener("pointermove", (ev) => {
		const v = view();
		if (!drag || !v) return;
		const r = root.getBoundingClientRect();
		const du = (((ev.clientX - drag.x) / r.width) * v.width) / v.kx;
		if (Math.abs(ev.clientX - drag.x) < 4 && !drag.moved) return;
		drag.moved = true;
		set([drag.d[0] - du, drag.d[1] - du]);
	});
	const endDrag = () => {
		if (drag && drag.moved) dragged = true;
		drag = null;
	};
	root.addEventListener("pointerup", endDrag);
	root.addEventListener("pointerleave", endDrag);
	root.addEventListener("dblclick", () => set(null));
	return {
		wasDrag() {
			const was = dragged;
			dragged = false;
			return was;
		},
	};
}
