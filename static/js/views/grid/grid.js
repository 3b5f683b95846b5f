// The quorum grid view: the processes as cards in a grid, each showing what
// the variables its algorithm declares for a card say (lock, request queue,
// E_i as filled slots out of |S_i|, stored flags with their message type's
// look), the quorum table beside them as a matrix, and the messages in
// flight between the cards with their declared colour and glyph. Selecting
// a process highlights its quorum in both; a second one (shift-click, or a
// click on a row S_i while one is pinned) shows the intersection. Nothing
// here knows the algorithm's rules or names.

import {
	gridLayout, cardOf, tsText, fitLine, lockLines, lockVariants, cardRows,
	highlight, quorumsOf, isGridQuorums, textWidth, deadlockCycle, cycleArrows,
} from "./gridlayout.js";
import {createKit, view} from "../kit/kit.js";
import {viewScale} from "../kit/scale.js";
import {createGridFlights, glyphOf} from "./gridmsgs.js";
import {renderGridLegend} from "./gridlegend.js";
import {drawSlots, drawLock, drawQueue, drawFlags, txt} from "./gridcard.js";
import {fillMatrix, matrixCaption} from "./gridmatrix.js";
import {twoLines} from "./gridtext.js";
import {use} from "../kit/icons.js";
import {roleLook} from "../../i18n/vocab.js";
import {svg, set, text, clear, MSG_TARGET, NODE_TARGET} from "../../app/dom.js";
import {t, lang} from "../../i18n/i18n.js";

// (the glyphs of the message types and the legend, for the test page)
export {glyphOf, renderGridLegend};

const WAIT_ARROW =
	'<marker id="g-wait-arrow" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="3.2" markerHeight="3.2" orient="auto" markerUnits="strokeWidth"><path class="g-wait-head" d="M0,0 L10,5 L0,10 z"/></marker>';

/**
 * create is the quorum grid view (views/kit/kit.js says the contract). A
 * click on a card opens its process's menu; a shift-click, or a click on a
 * row S_i of the matrix, pins a second process to compare (handlers.onSelect
 * pins the first when none is).
 */
