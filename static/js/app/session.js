// The session with the server (docs/protocol.md): the connection, and what
// the page waits for from it. Its state is one object (`createSession().state`):
// the connection's status, a request to send once connected, the open or
// attach whose refusal belongs next to the form or the import, and the step
// to go back to after an attach. What the messages mean for the page is the
// app's (the `on` handlers); this module only routes them.

import {connect, wsURL} from "./ws.js";
import {connectOffline} from "./offline.js";
import {t} from "../i18n/i18n.js";

/** showStatus writes the connection's status in the top bar's indicator (nothing while it is open). */
export function showStatus(c, s, secs) {
	c.dataset.state = s;
	c.textContent = s === "open" ? "" : s === "connecting" ? t("conn.connecting") : t("conn.closed", {s: secs});
	c.title = s === "open" ? t("conn.open") : c.textContent;
}

/**
 * createSession connects (to the server, or to an offline file's frames)
 * and returns {state, send, open, attach, moves}. app is the app's state,
 * read here: its run, frame and query, and playing, manual and speed for
 * moves.play (a lost connection attaches the run again,
 * at its step; a forgotten one is opened again from its query). on:
 * status(s, secs) first on every change of the connection (the app sends
 * its language when open), experiment(msg) (true: the Experiment tab took
 * it), run(msg, asked), frame(msg) → the client's frame after it, message(msg)
 * for the rest (events, actions, playing), and for refusals openRefused(text),
 * attachRefused(text), reopened() (the server forgot the run: it is opened
 * again from its link), experimentError(text), error(text); leaving() before
 * an action (the run shown stays as a branch). transport connects
 * (ws.js's connect, offline.js's connectOffline; a test's fake).
 */
export function createSession({offline, refusal, app, on, transport = offline ? connectOffline : connect}) {
	const state = {
		status: "connecting",
		pending: null, // an open or attach to send when connected
		unanswered: null, // the last open or attach sent, until its run or error: sent again if the connection drops first
		awaiting: null, // "open" | "attach": a request whose errors belong next to the form or the import
		wantStep: null, // a step to go back to after an attach (an offline file's address, a reconnect); an open carries its step
		sentLast: false, // a `last` has been asked for on the way to wantStep
	};

	const conn = transport({
		url: offline ? null : wsURL(location),
		early: window.distvizBoot || null, // the socket the page's head opened (boot.js)
		data: offline,
		refusal,
		onMessage: receive,
		onStatus,
	});

	function onStatus(s, secs) {
		state.status = s;
		on.status(s, secs);
		if (s !== "open") return;
		if (app.run) {
			// the session is new: take the run over again and go back to where we were
			state.wantStep = app.frame ? app.frame.step : null;
			state.sentLast = true;
			send({type: "attach", id: app.run.id});
		} else if (state.pending || state.unanswered) {
			// (an open whose answer the lost connection took is asked again: the new session never had it)
			const p = state.pending || state.unanswered;
			state.pending = null;
			state.awaiting = p.type;
			send(p);
		}
	}

	/** send writes a message; false when not connected (an open or attach then waits for the connection). */
	function send(msg) {
		// an action replaces the version shown: it stays as a branch
		if (msg.type === "action" && app.frame) on.leaving();
		// this page applies deltas to its frame (model.js): a step is a few hundred bytes, not the whole picture
		if (msg.type === "open" || msg.type === "attach") msg.deltas = true;
		// (not before the status handlers have run: the page's language goes first)
		if (state.status !== "open" || !conn.send(msg)) {
			if (msg.type === "open" || msg.type === "attach") state.pending = msg;
			return false;
		}
		return true;
	}

	/**
	 * open starts a run at a step (null: step 0): the server computes the run
	 * that far and answers that frame, in one round trip. asked: the user's
	 * request, whose refusal goes next to the form.
	 */
	function open(msg, step = null, asked = true) {
		if (step !== null && step !== undefined) msg.step = step;
		state.wantStep = null;
		if (asked) state.awaiting = "open";
		state.unanswered = msg;
		return send(msg);
	}

	/** attach takes over a stored run (an import, an offline file's), then goes to step (null: where it is). */
	function attach(id, step = null) {
		state.awaiting = "attach";
		state.wantStep = step;
		state.sentLast = false;
		state.unanswered = {type: "attach", id};
		return send(state.unanswered);
	}

	function receive(msg) {
		if (on.experiment(msg)) return;
		switch (msg.type) {
			case "run": {
				const asked = state.awaiting;
				state.awaiting = null;
				state.unanswered = null;
				on.run(msg, asked);
				break;
			}
			case "frame":
			case "delta":
				toWantedStep(on.frame(msg));
				break;
			case "error":
				refused(msg.error, msg.for);
				break;
			default:
				on.message(msg);
		}
	}

	// toWantedStep goes on from an attached run's frame to the step wanted:
	// there if the run has it, else to the run's end first (`last`).
	function toWantedStep(f) {
		if (state.wantStep === null) return;
		const k = state.wantStep;
		if (k <= f.steps - 1 || (f.ended && f.atEnd) || state.sentLast) {
			state.wantStep = null;
			state.sentLast = false;
			if (f.step !== k) send({type: "seek", step: k});
		} else {
			state.sentLast = true;
			send({type: "last"});
		}
	}

	// refused routes a refusal: next to the form for open, beside the import
	// for attach, else as a notice.
	function refused(text, about) {
		if (about === "experiment") return on.experimentError(text);
		const kind = about || state.awaiting;
		if (kind === "open" || kind === "attach") state.unanswered = null;
		if (kind === "open") {
			state.awaiting = null;
			return on.openRefused(text);
		}
		if (kind === "attach" && state.awaiting === "attach") {
			state.awaiting = null;
			return on.attachRefused(text);
		}
		if (kind === "attach" && app.run && state.wantStep !== null) {
			// back after a lost connection, and the server has forgotten the run
			// (a restart): run it again from its link and go back to the step
			const step = state.wantStep;
			on.reopened();
			return open({type: "open", query: app.query}, step, false);
		}
		on.error(text);
	}

	// the moves the controls and the drawings ask for; play by the app's
	// state, which the server's answers set at once
	const moves = {
		first: () => send({type: "first"}),
		back: () => send({type: "back"}),
		step: () => send({type: "step"}),
		last: () => send({type: "last"}),
		play: () => !app.manual && send({type: "play", speed: app.speed}),
		pause: () => send({type: "pause"}),
		togglePlay: () => (app.playing ? moves.pause() : moves.play()),
		seek: (step) => send({type: "seek", step}),
		seekSeq: (seq) => send({type: "seekSeq", seq}),
	};

	return {state, send, open, attach, moves};
}
