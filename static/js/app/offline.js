// The session of an offline file (GET /api/runs/{id}/export?format=html):
// the run's frames and events are in the page, and this local transport
// answers the page's step, back, seek, first, last, play and pause from them
// as the server would (docs/protocol.md), without a network, and `lang` from
// the run's words in every language. What needs the engine (actions,
// experiments, a new run) is refused with a sentence.

import {applyMessage} from "./model.js";

/** offlineData is the run an offline file holds, or null on the server's page. */
export function offlineData(doc) {
	const box = doc.getElementById("distviz-offline");
	return box ? JSON.parse(box.textContent) : null;
}

// every KEEP-th step's whole frame is kept once made: a seek replays at
// most KEEP deltas
const KEEP = 64;

// FPS is the most frames a second autoplay shows, as the server's.
const FPS = 60;

/** frames computes any step's whole frame from step 0's and the deltas. */
export function createFrames(msgs) {
	const kept = new Map(); // step → its whole frame (not to be changed)
	let at = -1;
	let cur = null;
	return {
		msgs,
		count: msgs.length,
		/** whole is step k's frame, a copy of its own. */
		whole(k) {
			if (k < at || !cur) {
				let from = 0;
				for (const s of kept.keys()) if (s <= k && s > from) from = s;
				cur = structuredClone(kept.get(from) || msgs[0]);
				at = from;
			}
			while (at < k) {
				at++;
				cur = applyMessage(cur, structuredClone(msgs[at])).frame;
				if (at % KEEP === 0 && !kept.has(at)) kept.set(at, structuredClone(cur));
			}
			return {...structuredClone(cur), type: "frame"};
		},
	};
}

/**
 * wordsIn gives the run in a language: {frames (createFrames of its
 * messages), events}, the file's own with the narration and violations of
 * data.langs[lang] in place of theirs; null for a language the file lacks.
 */
export function wordsIn(data) {
	const made = new Map();
	return (lang) => {
		if (made.has(lang)) return made.get(lang);
		const w = lang === data.lang ? null : (data.langs || {})[lang];
		if (lang !== data.lang && !w) return null;
		const msgs = w ? data.frames.map((m, k) => ({...m, narration: w.narration[k], ...(k in w.violations ? {violations: w.violations[k]} : {})})) : data.frames;
		const events = w ? data.events.map((e, i) => ({...e, lines: w.lines[i]})) : data.events;
		const frames = createFrames(msgs);
		const run = {frames, events};
		made.set(lang, run);
		return run;
	};
}

/**
 * connectOffline is connect (ws.js) for an offline file: the same
 * {send, open, close}, answering asynchronously as a socket does.
 * refusal(type) words why a request needs the server.
 */
export function connectOffline({data, onMessage, onStatus, refusal}) {
	const inLang = wordsIn(data);
	let lang = data.lang;
	let frames = inLang(lang).frames;
	const last = frames.count - 1;
	const seqs = data.frames.map((f) => f.seq); // each step's last event
	let shown = -1; // the client's frame's step
	let playing = null; // the autoplay timer
	let speed = 1;
	let credit = 0;

	const reply = (msgs) => setTimeout(() => msgs.forEach(onMessage), 0);
	// a step forward is its delta; anything else a whole frame
	function frameAt(k) {
		k = Math.max(0, Math.min(last, k));
		const msg = k === shown + 1 && shown >= 0 ? structuredClone(frames.msgs[k]) : frames.whole(k);
		shown = k;
		return msg;
	}
	const stepOf = (seq) => {
		let lo = 0;
		let hi = last;
		while (lo < hi) {
			const mid = (lo + hi) >> 1;
			if (seqs[mid] >= seq) hi = mid;
			else lo = mid + 1;
		}
		return lo;
	};
	const playingMsg = () => ({type: "playing", playing: !!playing, speed});
	function stop() {
		clearInterval(playing);
		playing = null;
	}
	// autoplay at most FPS frames a second (as the server), several steps a
	// frame when fast
	function tick() {
		credit += speed / FPS;
		const n = Math.floor(credit);
		if (n < 1) return [];
		credit -= n;
		const k = Math.min(last, shown + n);
		const out = [frameAt(k)];
		if (k >= last) stop(), out.push(playingMsg());
		return out;
	}

	function answer(msg) {
		switch (msg.type) {
			case "lang": {
				if (!inLang(msg.lang)) return [{type: "error", for: "lang", error: refusal("lang")}];
				lang = msg.lang;
				frames = inLang(lang).frames;
				if (shown < 0) return [];
				// the frame and every event again, narrated in the new language
				const k = shown;
				shown = -1;
				return [frameAt(k), ...structuredClone(inLang(lang).events)];
			}
			case "open":
			case "attach": {
				stop();
				shown = -1;
				const out = [structuredClone(data.run), frameAt(data.step || 0)];
				if (data.actions) out.push(structuredClone(data.actions));
				return out.concat(structuredClone(inLang(lang).events));
			}
			case "step":
				return [frameAt(shown + 1)];
			case "back":
				return [frameAt(shown - 1)];
			case "first":
				return [frameAt(0)];
			case "last":
				return [frameAt(last)];
			case "seek":
				return [frameAt(msg.step)];
			case "seekSeq":
				return [frameAt(stepOf(msg.seq))];
			case "play":
				speed = msg.speed || 1;
				if (shown >= last) return [playingMsg()];
				if (playing) return [playingMsg()];
				credit = 1 - speed / FPS; // the first step comes at once
				playing = setInterval(() => tick().forEach(onMessage), 1000 / FPS);
				return [playingMsg(), ...tick()];
			case "pause":
				stop();
				return [playingMsg()];
		}
		return [{type: "error", for: msg.type, error: refusal(msg.type)}];
	}

	setTimeout(() => onStatus("open"), 0);
	return {
		send(msg) {
			reply(answer(msg));
			return true;
		},
		get open() {
			return true;
		},
		close: stop,
	};
}
