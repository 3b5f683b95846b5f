// A ring's process parts: each placed at its process's centre by its own
// offset (ring.js draws them).
import {set} from "../../app/dom.js";

// A process's parts are placed at its centre (nd.x, nd.y), each at its
// own offset, not in a group moved there: a moved group is a transform
// each, and with 1,000 of them every frame's layerization took about
// 3 ms more.
export function put(nd, el, dx = 0, dy = 0) {
	el.__at = [dx, dy];
	placePart(nd, el);
	return el;
}

export function placePart(nd, el) {
	const c = el.tagName === "circle";
	set(el, c ? "cx" : "x", nd.x + el.__at[0]);
	set(el, c ? "cy" : "y", nd.y + el.__at[1]);
}

// moveNode puts a process's centre at (x, y), its parts with it
export function moveNode(nd, x, y) {
	nd.x = x;
	nd.y = y;
	for (const el of nd.g.children) if (el.__at) placePart(nd, el);
}
