// The narration log: the server's narration lines up to the cursor, newest
// at the bottom, the current step's lines highlighted, each clickable to
// seek there. At most WINDOW lines are in the DOM (fewer while playing),
// kept by seq, so a long run stays cheap to step through. The lines end at the cursor, so the
// current step is always the bottom: the scroller is anchored there by CSS
// (column-reverse), and no script reads the layout to scroll. A polite live
// region tells screen readers the step at the cursor: only when the run
// stands (a step by hand, a seek, a pause), never while it plays.

import {el, clear} from "./dom.js";

const WINDOW = 300;
// while a run plays, a frame may bring dozens of lines: the DOM keeps fewer,
// enough to fill the box (pausing brings the rest back) — as many as its
// height holds of the lowest a line can be (1.365 rem: one row of text and
// its padding), at most PLAYING
const PLAYING = 60;
const LINE_REM = 1.365;

export function createNarration(list, empty, {onSeek}) {
	let log = null;
	let a = 0; // the DOM holds lines [a, b) of log.lines
	let b = 0;
	let current = [];
	const live = el("p", {class: "vh", "aria-live": "polite", "data-testid": "narration-live"});
	empty.after(live);
	let told = null; // the event the live region last told
	let playingKeep = PLAYING; // the lines kept while playing: enough to fill the box
	// (each line a frame adds is styled and laid out before content-visibility
	// can skip it: at 500 steps a second 50 lines each tenth of a second, most
	// of them scrolled away at once)
	new ResizeObserver((entries) => {
		const h = entries[entries.length - 1].contentRect.height;
		const rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
		playingKeep = Math.min(PLAYING, Math.ceil(h / (LINE_REM * rem)) + 2);
	}).observe(list.parentElement);

	function setLog(l) {
		log = l;
		reset();
	}

	function reset() {
		clear(list);
		a = b = 0;
		current = [];
		told = null;
	}

	/** truncate forgets lines from seq on (the run forked). */
	function truncate(from) {
		while (list.lastChild && Number(list.lastChild.dataset.seq) >= from) {
			list.lastChild.remove();
			b--;
		}
		if (b < a) reset();
	}

	function line(l) {
		return el(
			"li",
			{"data-seq": l.seq, "data-kind": l.kind, class: "nl nl-" + l.kind, title: `#${l.seq}`},
			el("span", {class: "nl-time", text: "t=" + l.time}),
			el("span", {class: "nl-text", text: l.text}),
		);
	}

	function update(frame, playing = false) {
		if (!log) return;
		const k = log.linesUpTo(frame.seq);
		const na = Math.max(0, k - (playing ? playingKeep : WINDOW));
		if (na >= b || k <= a) {
			clear(list);
			a = b = na;
		}
		// trim and extend both ends
		while (b > k) {
			list.lastChild.remove();
			b--;
		}
		while (a < na) {
			list.firstChild.remove();
			a++;
		}
		if (a > na) {
			const frag = document.createDocumentFragment();
			for (let i = na; i < a; i++) frag.append(line(log.lines[i]));
			list.prepend(frag);
			a = na;
		}
		if (b < k) {
			const frag = document.createDocumentFragment();
			for (let i = b; i < k; i++) frag.append(line(log.lines[i]));
			list.append(frag);
			b = k;
		}
		// the step at the cursor
		for (const li of current) li.classList.remove("current");
		current = [];
		const first = frame.narration.length ? frame.narration[0].seq : Infinity;
		for (let li = list.lastChild; li && Number(li.dataset.seq) >= first; li = li.previousSibling) {
			li.classList.add("current");
			current.push(li);
		}
		empty.hidden = k > 0;
		if (!playing && frame.seq !== told) {
			told = frame.seq;
			live.textContent = current
				.map((li) => li.querySelector(".nl-text").textContent)
				.reverse()
				.join(" ");
		}
	}

	list.addEventListener("click", (ev) => {
		const li = ev.target.closest("li[data-seq]");
		if (li) onSeek(Number(li.dataset.seq));
	});

	return {setLog, update, truncate, reset};
}
