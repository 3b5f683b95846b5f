// Room for a view's title: the title (an HTML heading over the drawing's
// top left corner) covers what a drawing puts under it, so a text the view
// keeps in the top right (a clock) steps below the title when a long one
// (German, the set-up open) reaches that far.

/**
 * belowTitle is the y in the drawing's units (its viewBox) under the title
 * of the view root is in, when the title reaches right of x (drawing units;
 * plus gap), else 0: the title leaves that corner free.
 */
export function belowTitle(root, x, gap = 4) {
	const view = root.closest(".view");
	const title = view && view.querySelector(".view-title");
	if (!title) return 0;
	const r = root.getBoundingClientRect();
	const tr = title.getBoundingClientRect();
	const vb = root.viewBox && root.viewBox.baseVal;
	if (!r.width || !tr.width || !vb || !vb.width) return 0;
	const k = vb.width / r.width; // drawing units per px
	return (tr.right - r.left) * k + gap > x ? (tr.bottom - r.top) * k + gap : 0;
}
