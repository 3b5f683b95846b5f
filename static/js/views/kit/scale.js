// How much the views are magnified (presenter mode, the type-size control).

/**
 * viewScale is how much the views are magnified: the page's type-size
 * control and presenter mode set --view-scale on the root element (inline,
 * so that reading it costs no style work). A view draws in a box that much
 * smaller, which its SVG then fills: all its type and shapes grow alike.
 */
export function viewScale() {
	const v = parseFloat(document.documentElement.style.getPropertyValue("--view-scale"));
	return v > 0 ? v : 1;
}
