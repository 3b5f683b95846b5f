// The space-time diagram's SVG skeleton: arrowheads by message colour, the
// drop's cross, the plot's clip, and its layers in drawing order (crashes,
// the now line, arrows, messages in flight, barriers, events, stamps).

/** skeleton fills root and returns its layers by name. */
export function skeleton(root) {
	let defs = "";
	for (let i = 0; i < 8; i++) {
		defs += `<marker id="st-arrow-${i}" class="mt-${i}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="4.5" markerHeight="4.5" orient="auto" markerUnits="strokeWidth"><path class="arrowhead-mt" d="M0,0 L10,5 L0,10 z"/></marker>`;
	}
	defs += `<marker id="st-drop" viewBox="-6 -6 12 12" markerWidth="5" markerHeight="5" orient="auto" markerUnits="strokeWidth"><path class="drop-x" d="M-4,-4 L4,4 M4,-4 L-4,4"/></marker>`;
	defs += `<clipPath id="st-clip"><rect class="st-cliprect"/></clipPath>`;
	root.innerHTML =
		`<defs>${defs}</defs><rect class="bg" width="100%" height="100%"/>` +
		'<g class="st-axis"></g><g class="st-ticks"></g>' +
		'<g class="st-plot" clip-path="url(#st-clip)"><g class="st-crashes"></g><line class="st-now"/><g class="st-arrows"></g><g class="st-flights"></g><g class="st-barriers"></g><g class="st-dots"></g><g class="st-stamps"></g></g>';
	const layer = (c) => root.querySelector("." + c);
	return {
		axis: layer("st-axis"),
		ticks: layer("st-ticks"),
		arrows: layer("st-arrows"),
		flights: layer("st-flights"),
		dots: layer("st-dots"),
		now: layer("st-now"),
		clip: layer("st-cliprect"),
		stamps: layer("st-stamps"),
		barriers: layer("st-barriers"),
	};
}
