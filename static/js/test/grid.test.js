// The grid view drawn from fixture frames into a real SVG on the test page:
// what the cards, the matrix and the messages show, and what a selection
// highlights.
import {test, eq, ok} from "./harness.js";
import {create, glyphOf} from "../views/grid/grid.js";
import {fixtureRun, fixtureFrame, TYPES, GLYPHS, ALGORITHM} from "./gridfixture.js";

// mount draws the fixture run in a 723×345 box (the room the view has at
// 1024×768) and returns the view, its SVG and what the handlers saw.
function mount(frame = fixtureFrame(), opts = {}) {
	const host = document.createElement("div");
	host.setAttribute("style", "position:relative;width:723px;height:345px");
	document.body.append(host);
	const seen = {select: [], node: [], msg: [], background: 0};
	const view = create(host, {
		onSelect: (p) => seen.select.push(p),
		onNodeClick: (p) => seen.node.push(p),
		onMsgClick: (f) => seen.msg.push(f.id),
		onHover() {},
		onBackground: () => seen.background++,
	});
	const root = host.querySelector("svg");
	root.setAttribute("style", "display:block;width:723px;height:345px");
	view.show(true);
	view.setRun(fixtureRun());
	view.update(frame, {manual: false, selected: null, hover: null, ...opts});
	const q = (s) => root.querySelector(s);
	const qa = (s) => [...root.querySelectorAll(s)];
	const card = (p) => q(`[data-node="${p}"]`);
	return {view, root, seen, q, qa, card, done: () => host.remove()};
}

test("grid: a card per process, the role's declared tone as class and its badge", () => {
	const m = mount();
	try {
		eq(m.qa("[data-node]").length, 13);
		ok(m.card(1).classList.contains("tone-critical"), "P2 is inside");
		eq(m.card(1).dataset.role, "held");
		ok(m.card(1).querySelector('use[href="#ic-star"]'), "the star badge on the process inside");
		ok(m.card(4).classList.contains("tone-waiting") && m.card(4).querySelector('use[href="#ic-hourglass"]'), "P5 wants: hourglass");
		ok(m.card(0).classList.contains("tone-idle") && !m.card(0).querySelector("use.icon:not(.clock)"), "P1 released: no badge");
		ok(m.card(1).querySelector('use[href="#ic-clock"]'), "P2's pending timer");
		eq(m.card(0).querySelector(".g-label").textContent, "P1");
		eq(m.card(4).querySelector('[data-testid="card-request"]').textContent, "(1,5)", "P5's own request");
	} finally {
		m.done();
	}
});

test("grid: lock state, E_i slots, queue and stored flags as the vars say", () => {
	const m = mount();
	try {
		const lockEl = (p) => m.card(p).querySelector('[data-testid="card-lock"]');
		// the line's own text (its <title> holds the sentence)
		const lock = (p) => ({textContent: lockEl(p).firstChild.nodeValue, querySelector: (s) => lockEl(p).querySelector(s)});
		ok(lock(4).textContent.includes("(1,2)"), `P5 locked for P2's (1,2), got ${lock(4).textContent}`);
		eq(lock(4).querySelector("title").textContent, "locked by P2 for (1,2)");
		eq(lock(3).textContent, "free");
		ok(m.card(3).querySelector('use[href="#gl-padlock-open"]') && m.card(4).querySelector('use[href="#gl-padlock"]'), "open and closed padlocks");
		const slots = (p) => m.card(p).querySelector('[data-testid="slots"]');
		eq([slots(1).dataset.filled, slots(1).dataset.of], ["4", "4"], "P2: all of S2 locked for it");
		eq([slots(4).dataset.filled, slots(4).dataset.of], ["3", "4"], "P5: 3 of 4");
		eq([slots(0).dataset.filled, slots(0).dataset.of], ["0", "4"]);
		eq(slots(4).querySelectorAll(".slot.filled").length, 3);
		const queue = m.card(10).querySelector('[data-testid="card-queue"]').textContent;
		ok(queue.startsWith("(2,9)"), `P11's queue oldest first, got ${queue}`);
		ok(!m.card(0).querySelector('[data-testid="card-queue"]'), "no queue line for an empty queue");
		const flags = (p) => [...m.card(p).querySelectorAll("[data-flag]")].map((e) => e.dataset.flag);
		eq(flags(4), ["INQUIRE", "FAILED"], "in the order the flags are declared");
		eq(flags(8), ["FAILED"]);
		eq(flags(0), []);
		ok(m.card(4).querySelector(`[data-flag="FAILED"] use.mt-3[href="#gl-cross"]`), "a stored FAILED has FAILED's declared glyph and colour");
	} finally {
		m.done();
	}
});

