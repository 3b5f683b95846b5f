// The space-time diagram (spacetime/spacetime.js) drawn into a real SVG on
// the test page: which processes have a lane, read again only when the
// view's list of processes drawn or the filter changed.
import {test, eq, ok} from "./harness.js";
import {createSpacetime} from "../spacetime/spacetime.js";
import {noChanges} from "../app/model.js";
import {EventLog} from "../app/events.js";

// mount makes a diagram of n processes whose view says shown() is drawn;
// reads counts how often the processes were gone through
function mount(n, shown) {
	const host = document.createElement("div");
	host.setAttribute("style", "position:relative;width:400px;height:300px");
	document.body.append(host);
	const root = document.createElementNS("http://www.w3.org/2000/svg", "svg");
	root.setAttribute("style", "display:block;width:400px;height:300px");
	host.append(root);
	const nodes = Array.from({length: n}, (_, p) => ({id: p + 1, label: `P${p + 1}`}));
	const m = {reads: 0, done: () => host.remove()};
	nodes.keys = function () {
		m.reads++;
		return Array.prototype.keys.call(this);
	};
	m.st = createSpacetime(root, {lanes: () => shown()});
	m.st.setRun({nodes, algorithm: {messageTypes: []}}, new EventLog());
	const frame = {seq: 0, time: 0, step: 0, flights: [], timers: [], nodes: nodes.map((nd, pos) => ({pos, role: "idle", vars: []})), outcome: {}, violations: []};
	m.draw = (changes = noChanges()) => m.st.update(frame, changes);
	m.labels = () => [...root.querySelectorAll(".st-label")].map((e) => e.textContent);
	return m;
}

test("spacetime: a frame that changes no lane reads no process", () => {
	let shown = null;
	const m = mount(1000, () => shown);
	try {
		m.draw(null);
		eq(m.labels().length > 0, true, "the lanes are labelled");
		const first = m.reads;
		for (let i = 0; i < 5; i++) m.draw();
		eq(m.reads, first, "five frames of a view that draws every process: no process read");
		shown = Array.from({length: 1000}, (_, p) => p !== 0);
		m.draw();
		ok(m.reads > first, "a new list of processes drawn is read");
		ok(!m.labels().includes("P1"), "P1 is not drawn: no lane");
		let looked = 0;
		shown = new Proxy(shown, {get: (a, k) => (typeof k === "string" && /^\d+$/.test(k) && looked++, a[k])});
		m.draw();
		ok(looked > 0, "a new array is looked at");
		const after = m.reads;
		looked = 0;
		for (let i = 0; i < 5; i++) m.draw();
		eq([looked, m.reads], [0, after], "the same array five frames: not looked at again");
		shown = null;
		m.draw();
		ok(m.labels().includes("P1"), "every process again: P1 has its lane");
	} finally {
		m.done();
	}
});
