// The tree view's root contention (FireWire): the contended cable's badge
// with the round, and each contender's wait, a ring that runs down to the
// end of the wait with the coin and the time left beside it, placed where no
// device or badge is. s is the scene a frame is drawn at: {M (treemodel.js),
// X, Y, r, pr, box: the view's size, alg: the registry entry}.

import {svg, set, text, cls} from "../../app/dom.js";
import {t} from "../../i18n/i18n.js";
import {placeBox} from "./treelayout.js";
import {formatTime} from "./treemodel.js";
import {label as vocabLabel} from "../../i18n/vocab.js";

/** createContention draws into layers.waits and layers.badges. */
export function createContention(layers) {
	let waits = new Map(); // pos → {g, track, arc, bg, tx, tx2}
	let badges = new Map(); // "a-b" → {g, bg, use, tx}

	// the contenders' waits: a ring around the device that runs down to the
	// end of the wait, and beside it the coin and the time left: away from
	// the contended cable, else wherever no device or badge is
	function drawWaits(s, obstacles) {
		const {M, X, Y, r, pr, box, alg} = s;
		const seen = new Set();
		const peer = new Map();
		for (const c of M.contention) peer.set(c.a, c.b).set(c.b, c.a);
		const taken = [...obstacles];
		const R = r + pr;
		for (let p = 0; p < M.n; p++) if (M.attached[p]) taken.push([X[p] - R, Y[p] - R, X[p] + R, Y[p] + R]);
		const fs = Math.max(15, Math.min(19, r * 0.62));
		for (const w of M.waits) {
			if (!M.attached[w.pos]) continue;
			seen.add(w.pos);
			let e = waits.get(w.pos);
			if (!e) {
				const wg = svg("g", {class: "t-wait", "data-wait": w.pos}, layers.waits);
				e = {g: wg, track: svg("circle", {class: "t-wait-track"}, wg), arc: svg("circle", {class: "t-wait-arc"}, wg), bg: svg("rect", {class: "t-wait-bg"}, wg), tx: svg("text", {class: "t-wait-text"}, wg), tx2: svg("text", {class: "t-wait-text"}, wg)};
				waits.set(w.pos, e);
			}
			cls(e.g, `t-wait coin-${w.coin}`);
			e.g.dataset.coin = w.coin;
			e.g.dataset.left = String(w.left);
			set(e.g, "transform", `translate(${X[w.pos].toFixed(1)},${Y[w.pos].toFixed(1)})`);
			const rr = r + 7;
			const C = 2 * Math.PI * rr;
			const frac = w.window ? Math.max(0, Math.min(1, w.left / w.window)) : 1;
			set(e.track, "r", rr);
			set(e.arc, "r", rr);
			set(e.arc, "stroke-dasharray", `${(C * frac).toFixed(1)} ${C.toFixed(1)}`);
			// one line where there is room, else the coin above the time left
			// the coin in the algorithm's words (var.<its variable>.<value>)
			const coin = (M.coinVar && vocabLabel(alg, `var.${M.coinVar}.${w.coin}`)) || w.coin;
			const left = t("tree.left", {t: formatTime(w.left), unit: M.unit ? " " + M.unit : ""});
			const two = box.w < 760;
			text(e.tx, two ? coin : `${coin} · ${left}`);
			text(e.tx2, two ? left : "");
			const wd = (two ? Math.max(coin.length, left.length) : coin.length + 3 + left.length) * fs * 0.62 + 16;
			const gap = r + pr * 1.6 + 8;
			const ht = fs * (two ? 2.8 : 1.7);
			const q = peer.get(w.pos);
			const s = q !== undefined && X[q] < X[w.pos] - 1 ? 1 : -1;
			const x = X[w.pos];
			const y = Y[w.pos];
			const dx = gap + wd / 2;
			const dy = R + ht / 2 + 6;
			const cands = [[x + s * dx, y], [x - s * dx, y], [x, y + dy], [x, y - dy], [x + s * dx, y + ht], [x - s * dx, y + ht], [x + s * dx, y - ht], [x - s * dx, y - ht]];
			const [cx, cy] = cands[placeBox(cands, wd, ht, taken, [0, 0, box.w, box.h])];
			taken.push([cx - wd / 2, cy - ht / 2, cx + wd / 2, cy + ht / 2]);
			for (const [i, tx] of [e.tx, e.tx2].entries()) {
				set(tx, "font-size", fs);
				set(tx, "x", cx - x);
				set(tx, "y", cy - y + (two ? (i - 0.5) * fs * 1.15 : 0));
			}
			set(e.bg, "x", cx - x - wd / 2);
			set(e.bg, "y", cy - y - ht / 2);
			set(e.bg, "width", wd);
			set(e.bg, "height", ht);
		}
		for (const [p, e] of waits) {
			if (!seen.has(p)) {
				e.g.remove();
				waits.delete(p);
			}
		}
	}

	// the contended cable's badge, on its middle: contention and the round.
	// Returns the boxes it takes.
	function drawBadges(s) {
		const {M, X, Y, box} = s;
		const seen = new Set();
		const boxes = [];
		for (const c of M.contention) {
			const key = c.a + "-" + c.b;
			seen.add(key);
			let b = badges.get(key);
			if (!b) {
				const bg = svg("g", {class: "t-contention", "data-contention": key}, layers.badges);
				b = {g: bg, bg: svg("rect", {class: "t-contention-bg", rx: 6}, bg), use: svg("use", {href: "#ic-bolt", class: "icon bolt", width: 24, height: 24, x: -12, y: -12}, bg), tx: svg("text", {class: "t-contention-text"}, bg)};
				badges.set(key, b);
			}
			// a narrow view: the bolt and the red cable say contention, the badge only the round
			const label = c.rounds > 0 ? t(box.w < 760 ? "tree.roundShort" : "tree.round", {k: c.rounds}) : t("tree.contention");
			text(b.tx, label);
			const w = label.length * 9.5 + 44;
			set(b.bg, "x", -w / 2);
			set(b.bg, "y", -16);
			set(b.bg, "width", w);
			set(b.bg, "height", 32);
			set(b.use, "x", -w / 2 + 4);
			set(b.tx, "x", -w / 2 + 32);
			// the coins stand beside the devices: the middle of the cable is free
			const mx = (X[c.a] + X[c.b]) / 2;
			const my = (Y[c.a] + Y[c.b]) / 2;
			set(b.g, "transform", `translate(${mx.toFixed(1)},${my.toFixed(1)})`);
			boxes.push([mx - w / 2, my - 16, mx + w / 2, my + 16]);
		}
		for (const [k, b] of badges) {
			if (!seen.has(k)) {
				b.g.remove();
				badges.delete(k);
			}
		}
		return boxes;
	}

	return {
		waits: drawWaits,
		badges: drawBadges,
		/** clear forgets what was drawn (the layers are emptied by the view). */
		clear() {
			waits = new Map();
			badges = new Map();
		},
	};
}