test("grid: the matrix has S_i's members, E_i filled", () => {
	const m = mount();
	try {
		eq(m.qa(".m-cell").length, 52, "13 quorums of 4");
		eq(m.qa(".m-cell.granted").length, 9, "E_2 (4) + E_5 (3) + E_9 (2)");
		ok(m.q('[data-cell="4,6"]') && m.q('[data-cell="4,6"]').classList.contains("granted"), "P7 locked for P5: row S5, column 7");
		ok(!m.q('[data-cell="4,4"]').classList.contains("granted"), "P5's own lock is P2's: not filled");
		ok(!m.q('[data-cell="0,4"]'), "5 is not in S1");
		eq(m.qa("text.m-row").map((e) => e.textContent).slice(0, 3), ["S1", "S2", "S3"]);
		eq(m.q('[data-testid="quorum-caption"]').textContent, "Click a process or a row Sᵢ");
	} finally {
		m.done();
	}
});

test("grid: selecting highlights the quorum in the cards and the matrix; two show the intersection", () => {
	const f = fixtureFrame();
	const m = mount(f, {selected: 4});
	try {
		const marked = (c) => m.qa(`[data-node].${c}`).map((e) => Number(e.dataset.node));
		eq(marked("qa"), [0, 4, 5, 6], "S5 = {1, 5, 6, 7}");
		eq(marked("sel-a"), [4]);
		ok(m.card(2).classList.contains("dim") && !m.card(0).classList.contains("dim"), "the others dimmed");
		eq(m.q(".m-band-a").getAttribute("visibility"), "visible");
		eq(m.qa(".m-col.in-a").map((e) => e.textContent), ["1", "5", "6", "7"]);
		eq(m.q('[data-testid="quorum-caption"]').textContent, "S5 = {1, 5, 6, 7}");
		m.view.update(f, {selected: 0, hover: 4});
		eq(marked("qab"), [0], "S1 ∩ S5 = {1}");
		eq(marked("qb"), [0, 4, 5, 6]);
		eq(m.q('[data-testid="quorum-caption"]').textContent, "S1 ∩ S5 = {1}");
		eq(m.qa(".m-colband").length, 1);
		eq(m.qa(".m-col.both").map((e) => e.textContent), ["1"]);
		m.view.update(f, {selected: null, hover: null});
		eq(marked("qa").length + marked("qb").length + marked("dim").length, 0, "nothing selected, nothing marked");
		eq(m.q(".m-band-a").getAttribute("visibility"), "hidden");
	} finally {
		m.done();
	}
});

test("grid: a row of the matrix pins a process, a second row compares, shift-click too", () => {
	const f = fixtureFrame();
	const m = mount(f);
	const click = (e, shift = false) => e.dispatchEvent(new MouseEvent("click", {bubbles: true, shiftKey: shift}));
	try {
		click(m.q('.m-hit[data-row="2"]'));
		eq(m.seen.select, [2], "nothing pinned: the row pins S3's process");
		m.view.update(f, {selected: 2});
		click(m.q('.m-hit[data-row="1"]'));
		eq(m.view.second, 1, "a second row compares");
		eq(m.q('[data-testid="quorum-caption"]').textContent, "S3 ∩ S2 = {8}");
		click(m.card(5).querySelector(".body"), true);
		eq(m.view.second, 5, "shift-click on a card compares too");
		eq(m.seen.node, [], "without opening the menu");
		click(m.card(5).querySelector(".body"));
		eq(m.seen.node, [5], "a plain click opens the process's menu");
		eq(m.view.second, null, "and ends the comparison");
		click(m.q('.m-hit[data-row="2"]'));
		eq(m.seen.select, [2, null], "the pinned row again unpins");
		click(m.root.querySelector(".bg"));
		eq(m.seen.background, 1);
	} finally {
		m.done();
	}
});

