// Interventions and hover: the click menus of a process (crash, recover,
// the algorithm's own actions, timers, its queue), of a message (deliver
// next, drop) and of a ring's link (its queue), and the tooltips that show
// a process's variables or a message while the pointer rests on it. Acting
// in the past forks the run: the server does it; the menu says so.

import {el} from "./dom.js";
import {t, tr} from "../i18n/i18n.js";
import {formatValue} from "../panel/values.js";
import {roleName, varDecl, typeClass} from "../i18n/vocab.js";

/**
 * createInteractions needs the app's state, the menu and tooltip boxes,
 * send (a session message) and render (redraw soon). noEngine, in an
 * offline file, words why its actions are disabled (there is no simulator).
 */
export function createInteractions({state, menu, tooltip, send, render, noEngine = null}) {
	const act = (action) => send({type: "action", action});
	// the menu's items that act on the run: disabled, with the reason, offline
	const acting = (items) => (noEngine ? items.map((it) => (it.type === "channel" ? it : {...it, disabled: true, hint: noEngine()})) : items);
	const forkNote = (f) => (f.atEnd || noEngine ? null : t("menu.forkKept"));

	// extra: more entries from the view (the tree view's hot-plug)
	function nodeMenu(pos, ev, extra = []) {
		const f = state.frame;
		if (!f) return;
		state.selected = pos;
		render();
		const nd = f.nodes[pos];
		const items = [];
		// a device on a bus does not crash: it drops off the bus (unplug, where the algorithm allows it)
		if (!state.run.algorithm.bus) {
			if (nd.crashed) items.push({label: t("menu.recover"), testid: "act-recover", action: () => act({type: "recover", node: pos})});
			else items.push({label: t("menu.crash"), testid: "act-crash", danger: true, action: () => act({type: "crash", node: pos})});
		}
		for (const a of state.run.algorithm.actions || []) {
			items.push({label: tr(state.run.algorithm, a.label), hint: tr(state.run.algorithm, a.description), testid: "act-" + a.id, disabled: nd.crashed, action: () => act({type: "act", node: pos, name: a.id})});
		}
		items.push(...extra);
		for (const tm of f.timers.filter((x) => x.node === pos)) {
			items.push({label: t("menu.fire", {name: tm.name}), testid: "act-fire-" + tm.name, type: "fire", action: () => act({type: "fire", node: pos, timer: tm.name})});
		}
		// what this process has sent that is still on its way: a channel's
		// queue when it all goes to one process (a ring's neighbour)
		const out = f.flights.filter((x) => x.from === pos);
		if (out.length > 0) {
			const to = out.every((x) => x.to === out[0].to) ? out[0].to : null;
			items.push({label: t("menu.outgoing", {k: out.length}), testid: "act-queue", type: "channel", action: () => linkMenu(pos, to, ev, true)});
		}
		menu.open(ev.clientX, ev.clientY, {
			kind: "node",
			title: `${nd.label} · ${t("panel.id")} ${nd.id}`,
			subtitle: roleName(state.run.algorithm, nd.role),
			note: forkNote(f),
			items: acting(items),
		});
	}

	function msgMenu(fl, x, y) {
		const f = state.frame;
		if (!f) return;
		const nodes = state.run.nodes;
		menu.open(x, y, {
			kind: "msg",
			title: fl.label,
			subtitle: `${nodes[fl.from].label} → ${nodes[fl.to].label} · ${t("msg.times", {s: fl.sentAt, a: fl.arrive})}${fl.deliverable ? " · " + t("msg.deliverable") : ""}`,
			note: forkNote(f),
			items: acting([
				{label: t("menu.deliver"), testid: "act-deliver", action: () => act({type: "deliver", msg: fl.id})},
				{label: t("menu.drop"), testid: "act-drop", danger: true, action: () => act({type: "drop", msg: fl.id})},
			]),
		});
	}

	// linkMenu lists a channel's messages in the order they will arrive: the
	// link from→to, or with all = true everything from sends (a ring that
	// skips crashed successors sends further than its neighbour).
	function linkMenu(from, to, ev, all = false) {
		const f = state.frame;
		if (!f) return;
		const nodes = state.run.nodes;
		const queue = f.flights.filter((x) => x.from === from && (all || x.to === to));
		const list = el("ol", {class: "channel-list", "data-testid": "channel-list"});
		for (const q of queue) {
			const where = all ? `→ ${nodes[q.to].label} · ` : "";
			list.append(
				el(
					"li",
					null,
					el(
						"button",
						{type: "button", class: "queue-item msg " + typeClass(state.run.algorithm, q.type), "data-queued": q.id, onclick: () => msgMenu(q, ev.clientX, ev.clientY)},
						el("strong", {text: q.label}),
						" ",
						el("span", {class: "hint", text: where + t("msg.times", {s: q.sentAt, a: q.arrive})}),
					),
				),
			);
		}
		menu.open(ev.clientX, ev.clientY, {
			kind: "link",
			title: to === null || to === undefined ? t("menu.outgoingTitle", {from: nodes[from].label}) : t("menu.queue", {from: nodes[from].label, to: nodes[to].label}),
			body: queue.length ? list : el("p", {class: "hint", text: t("menu.queueEmpty")}),
			items: [],
		});
	}

	function hoverTopology(h, ev) {
		const prevHover = state.hover;
		state.tip = h && state.frame && !menu.isOpen ? {h, x: ev.clientX, y: ev.clientY} : null;
		state.hover = state.tip && h.kind === "node" ? h.pos : null;
		showTip();
		if (state.hover !== prevHover) render();
	}

	function moveTip(ev) {
		if (state.tip) (state.tip.x = ev.clientX), (state.tip.y = ev.clientY);
		tooltip.move(ev.clientX, ev.clientY);
	}

	// showTip draws the hover tooltip from the current frame, so that it
	// follows the run while the pointer rests (and goes when its message is
	// delivered).
	function showTip() {
		const f = state.frame;
		const tip = state.tip;
		if (!tip || !f) return tooltip.hide();
		const {h, x, y} = tip;
		const nodes = state.run.nodes;
		if (h.kind === "node") {
			const nd = f.nodes[h.pos];
			const dl = el("dl", {class: "vars"});
			const alg = state.run.algorithm;
			const label = (q) => (state.run.nodes[q] ? state.run.nodes[q].label : String(q));
			for (const v of nd.vars || []) dl.append(el("dt", {text: v.name}), el("dd", {text: formatValue(varDecl(alg, v.name), v.value, label, [t("yes"), t("no")])}));
			tooltip.show(x, y, [el("strong", {text: `${nd.label} · ${t("panel.id")} ${nd.id}`}), el("div", {class: "tt-role", text: roleName(alg, nd.role)}), dl]);
		} else if (h.kind === "msg") {
			const fl = f.flights.find((m) => m.id === h.flight.id);
			if (!fl) {
				state.tip = null;
				return tooltip.hide();
			}
			tooltip.show(x, y, [
				el("strong", {text: fl.label}),
				el("div", {text: `${nodes[fl.from].label} → ${nodes[fl.to].label}`}),
				el("div", {class: "hint", text: t("msg.times", {s: fl.sentAt, a: fl.arrive})}),
			]);
		} else if (h.kind === "link") {
			const k = f.flights.filter((m) => m.from === h.from && m.to === h.to).length;
			tooltip.show(x, y, [el("strong", {text: t("menu.queue", {from: nodes[h.from].label, to: nodes[h.to].label})}), el("div", {text: `${k} ${t("panel.inflight")}`})]);
		}
	}

	// hoverEvent shows an event of the space-time diagram in words.
	function hoverEvent(e, ev) {
		state.tip = null;
		if (!e || menu.isOpen) return tooltip.hide();
		const i = state.log.linesUpTo(e.seq) - 1;
		const line = i >= 0 ? state.log.lines[i] : null;
		const txt = line && line.seq <= e.seq && e.seq <= line.last ? line.text : e.kind;
		tooltip.show(ev.clientX, ev.clientY, [el("strong", {text: `#${e.seq} · t = ${e.time}`}), el("div", {text: txt})]);
	}

	return {nodeMenu, msgMenu, linkMenu, hoverTopology, moveTip, showTip, hoverEvent};
}
