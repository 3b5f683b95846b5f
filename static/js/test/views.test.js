// Every view of views/index.js keeps the contract of views/kit/kit.js: its
// module exports create(host, handlers), which returns every member of
// CONTRACT as a function, draws a run into its own SVG in the host, writes
// a legend and an SVG file, and shows and hides. The runs drawn are the
// fixtures' (a bully ring of eight and a tree echo as the server sends
// them; the grid's Maekawa plane).
import {test, eq, ok} from "./harness.js";
import * as views from "../views/index.js";
import {CONTRACT} from "../views/kit/kit.js";
import {applyMessage} from "../app/model.js";
import {CASES} from "./deltafixture.js";
import {fixtureRun, fixtureFrame} from "./gridfixture.js";

// a run and its frames for a view: the fixture whose algorithm has it, else the grid's
function fixtureFor(name) {
	const c = CASES.find((x) => (x.run.algorithm.view || views.FALLBACK) === name);
	if (c) {
		let frame = null;
		const frames = [];
		for (const s of c.steps) {
			frame = applyMessage(frame, JSON.parse(JSON.stringify(s.msg))).frame;
			frames.push(JSON.parse(JSON.stringify(frame)));
		}
		return {run: c.run, frames};
	}
	if (name === fixtureRun().algorithm.view) return {run: fixtureRun(), frames: [fixtureFrame()]};
	return null;
}

test("views: every view keeps the contract", async () => {
	const names = views.names();
	ok(names.length >= 3, "the index lists the views");
	const modules = new Set();
	for (const name of names) {
		const mod = await views.load(name);
		ok(typeof mod.create === "function", `${name}: exports create`);
		modules.add(mod);
		const host = document.createElement("div");
		host.setAttribute("style", "position:relative;width:640px;height:420px");
		document.body.append(host);
		const seen = [];
		const handlers = {};
		for (const h of ["onNodeClick", "onMsgClick", "onLinkClick", "onHover", "onHoverMove", "onBackground", "onSelect", "act"]) handlers[h] = (...a) => seen.push([h, ...a]);
		try {
			const v = mod.create(host, handlers);
			for (const k of CONTRACT) ok(typeof v[k] === "function", `${name}: ${k} is a function`);
			const svg = host.querySelector("svg");
			ok(svg && svg.parentElement === host, `${name}: draws in an SVG of its own in the host`);
			v.show(true);
			ok(!svg.hasAttribute("hidden"), `${name}: show(true) shows it`);
			const fx = fixtureFor(name);
			if (!fx) continue; // a view no fixture has: the contract's shape only
			v.setRun(fx.run);
			for (const f of fx.frames) v.update(f, {manual: false, selected: null, hover: null}, null);
			const frame = fx.frames[fx.frames.length - 1];
			const drawn = v.drawn(frame);
			ok(drawn === null || (Array.isArray(drawn) && drawn.length === frame.nodes.length), `${name}: drawn is null or a flag per process`);
			ok(v.drawn(frame) === drawn && v.drawn({...frame}) === drawn, `${name}: drawn is the same list while the frame's outcome is (the space-time diagram reads its lanes once)`);
			const nodes = svg.querySelectorAll("[data-node]");
			eq(nodes.length, frame.nodes.length, `${name}: an element per process`);
			for (const fl of frame.flights) ok(svg.querySelector(`[data-msg="${fl.id}"]`), `${name}: message ${fl.id} drawn`);
			eq(svg.querySelectorAll("[data-msg]").length, frame.flights.length, `${name}: no message more`);
			// a selection and the manual mode are drawn; a changes list that names nothing changes nothing
			v.update(frame, {manual: true, selected: 0, hover: null}, null);
			const box = document.createElement("div");
			v.legend(box, frame, [...new Set(frame.nodes.map((n) => n.role))]);
			ok(box.querySelector(".legend-item"), `${name}: the legend has items`);
			const file = v.exportSVG("a caption");
			ok(typeof file === "string" && file.includes("<svg") && file.includes("a caption"), `${name}: exportSVG gives an SVG file`);
			ok(Array.isArray(v.menuItems(0)), `${name}: menuItems is a list`);
			eq(typeof v.note(), "string", `${name}: note is a text`);
			v.layout();
			v.show(false);
			ok(svg.hasAttribute("hidden"), `${name}: show(false) hides it`);
		} finally {
			host.remove();
		}
	}
	ok(modules.size >= 3, "ring and complete share a module; tree and grid have theirs");
});