test("grid: messages between the cards with their type's colour and glyph", () => {
	const f = fixtureFrame();
	const m = mount(f);
	try {
		eq(m.qa("[data-msg]").map((e) => Number(e.dataset.msg)), [11, 12, 13, 14, 15, 16]);
		for (const fl of f.flights) {
			const e = m.q(`[data-msg="${fl.id}"]`);
			const i = TYPES.indexOf(fl.type);
			ok(e.classList.contains("mt-" + i), `${fl.type}: its declared colour mt-${i}`);
			ok(e.querySelector(`use[href="#gl-${GLYPHS[fl.type]}"]`), `${fl.type}: its declared glyph ${GLYPHS[fl.type]}`);
			eq(glyphOf(ALGORITHM, fl.type), GLYPHS[fl.type]);
		}
		eq(glyphOf(ALGORITHM, "UNKNOWN"), "ring", "an undeclared type: a ring");
		// REQUEST(2,9) P9 → P7 is halfway at t = 13 (sent 10, arrives 16)
		const L = m.view.layoutInfo;
		const [x, y] = m.q('[data-msg="11"]').getAttribute("transform").match(/[-\d.]+/g).map(Number);
		const mx = (L.xs[8] + L.xs[6]) / 2;
		const my = (L.ys[8] + L.ys[6]) / 2;
		ok(Math.hypot(x - mx, y - my) < 20, `halfway between P9 and P7: (${x}, ${y}) vs (${mx}, ${my})`);
		m.view.update({...f, time: 16, flights: f.flights.filter((x) => x.id !== 11)}, {selected: null});
		ok(!m.q('[data-msg="11"]'), "a delivered message goes");
		eq(m.qa("line.track").length, 5, "and its track with it");
	} finally {
		m.done();
	}
});

test("grid: a card follows its process from frame to frame", () => {
	const f = fixtureFrame();
	const m = mount(f);
	try {
		const nodes = f.nodes.map((nd) => (nd.pos === 4 ? {...nd, role: "held", vars: nd.vars.map((v) => (v.name === "granted" ? {...v, value: [0, 4, 5, 6]} : v))} : nd));
		m.view.update({...f, nodes}, {selected: null});
		ok(m.card(4).classList.contains("tone-critical") && !m.card(4).classList.contains("tone-waiting"), "P5 inside now");
		eq(m.card(4).querySelector('[data-testid="slots"]').dataset.filled, "4");
		ok(m.card(4).querySelector('use[href="#ic-star"]'), "with the star");
	} finally {
		m.done();
	}
});

// The matrix's cells are drawn again only in the rows whose process
// changed: a delta replaces the nodes a step changed, the others keep
// their objects and their rows their elements.
test("grid: a step redraws the matrix rows of the processes it changed, no others", () => {
	const f = fixtureFrame();
	const m = mount(f);
	try {
		const cells = () => m.qa(".m-cell");
		const before = cells();
		m.view.update(f, {selected: 4});
		ok(cells().every((e, k) => e === before[k]), "a selection draws no cell again");
		const grant = (nd, value) => ({...nd, vars: nd.vars.map((v) => (v.name === "granted" ? {...v, value} : v))});
		// P5 is granted its fourth member; P1's node is replaced, its grants the same
		const nodes = f.nodes.map((nd) => (nd.pos === 4 ? grant(nd, [0, 4, 5, 6]) : nd.pos === 0 ? grant(nd, []) : nd));
		m.view.update({...f, nodes}, {selected: null}, {whole: false, nodes: new Set([0, 4]), added: new Set(), removed: new Set()});
		const after = cells();
		eq(after.length, 52, "13 quorums of 4 still");
		const redrawn = after.filter((e) => !before.includes(e)).map((e) => e.dataset.cell.split(",")[0]);
		eq([...new Set(redrawn)], ["4"], "only row S5 is drawn again");
		ok(m.q('[data-cell="4,4"]').classList.contains("granted"), "with its new member filled");
		eq(m.qa(".m-cell.granted").length, 10, "E_2 (4) + E_5 (4) + E_9 (2)");
		m.view.update(fixtureFrame(), {selected: null});
		eq(m.qa(".m-cell.granted").length, 9, "a whole frame: E_5 back to 3");
	} finally {
		m.done();
	}
});
