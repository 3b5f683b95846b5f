// The views, by the name an algorithm's registry entry gives in `view`.
// Each is a module of its own folder that exports create(host, handlers)
// (views/kit/kit.js says the contract), loaded when a run first needs it:
// adding a view is its folder and one line here.

const VIEWS = {
	ring: () => import("./ring/ring.js"),
	complete: () => import("./ring/ring.js"),
	tree: () => import("./tree/tree.js"),
	grid: () => import("./grid/grid.js"),
	group: () => import("./group/group.js"),
	clocks: () => import("./clocks/clocks.js"),
	graph: () => import("./graph/graph.js"),
};

/** FALLBACK is the view of an algorithm that names none (or one unknown here). */
export const FALLBACK = "complete";

/** names lists the views. */
export function names() {
	return Object.keys(VIEWS);
}

/** load gives the module of a view by name. */
export function load(name) {
	return (VIEWS[name] || VIEWS[FALLBACK])();
}
