// Playback controls: buttons, speed, manual scheduling, the scrubber over
// the run's steps with marks for decisions and violations, and the keyboard
// (→ ← space Home End + − and PageDown/PageUp for presentation clickers,
// N B and ⇧→ ⇧← for the marked events, M, U, 1–9 for scenarios, ? for the
// list: keys.js), whatever control has the focus but text entry.

import {markBuckets} from "./marks.js";
import {set, text, clear, el} from "./dom.js";
import {t} from "../i18n/i18n.js";
import {ownsKeys} from "./keys.js";

export const SPEEDS = [0.25, 0.5, 1, 2, 4, 8, 16, 32, 64, 128, 500, 2000];

export function createControls(els, actions) {
	const {first, back, play, pause, step, last, speed, manual, scrubber, marks, seq, eventsCount, stepInfo} = els;
	let dragging = false;
	let seekTimer = null;
	let pendingSeek = null;
	let lastSent = 0;
	let marksKey = "";
	let marksAt = 0;
	let state = {hasRun: false, playing: false, manual: false, frame: null};

	// One counter: "Step 6 / 25", the steps of the whole run (computed
	// ahead; "25+" while it is still growing). The event at the cursor is
	// the counter's data-seq; the events' count stays for screen readers.
	const position = seq.closest(".position");
	const posLabel = position.querySelector(".pos-label");
	posLabel.dataset.i18n = "ctl.stepLabel";
	posLabel.textContent = t("ctl.stepLabel");
	const total = el("span", {class: "steps-total", "data-testid": "steps-total"});
	const posOf = eventsCount.parentElement;
	posOf.replaceChildren("/ ", total);
	posOf.after(el("span", {class: "vh"}, " · ", el("span", {"data-i18n": "ctl.event", text: t("ctl.event")}), " ", eventsCount));

	function fillSpeeds(current) {
		clear(speed);
		for (const s of SPEEDS) {
			const o = document.createElement("option");
			o.value = String(s);
			o.textContent = t("ctl.perSec", {n: s});
			if (s === current) o.selected = true;
			speed.append(o);
		}
	}

	first.addEventListener("click", () => actions.first());
	back.addEventListener("click", () => actions.back());
	play.addEventListener("click", () => actions.play());
	pause.addEventListener("click", () => actions.pause());
	step.addEventListener("click", () => actions.step());
	last.addEventListener("click", () => actions.last());
	speed.addEventListener("change", () => actions.setSpeed(Number(speed.value)));
	manual.addEventListener("change", () => actions.setManual(manual.checked));

	// The scrubber seeks while dragging, at most every 60 ms (the server
	// allows 50 messages a second), and always to where it is let go.
	function flushSeek() {
		seekTimer = null;
		if (pendingSeek === null) return;
		lastSent = performance.now();
		actions.seek(pendingSeek);
		pendingSeek = null;
	}
	scrubber.addEventListener("input", () => {
		pendingSeek = Number(scrubber.value);
		const wait = 60 - (performance.now() - lastSent);
		if (wait <= 0) flushSeek();
		else if (!seekTimer) seekTimer = setTimeout(flushSeek, wait);
	});
	scrubber.addEventListener("pointerdown", () => (dragging = true));
	window.addEventListener("pointerup", () => (dragging = false));
	scrubber.addEventListener("change", () => {
		dragging = false;
		pendingSeek = Number(scrubber.value);
		clearTimeout(seekTimer);
		flushSeek();
	});
	marks.addEventListener("click", (ev) => {
		const m = ev.target.closest("[data-seq]");
		if (m) actions.seekSeq(Number(m.dataset.seq));
	});

	let tookSpace = false; // the run took a space: the focused control must not click on its keyup
	function onKey(ev) {
		if (ev.defaultPrevented || ev.ctrlKey || ev.metaKey || ev.altKey) return;
		if (ownsKeys(ev.target, ev.key, els.root)) return;
		if (ev.key === "?") {
			actions.help();
			ev.preventDefault();
			return;
		}
		if (ev.key === "Escape") {
			if (actions.closeHelp()) ev.preventDefault();
			return;
		}
		if (!state.hasRun) return;
		switch (ev.key) {
			case "ArrowRight":
			case "PageDown":
				ev.shiftKey ? actions.mark(+1) : actions.step();
				break;
			case "ArrowLeft":
			case "PageUp":
				ev.shiftKey ? actions.mark(-1) : actions.back();
				break;
			case "n":
			case "N":
				actions.mark(+1);
				break;
			case "b":
			case "B":
				actions.mark(-1);
				break;
			case "m":
			case "M":
				actions.toggleManual();
				break;
			case " ":
			case "Spacebar":
				actions.togglePlay();
				break;
			case "Home":
				actions.first();
				break;
			case "End":
				actions.last();
				break;
			case "+":
			case "=":
				actions.setSpeed(nextSpeed(Number(speed.value), +1));
				break;
			case "-":
			case "_":
				actions.setSpeed(nextSpeed(Number(speed.value), -1));
				break;
			case "u":
			case "U":
				actions.undo();
				break;
			default:
				if (/^[1-9]$/.test(ev.key)) {
					actions.scenario(Number(ev.key));
					break;
				}
				return;
		}
		ev.preventDefault();
		tookSpace = ev.key === " ";
		// arrows and space leave the control they were pressed on: its own
		// meaning of them (a speed box's ←, a switch's space) is not the run's
		const tag = ev.target && ev.target.tagName;
		if (tag === "SELECT" || tag === "INPUT") ev.target.blur();
	}
	document.addEventListener("keydown", onKey);
	document.addEventListener("keyup", (ev) => {
		if (ev.key === " " && tookSpace) ev.preventDefault();
		tookSpace = false;
	});

	function update(s) {
		state = s;
		const f = s.frame;
		const has = s.hasRun && !!f;
		const atStart = !f || f.step === 0;
		const done = !f || (f.ended && f.atEnd);
		first.disabled = !has || atStart;
		back.disabled = !has || atStart;
		step.disabled = !has || done;
		last.disabled = !has || done;
		play.disabled = !has || s.playing || s.manual || done;
		pause.disabled = !has || !s.playing;
		scrubber.disabled = !has;
		manual.checked = s.manual;
		if (Number(speed.value) !== s.speed) speed.value = String(s.speed);
		if (!f) {
			text(seq, "0");
			seq.dataset.seq = "0";
			text(total, "0");
			text(eventsCount, "0");
			text(stepInfo, "");
			scrubber.max = "0";
			scrubber.value = "0";
			return;
		}
		const end = Math.max(0, f.steps - 1);
		const growing = !f.ended; // the run goes on past what is computed
		text(seq, String(f.step));
		seq.dataset.seq = String(f.seq);
		text(total, growing ? `${end}+` : String(end));
		text(eventsCount, String(f.events));
		text(stepInfo, `${t("ctl.time", {t: f.time})}${f.ended && f.atEnd ? " · " + t("ctl.ended") : ""}`);
		position.title = t(growing ? "ctl.positionGrowing" : "ctl.positionTitle", {k: f.step, n: end, seq: f.seq, events: f.events});
		scrubber.parentElement.classList.toggle("growing", growing);
		scrubber.max = String(end);
		if (!dragging && pendingSeek === null) scrubber.value = String(f.step);
		set(scrubber, "aria-valuetext", `${t("ctl.stepOf", {k: f.step, n: end})}, ${t("ctl.event")} ${f.seq}`);
	}

	/** updateMarks places the decision and violation marks; cheap to call often. */
	let marksWidth = 0;
	new ResizeObserver((entries) => {
		marksWidth = entries[entries.length - 1].contentRect.width;
		marksAt = 0;
	}).observe(marks);

	function updateMarks(log, steps, force) {
		const width = marksWidth || marks.clientWidth;
		const key = `${log.marks.length}/${log.length}/${steps}/${width}`;
		const now = performance.now();
		if (key === marksKey || (!force && now - marksAt < 250)) return;
		marksKey = key;
		marksAt = now;
		const list = log.marks.map((m) => ({step: log.step(m.seq), kind: m.kind, seq: m.seq}));
		const bucketed = markBuckets(list, steps, width, 5);
		clear(marks);
		const frag = document.createDocumentFragment();
		for (const b of bucketed) {
			const d = document.createElement("span");
			d.className = "mark mark-" + b.kind;
			d.style.left = `${(b.x / Math.max(1, width)) * 100}%`;
			d.dataset.seq = b.seq;
			d.title = `${b.kind === "violation" ? t("ctl.marksViolation") : t("ctl.marksNote")} · ${t("ctl.event")} ${b.seq}`;
			frag.append(d);
		}
		marks.append(frag);
	}

	return {update, updateMarks, fillSpeeds, resetMarks: () => ((marksKey = ""), clear(marks))};
}

/** nextSpeed is the next listed speed up (dir +1) or down (−1). */
export function nextSpeed(cur, dir) {
	let i = SPEEDS.indexOf(cur);
	if (i < 0) i = SPEEDS.findIndex((s) => s >= cur);
	if (i < 0) i = SPEEDS.length - 1;
	return SPEEDS[Math.max(0, Math.min(SPEEDS.length - 1, i + dir))];
}