export function create(host, handlers) {
	const kit = createKit(host, {
		id: "grid",
		testid: "grid",
		defs: WAIT_ARROW,
		layers: ["g-tracks", "g-cards", "g-matrix", "g-cycle", "g-msgs"],
		targets: [MSG_TARGET, NODE_TARGET, ["[data-row]", (d) => ({kind: "row", pos: Number(d.row)})]],
		handlers,
		click: (tg, ev) => {
			if (tg && (tg.kind === "row" || (tg.kind === "node" && ev.shiftKey))) {
				compare(tg.pos);
				return true;
			}
			if (!tg || tg.kind === "node") second = null;
			return false;
		},
		onLayout: () => layout(),
	});
	const {root} = kit;
	const g = {
		tracks: kit.layers["g-tracks"],
		cards: kit.layers["g-cards"],
		matrix: kit.layers["g-matrix"],
		cycle: kit.layers["g-cycle"],
		msgs: kit.layers["g-msgs"],
	};
	g.cycle.dataset.testid = "deadlock-cycle";
	root.dataset.view = "grid";

	let run = null; // {n, nodes, alg, grid: the quorums are a grid's rows and columns}
	let L = null;
	let cards = []; // per position: {g, body, hlA, hlB, content, key, role}
	let mx = null; // the matrix's elements
	let opts = {manual: false, selected: null, hover: null};
	let second = null; // the second process pinned (shift-click or a row of the matrix)

	const label = (p) => (run && run.nodes[p] ? run.nodes[p].label : `#${p}`);

	function setRun(r) {
		kit.run = r;
		run = {
			n: r.nodes.length,
			nodes: r.nodes,
			alg: r.algorithm,
			grid: null, // known with the first frame's quorums
		};
		kit.frame = null;
		second = null;
		layout();
	}

	// layout sizes everything for the SVG's room and builds the static
	// skeleton: on a new run and on resize, never per frame.
	function layout() {
		if (!run) return;
		const {w, h} = kit.size(240, 200, 700, 480);
		// (in presenter mode no text of a card below 18 px on screen)
		const far = document.documentElement.classList.contains("presenter");
		// (and the strip for the view's title as high as its type, 18 px, needs)
		L = gridLayout(run.n, w, h, far ? {grid: !!run.grid, minFont: 18 / viewScale(), top: 34 / viewScale(), pad: 8} : {grid: !!run.grid});
		root.classList.toggle("dot", L.dot);
		clear(g.tracks);
		clear(g.cards);
		clear(g.matrix);
		flights.clear();
		clear(g.msgs);
		clear(g.cycle);
		cycleKey = "";
		cards = [];
		const rx = Math.min(10, L.cw * 0.1);
		for (let p = 0; p < run.n; p++) {
			const cg = svg("g", {"data-node": p, class: "node gcard", transform: `translate(${L.xs[p].toFixed(1)},${L.ys[p].toFixed(1)})`}, g.cards);
			const ring = (d, c) => svg("rect", {class: c, x: -L.cw / 2 - d, y: -L.ch / 2 - d, width: L.cw + 2 * d, height: L.ch + 2 * d, rx: rx + d}, cg);
			const hlB = ring(L.dot ? 3 : 10, "hl hl-b");
			const hlA = ring(L.dot ? 1.5 : 5, "hl hl-a");
			const body = svg("rect", {class: "body", x: -L.cw / 2, y: -L.ch / 2, width: L.cw, height: L.ch, rx}, cg);
			const content = svg("g", {class: "content"}, cg);
			cards.push({g: cg, body, hlA, hlB, content, key: "", role: ""});
		}
		buildMatrix();
		if (kit.frame) update(kit.frame, opts);
	}

	function buildMatrix() {
		const m = L.matrix;
		const n = run.n;
		const M = {rows: [], cols: [], bandA: null, bandB: null, caption: null};
		// (a matrix left out for room, presenter mode: only its captions are drawn)
		const gm = svg("g", m.hidden ? {class: "m-body", display: "none"} : {class: "m-body"}, g.matrix);
		const W = n * m.cell;
		svg("rect", {class: "m-frame", x: m.x, y: m.y, width: W, height: W}, gm);
		const bands = svg("g", {class: "m-bands"}, gm);
		M.bandA = svg("rect", {class: "m-band m-band-a", x: m.x - m.labelW, y: 0, width: W + m.labelW, height: m.cell, visibility: "hidden"}, bands);
		M.bandB = svg("rect", {class: "m-band m-band-b", x: m.x - m.labelW, y: 0, width: W + m.labelW, height: m.cell, visibility: "hidden"}, bands);
		M.colLayer = svg("g", {class: "m-cols"}, bands);
		if (m.cell >= 6) {
			let d = "";
			for (let i = 1; i < n; i++) d += `M${m.x},${m.y + i * m.cell}h${W}M${m.x + i * m.cell},${m.y}v${W}`;
			svg("path", {class: "m-grid", d}, gm);
		}
		M.cellLayer = svg("g", {class: "m-cells"}, gm);
		for (let p = 0; p < n; p++) {
			const show = p % m.labelEvery === 0 || p === n - 1;
			const id = run.nodes[p] ? run.nodes[p].id : p;
			M.rows.push(
				txt(show ? `S${id}` : "", {class: "m-row", "data-row": p, x: m.x - 5, y: m.y + (p + 0.5) * m.cell, "font-size": m.font}, gm),
			);
			M.cols.push(txt(show ? String(id) : "", {class: "m-col", "data-col": p, x: m.x + (p + 0.5) * m.cell, y: m.y - 5, "font-size": m.colFont.toFixed(1)}, gm));
			// a wide, invisible target per row: a click pins the process (or compares)
			svg("rect", {class: "m-hit", "data-row": p, x: m.x - m.labelW, y: m.y + p * m.cell, width: m.labelW + W, height: m.cell}, gm);
		}
		// the caption and hint are centred under the matrix and its row labels
		const cx = m.x - m.labelW / 2 + W / 2;
		// (without the matrix: the caption on one line, no hint)
		M.caption = txt("", {class: "m-caption", "data-testid": "quorum-caption", x: cx, y: m.y + W + m.capH * (m.hidden ? 0.5 : 0.34), "font-size": m.font + 1}, g.matrix);
		M.hint = txt("", {class: "m-hint", x: cx, y: m.y + W + m.capH * 0.74, "font-size": m.font - 1}, m.hidden ? gm : g.matrix);
		mx = M;
	}

	function update(frame, o, changes) {
		if (!run || !L) return;
		const all = !changes || changes.whole || kit.frame === null;
		kit.frame = frame;
		opts = o || opts;
		if (opts.selected === null || opts.selected === undefined) second = null;
		const quorums = quorumsOf(run.alg, frame);
		// quorums that are a grid's rows and columns are drawn as that grid
		// (they stay the same during a run: decided on the first frame)
		if (run.grid === null) {
			run.grid = isGridQuorums(quorums);
			if (run.grid) return layout();
		}
		const timers = new Set(frame.timers.map((tm) => tm.node));
		for (const fn of frame.nodes) {
			const c = cards[fn.pos];
			if (c) drawCard(c, fn, timers.has(fn.pos));
		}
		drawSelection(frame, quorums);
		drawCycle(frame);
		flights.update(frame, all ? null : changes, opts);
	}

	// drawCycle marks the outcome's cycle of waits, when it reports a
	// deadlock: the processes in it framed, an arrow from each to the one it
	// waits for, and a caption saying so in the strip above the cards.
	let cycleKey = "";
	function drawCycle(frame) {
		const cyc = deadlockCycle(run.alg, frame, run.n);
		const key = cyc.join(",") + "|" + lang();
		const inCycle = new Set(cyc);
		for (let p = 0; p < cards.length; p++) cards[p].g.classList.toggle("in-cycle", inCycle.has(p));
		if (key === cycleKey) return;
		cycleKey = key;
		clear(g.cycle);
		if (!cyc.length) return;
		for (const a of cycleArrows(L, cyc)) {
			svg("path", {class: "g-wait-halo", d: a.d}, g.cycle);
			svg("path", {class: "g-wait", d: a.d, "data-wait": `${a.from}>${a.to}`, "marker-end": "url(#g-wait-arrow)"}, g.cycle);
		}
		const names = [...cyc, cyc[0]].map(label).join(" → ");
		// the caption: under the quorum matrix, in place of its hint
		const m = L.matrix;
		const fs = m.font + 1;
		// (beside the cards it may use the room from their right edge to the view's)
		let x0 = m.x - m.labelW;
		let x1 = m.x + run.n * m.cell + 8;
		if (L.side === "side") {
			x0 = Math.max(...L.xs) + L.cw / 2 + 6;
			x1 = L.w - 4;
		} else if (m.hidden) [x0, x1] = [4, L.w - 4];
		const room = x1 - x0 - fs * 2;
		const words = t("grid.cycle", {cycle: names});
		// on two lines (after the colon) when one would need small type
		const fitting = (ls) => Math.max(9, Math.min(fs, (fs * room) / Math.max(1, ...ls.map((l) => textWidth(l, fs)))));
		const colon = words.indexOf(": ");
		let lines = [words];
		if (fitting(lines) < fs * 0.85 && colon > 0) lines = [words.slice(0, colon + 1), words.slice(colon + 2)];
		const size = fitting(lines);
		const cx = (x0 + x1) / 2 + fs;
		const y = m.y + run.n * m.cell + m.capH * 0.74 - ((lines.length - 1) * size * 1.2) / 2;
		const w = Math.min(room, Math.max(...lines.map((l) => textWidth(l, size))));
		svg("path", {class: "g-wait", d: `M${(cx - w / 2 - fs * 1.9).toFixed(1)},${y.toFixed(1)} h${(fs * 1.3).toFixed(1)}`, "marker-end": "url(#g-wait-arrow)"}, g.cycle);
		const cap = txt(lines[0], {class: "g-cycle-caption", "data-testid": "deadlock-caption", x: cx, y, "font-size": size.toFixed(1)}, g.cycle);
		for (const line of lines.slice(1)) svg("tspan", {x: cx, dy: (size * 1.2).toFixed(1)}, cap).textContent = line;
	}

	// drawCard rebuilds a card's inside when what it shows changed.
	function drawCard(c, fn, timer) {
		const v = cardOf(run.alg, fn);
		const role = fn.role;
		const key = JSON.stringify([role, timer, v]);
		if (key === c.key) return;
		c.key = key;
		const info = roleLook(run.alg, role);
		c.role = role;
		set(c.g, "data-role", role);
		c.g.classList.remove(...[...c.g.classList].filter((k) => k.startsWith("tone-")));
		c.g.classList.add("tone-" + info.tone);
		clear(c.content);
		const f = L.font;
		const left = -L.cw / 2 + Math.max(5, f * 0.45);
		const inner = L.cw - 2 * Math.max(5, f * 0.45);
		const top = -L.ch / 2;
		const mode = L.mode;
		if (mode !== "dot") {
			const big = mode === "full" ? f * 1.3 : mode === "medium" ? Math.min(f * 1.2, L.ch * 0.3) : Math.min(L.ch * 0.42, L.cw * 0.3);
			const ly = mode === "small" ? -L.ch * 0.08 : top + f * 1.0;
			const lx = mode === "small" ? 0 : left;
			txt(label(fn.pos), {class: "g-label" + (mode === "small" ? " mid" : ""), x: lx, y: ly, "font-size": big.toFixed(1)}, c.content);
			// this process's own request, beside its name
			const rts = tsText(v.request);
			if (rts && mode !== "small") {
				const x = left + textWidth(label(fn.pos), big) + f * 0.35;
				const room = L.cw / 2 - x - f * 1.2;
				const fit = fitLine([rts], room, Math.max(f * 0.9, L.minFont), 1);
				if (fit.text === rts) txt(rts, {class: "g-req", "data-testid": "card-request", x, y: ly, "font-size": fit.font.toFixed(1)}, c.content);
			}
			const k = {L, alg: run.alg, nodes: run.nodes, label};
			drawSlots(k, c, v, mode, f, left, inner, top);
			if (mode === "full" || mode === "medium") {
				// the lines under the slots, as many as the card's height holds
				const lockRoom = inner - f * 1.15 * 1.25;
				const wrap = !!v.lock && lockLines(v.lock, label, lockRoom, f, 1, L.minFont).lines[0] !== lockVariants(v.lock, label)[0];
				const flags = v.flags.some((fl) => fl.from.length > 0);
				const rows = cardRows(L.ch, f, {queue: v.queue.length > 0, flags, wrap});
				drawLock(k, c, v, f, left, inner, top + rows.lock, rows.lockRows);
				if (rows.queue !== null) drawQueue(k, c, v, f, left, inner, top + rows.queue);
				if (rows.flags !== null) drawFlags(k, c, v, f, left, inner, top + rows.flags);
			}
		}
		const bs = Math.max(14, Math.min(26, f * 1.35, L.ch * 0.4));
		if (info.icon && mode !== "dot") use("ic-" + info.icon, L.cw / 2 - bs * 0.15, top + bs * 0.15, bs, "icon " + info.icon, c.content);
		if (timer && mode !== "dot") use("ic-clock", L.cw / 2 - bs * 0.6, -top - bs * 0.6, bs * 0.8, "icon clock", c.content);
	}

	// drawSelection highlights the quorum of the process in focus (and of a
	// second one: the intersection) on the cards and in the matrix, and
	// fills the matrix from every process's S_i and E_i.
	function drawSelection(frame, quorums) {
		const sel = opts.selected ?? null;
		const hov = opts.hover ?? null;
		const a = sel ?? hov;
		const b = second ?? (sel !== null && hov !== null && hov !== sel ? hov : null);
		const H = highlight(quorums, a, b);
		const any = a !== null;
		for (let p = 0; p < cards.length; p++) {
			const c = cards[p];
			c.g.classList.toggle("qa", H.a.has(p));
			c.g.classList.toggle("qb", H.b.has(p));
			c.g.classList.toggle("qab", H.both.has(p));
			c.g.classList.toggle("dim", any && !H.a.has(p) && !H.b.has(p));
			c.g.classList.toggle("sel-a", p === a);
			c.g.classList.toggle("sel-b", p === b && b !== null);
		}
		// the matrix: cells from S_i, filled where E_i holds the member (gridmatrix.js)
		const m = L.matrix;
		fillMatrix(mx, m, run, {quorums, nodes: frame.nodes, H, a, b});
		const room = m.hidden ? L.w - 8 : m.labelW + run.n * m.cell + 8;
		const fit = (e, s, base) => {
			text(e, s);
			set(e, "font-size", Math.max(8, Math.min(base, room / Math.max(1e-9, textWidth(s, 1)))).toFixed(1));
		};
		// a deadlock's caption takes the hint's place (drawCycle)
		const deadlock = deadlockCycle(run.alg, frame, run.n).length > 0;
		const caption = a === null && deadlock ? "" : matrixCaption(run, a, b, H);
		// (the lecturer's hint, which presenter mode leaves out)
		mx.caption.classList.toggle("hinting", a === null);
		const hint = a === null || deadlock ? "" : b === null ? t("grid.pick2") : "";
		fit(mx.hint, hint, L.matrix.font - 1);
		// a long caption takes the hint's line when that is free (German,
		// Spanish: "Pulse un proceso o una fila Sᵢ"), instead of shrinking
		const lines = hint || m.hidden ? [caption] : twoLines(caption, room, L.matrix.font + 1);
		if (lines.length < 2) return fit(mx.caption, caption, L.matrix.font + 1);
		clear(mx.caption);
		mx.caption.__dt = undefined; // (text() writes it whole again)
		set(mx.caption, "font-size", Math.max(8, Math.min(L.matrix.font + 1, room / Math.max(1e-9, ...lines.map((s) => textWidth(s, 1))))).toFixed(1));
		const x = mx.caption.getAttribute("x");
		lines.forEach((s, i) => (svg("tspan", {x, dy: i ? "1.25em" : 0}, mx.caption).textContent = s));
	}

	// the messages between the cards (gridmsgs.js)
	const flights = createGridFlights(g, {alg: () => run.alg, layout: () => L});

	// compare pins p as the second process (the first when none is pinned);
	// again on the first or second unpins it.
	function compare(p) {
		const sel = opts.selected ?? null;
		if (sel === null) {
			second = null;
			return handlers.onSelect(p);
		}
		if (p === sel) {
			second = null;
			return handlers.onSelect(null);
		}
		second = p === second ? null : p;
		if (kit.frame) update(kit.frame, opts);
	}

	return view(kit, {
		setRun,
		update,
		layout,
		legend(box, frame, roles) {
			if (run) renderGridLegend(box, run.alg, roles, run.alg.messageTypes || [], t);
		},
		/** second is the process pinned for comparison, or null. */
		get second() {
			return second;
		},
		nodeCenter(p) {
			if (!L) return null;
			const r = root.getBoundingClientRect();
			return {x: r.left + (L.xs[p] * r.width) / L.w, y: r.top + (L.ys[p] * r.height) / L.h, r: Math.min(L.cw, L.ch) / 2};
		},
		get layoutInfo() {
			return L;
		},
	});
}
