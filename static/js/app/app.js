// The lecture app's entry: state, the WebSocket session's messages, and the
// wiring between the parts. The browser draws what the server sends; the
// run's view comes from ../views/index.js by the registry's `view`, and the
// app knows none of them.

import {connect, wsURL} from "./ws.js";
import {EventLog} from "./events.js";
import * as i18n from "../i18n/i18n.js";
import {t} from "../i18n/i18n.js";
import {createForm} from "./form.js";
import * as views from "../views/index.js";
import {createSpacetime} from "../spacetime/spacetime.js";
import {createNarration} from "./narration.js";
import {createPanel} from "../panel/panel.js";
import {createControls, nextSpeed, SPEEDS} from "./controls.js";
import {createMenu, createTooltip} from "./menu.js";
import {createFiles} from "./files.js";
import {writeRunTitle, translateReference} from "./titles.js";
import {parseLocation, buildSearch} from "./params.js";
import {text, clear, el} from "./dom.js";
import {createChrome, store} from "./chrome.js";
import {createInteractions} from "./interact.js";
import {applyMessage, merge, everything, noChanges} from "./model.js";
import {createBranches} from "./branches.js";
import {createKeyOverlay, markAround} from "./keys.js";
import {offlineData, connectOffline} from "./offline.js";

const $ = (id) => document.getElementById(id);
// an offline file's run (GET /api/runs/{id}/export?format=html), which a
// local transport answers from; null on the server's page
const offline = offlineData(document);
// The registry (GET /api/algorithms, which the browser keeps and revalidates
// by its ETag): filled in when it has come (loadRegistry). Until then the
// form waits; a deep link's run does not.
const registry = [];
let registryLoaded = null; // a promise, once asked for
let registryAsked = false; // a drawing has asked for it

const state = {
	run: null, // the `run` message
	frame: null, // the client's frame: the last whole `frame` with the `delta`s since applied (model.js)
	changes: null, // what changed in the frame since it was last drawn (model.js)
	log: new EventLog(),
	selected: null, // a process pinned by a click
	hover: null, // a process under the pointer
	tip: null, // what the hover tooltip shows: {h, x, y}
	playing: false,
	speed: SPEEDS.includes(Number(store.get("speed"))) ? Number(store.get("speed")) : 2,
	manual: false,
	conn: "connecting",
	pending: null, // an open or attach to send when connected
	awaiting: null, // "open" | "attach": a request whose errors belong next to the form or the import
	wantStep: null, // a cursor step to restore after an attach (offline file, reconnect); an open carries its step
	sentLast: false,
	roles: [],
	query: {}, // what the address bar shows; acts: the user's actions (docs/api.md, deep links)
	actsCount: 0, // how many actions acts holds
	fromFile: null, // for an imported trace: 0, or the count of its actions when too many for a link
};

// ---- the pieces ----

const app = $("app");
const form = createForm(
	{
		form: $("run-form"),
		algorithm: $("algorithm"),
		summary: $("summary"),
		scenario: $("scenario"),
		scenarioDesc: $("scenario-desc"),
		fields: $("param-fields"),
		seed: $("seed"),
		reset: $("reset"),
		error: $("form-error"),
	},
	registry,
	{onRun: openRun},
);
// The Experiment tab, with the plotting library, loads when it is first
// opened (loadExperiment): a lecture that never opens it never loads them.
let experiment = null;
let experimentLoading = null;
function loadExperiment() {
	experimentLoading ||= import("../experiment/experiment.js").then((m) => {
		experiment = m.createExperiment({send: (msg) => send(msg), form});
		experiment.connection(state.conn);
		return experiment;
	});
	return experimentLoading;
}
const openTab = (name) => loadExperiment().then((e) => e.setTab(name));
$("tab-experiment").addEventListener("click", () => !experiment && openTab("experiment"));
for (const tab of [$("tab-run"), $("tab-experiment")]) {
	tab.addEventListener("keydown", (ev) => {
		if (experiment || (ev.key !== "ArrowLeft" && ev.key !== "ArrowRight")) return;
		const other = tab.id === "tab-run" ? "experiment" : "run";
		openTab(other).then(() => $("tab-" + other).focus());
		ev.preventDefault();
	});
}
const tooltip = createTooltip($("tooltip"));
const menu = createMenu($("menu"), {
	onOpen: () => {
		state.tip = null;
		tooltip.hide();
	},
});

// the runs the user's actions left, to go back to (branches.js)
const branches = createBranches({
	after: $("manual").closest("label"),
	menu,
	open: openVersion,
	step: () => (state.frame ? state.frame.step : 0),
});

const ui = createInteractions({state, menu, tooltip, send: (m) => send(m), render: () => render(), noEngine: offline ? () => t("offline.noEngine") : null});
// (the space-time diagram follows its box by itself; a new view scale it is told)
const chrome = createChrome({onLayout: () => (view && view.layout(), state.frame && spacetime.update(state.frame)), isMenuOpen: () => menu.isOpen, onPresenter: () => addressBar()});

// What the views do with the pointer (views/kit/kit.js): the same for every view.
const handlers = {
	onNodeClick: (pos, ev) => ui.nodeMenu(pos, ev, view.menuItems(pos)),
	onMsgClick: (f, ev) => ui.msgMenu(f, ev.clientX, ev.clientY),
	onLinkClick: ui.linkMenu,
	onHover: ui.hoverTopology,
	onHoverMove: ui.moveTip,
	onBackground: () => {
		if (state.selected !== null) {
			state.selected = null;
			render();
		}
	},
	onSelect: (p) => {
		state.selected = p;
		render();
	},
	act: (action) => send({type: "action", action}),
};

// The run's view: made when a run first needs it (its module loads then),
// one per module, and the one of the run shown.
const canvas = $("canvas");
const made = new Map(); // view module → the view made from it
let view = null; // the run's view, once its module has loaded
let viewRun = null; // the run it has been given
async function useView(r) {
	const mod = await views.load(r.algorithm.view);
	if (state.run !== r) return; // another run came meanwhile
	let v = made.get(mod);
	if (!v) made.set(mod, (v = mod.create(canvas, handlers)));
	for (const other of made.values()) if (other !== v) other.show(false);
	view = v;
	app.dataset.view = r.algorithm.view || "";
	v.setRun(r);
	v.show(true);
	viewRun = r;
	state.changes = everything();
	for (const f of unseen) seeRoles(f, everything());
	unseen = [];
	legend();
	render();
}

const spacetime = createSpacetime($("spacetime"), {
	onSeek: (seq) => send({type: "seekSeq", seq}),
	onHoverEvent: ui.hoverEvent,
	// lanes only for the processes the view draws (not a free device slot)
	lanes: (f) => (view && viewRun === state.run ? view.drawn(f) : null),
});
// the diagram's x: virtual time, or one column per event (their order)
{
	const box = el("span", {class: "st-mode", role: "group"});
	for (const [key, on] of [["st.byTime", false], ["st.byOrder", true]]) {
		const b = el("button", {type: "button", class: "tool small", "data-testid": on ? "st-order" : "st-time", "data-i18n": key, "aria-pressed": String(!on), text: t(key)});
		b.addEventListener("click", () => {
			spacetime.setOrder(on);
			for (const x of box.children) x.setAttribute("aria-pressed", String(x === b));
		});
		box.append(b);
	}
	$("spacetime-title").append(box);
}
const narration = createNarration($("narration"), $("narration-empty"), {
	onSeek: (seq) => send({type: "seekSeq", seq}),
});
const panel = createPanel(
	{details: $("details"), outcome: $("outcome"), counters: $("counters"), theory: $("theory"), pill: $("invariants"), banner: $("violation")},
	{onSeek: (seq) => send({type: "seekSeq", seq})},
);
const controls = createControls(
	{
		first: $("first"),
		back: $("back"),
		play: $("play"),
		pause: $("pause"),
		step: $("step"),
		last: $("last"),
		speed: $("speed"),
		manual: $("manual"),
		root: $("controls"),
		scrubber: $("scrubber"),
		marks: $("marks"),
		seq: $("seq"),
		eventsCount: $("events-count"),
		stepInfo: $("step-info"),
	},
	{
		first: () => send({type: "first"}),
		back: () => send({type: "back"}),
		step: () => send({type: "step"}),
		last: () => send({type: "last"}),
		play: () => {
			if (!state.manual) send({type: "play", speed: state.speed});
		},
		pause: () => send({type: "pause"}),
		// by the app's state, which the server's answers set at once (the controls' follows at the next drawing)
		toggleManual: () => setManual(!state.manual),
		togglePlay: () => (state.playing ? send({type: "pause"}) : !state.manual && send({type: "play", speed: state.speed})),
		seek: (step) => send({type: "seek", step}),
		seekSeq: (seq) => send({type: "seekSeq", seq}),
		setSpeed,
		setManual,
		undo: () => branches.undo(),
		mark: (dir) => {
			const seq = state.frame ? markAround(state.log, state.frame.seq, dir) : null;
			if (seq !== null) send({type: "seekSeq", seq});
		},
		scenario: (k) => {
			const sc = (state.run.algorithm.scenarios || [])[k - 1];
			if (sc) openRun({algorithm: state.run.algorithm.id, scenario: sc.id, query: {}});
		},
		help: () => keyOverlay.toggle(),
		closeHelp: () => keyOverlay.isOpen && (keyOverlay.hide(), true),
	},
);
const keyOverlay = createKeyOverlay();
state.log = new EventLog();
narration.setLog(state.log);

// ---- the connection ----

const conn = (offline ? connectOffline : connect)({
	url: offline ? null : wsURL(location),
	early: window.distvizSocket || null, // opened by the page's head (templates/index.templ)
	data: offline,
	refusal: () => t("offline.noEngine"),
	onMessage: receive,
	onStatus: (s, secs) => {
		state.conn = s;
		if (experiment) experiment.connection(s);
		const c = $("conn");
		c.dataset.state = s;
		c.textContent = s === "open" ? "" : s === "connecting" ? t("conn.connecting") : t("conn.closed", {s: secs});
		c.title = s === "open" ? t("conn.open") : c.textContent;
		if (s !== "open") {
			state.playing = false;
			return;
		}
		// narration in the page's language from the start (accepted before a run)
		send({type: "lang", lang: i18n.lang()});
		if (state.run) {
			// the session is new: take the run over again and go back to where we were
			state.wantStep = state.frame ? state.frame.step : null;
			state.sentLast = true;
			send({type: "attach", id: state.run.id});
		} else if (state.pending) {
			const p = state.pending;
			state.pending = null;
			state.awaiting = p.type;
			send(p);
		}
	},
});

function send(msg) {
	// an action replaces the version shown: it stays as a branch
	if (msg.type === "action" && state.frame) branches.leaving();
	// this page applies deltas to its frame (model.js): a step is a few hundred bytes, not the whole picture
	if (msg.type === "open" || msg.type === "attach") msg.deltas = true;
	if (!conn.send(msg)) {
		if (msg.type === "open" || msg.type === "attach") state.pending = msg;
		return false;
	}
	return true;
}

function receive(msg) {
	if (experiment && experiment.receive(msg)) return;
	switch (msg.type) {
		case "run":
			onRun(msg);
			break;
		case "events": {
			const truncated = msg.from <= state.log.length;
			if (truncated) {
				spacetime.truncate(msg.from);
				narration.truncate(msg.from);
			}
			state.log.add(msg);
			render();
			break;
		}
		case "frame":
		case "delta":
			onFrame(msg);
			break;
		case "actions":
			onActs(msg);
			break;
		case "playing":
			state.playing = !!msg.playing;
			render();
			break;
		case "error":
			onError(msg.error, msg.for);
			break;
	}
}

function onRun(r) {
	const fromUser = state.awaiting;
	state.awaiting = null;
	state.run = r;
	state.frame = null;
	state.changes = null;
	unseen = [];
	state.selected = null;
	state.hover = null;
	state.tip = null;
	state.roles = [];
	state.log.clear();
	state.query = {...(r.query || {algorithm: r.algorithm.id})};
	state.fromFile = fromUser === "attach" ? 0 : null; // an imported trace: its actions' count once known
	menu.close();
	tooltip.hide();
	branches.run(r, state.query);
	// the run carries its algorithm's entry: the form need not wait for the registry
	if (!registry.some((a) => a.id === r.algorithm.id)) registry.push(r.algorithm);
	form.fromRun(r);
	form.clearErrors();
	viewRun = null;
	useView(r);
	spacetime.setRun(r, state.log);
	narration.setLog(state.log);
	panel.setRun(r);
	controls.resetMarks();
	app.dataset.state = "running";
	const sc = (r.algorithm.scenarios || []).find((s) => s.id === (r.query || {}).scenario);
	runTitle();
	files.setRun(r, sc);
	$("io-status").textContent = fromUser === "attach" ? "" : $("io-status").textContent;
	if (fromUser && window.innerWidth < 1280) chrome.setSetup(false);
	legend();
}

// MAX_LINK_ACTS is the longest acts text the address bar takes: beyond it
// (an imported trace of many actions) the page says the run is a file's.
const MAX_LINK_ACTS = 4000;

// onActs takes the user's actions in the run now (the server's `actions`):
// the address bar holds them, so that reloading it reproduces the run.
function onActs(msg) {
	const tooLong = msg.acts.length > MAX_LINK_ACTS;
	if (msg.acts && !tooLong) state.query.acts = msg.acts;
	else delete state.query.acts;
	state.actsCount = msg.count;
	if (state.fromFile !== null) state.fromFile = tooLong ? msg.count : 0;
	branches.acts(state.query.acts);
	if (tooLong) ioStatus(t("run.fromFileNote", {k: msg.count}), false);
	runTitle();
	addressBar();
}

const runTitle = () => writeRunTitle(state);
const reference = () => translateReference(registry);

// seeRoles adds the roles of the processes that changed to those the legend
// shows (once the view is there: a process it does not draw, an empty
// device slot, is not in the legend); true when one was new.
let unseen = []; // frames that came before the view: {nodes, outcome} as they were
function seeRoles(f, changes) {
	if (!view || viewRun !== state.run) {
		unseen.push({nodes: f.nodes.slice(), outcome: f.outcome});
		return false;
	}
	const drawn = view.drawn(f);
	let added = false;
	const see = (nd) => {
		if ((drawn && !drawn[nd.pos]) || state.roles.includes(nd.role)) return;
		state.roles.push(nd.role);
		added = true;
	};
	if (changes.whole || (drawn && changes.outcome)) f.nodes.forEach(see);
	else for (const p of changes.nodes) see(f.nodes[p]);
	return added;
}

function onFrame(msg) {
	const before = state.frame;
	const {frame: f, changes} = applyMessage(state.frame, msg);
	// a menu shows the run as it was: it goes when the run moves on
	if (menu.isOpen && before && (before.step !== f.step || before.events !== f.events)) menu.close();
	state.frame = f;
	state.changes = merge(state.changes, changes);
	if (seeRoles(f, changes)) legend();
	if (state.wantStep !== null) {
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
	render();
	addressBar();
}

// onError shows a refusal where it belongs: next to the form for open,
// beside the import for attach, else as a notice.
function onError(text, about) {
	if (about === "experiment") return experiment && experiment.onError(text);
	const kind = about || state.awaiting;
	if (kind === "open") {
		state.awaiting = null;
		loadRegistry();
		chrome.setSetup(true);
		form.showServerError(text);
		return;
	}
	if (kind === "attach" && state.awaiting === "attach") {
		state.awaiting = null;
		ioStatus(t("io.refused", {error: text}), true);
		chrome.setSetup(true);
		return;
	}
	if (kind === "attach" && state.run && state.wantStep !== null) {
		// back after a lost connection, and the server has forgotten the run
		// (a restart): run it again from its link and go back to the step
		chrome.toast(t("conn.reopened"));
		send(atStep({type: "open", query: state.query}, state.wantStep));
		state.wantStep = null;
		return;
	}
	chrome.toast(t("err.server", {error: text}));
}

// ---- actions ----

function openRun(req) {
	if (offline) return chrome.toast(t("offline.noEngine")); // a new run needs the simulator
	const msg = {type: "open", algorithm: req.algorithm, query: req.query};
	if (req.seed !== null && req.seed !== undefined) msg.seed = req.seed;
	if (req.scenario) msg.scenario = req.scenario;
	state.wantStep = null;
	state.awaiting = "open";
	if (!send(msg)) form.showError(t("form.err.offline"));
}

// openVersion opens the run of this link with other acts (a branch), at a step.
function openVersion(acts, step) {
	const query = {...state.query};
	delete query.acts;
	if (acts) query.acts = acts;
	state.wantStep = null;
	send(atStep({type: "open", query}, step));
}

// atStep asks an open for the frame at step k (null: step 0): the server
// computes the run that far and answers that frame, in one round trip.
function atStep(msg, k) {
	if (k !== null && k !== undefined) msg.step = k;
	return msg;
}

function setSpeed(s) {
	state.speed = s;
	store.set("speed", String(s));
	if (state.playing) send({type: "play", speed: s});
	render();
}

function setManual(on) {
	state.manual = on;
	state.changes = everything(); // the messages' look
	if (on && state.playing) send({type: "pause"});
	$("mode-hint").hidden = !on;
	render();
}

// ---- rendering, at most once per animation frame ----

let queued = false;
function render() {
	if (queued) return;
	queued = true;
	requestAnimationFrame(() => {
		queued = false;
		draw();
	});
}

let wordsAt = 0; // when the narration and the panel were last written
let wordsTimer = null;
function draw() {
	const f = state.frame;
	controls.update({hasRun: !!state.run, frame: f, playing: state.playing, manual: state.manual, speed: state.speed});
	if (!state.run || !f) return;
	// what changed in the frame since the last drawing (null: anything may have)
	const changes = state.changes;
	state.changes = noChanges();
	if (view && viewRun === state.run) {
		view.update(f, {manual: state.manual, selected: state.selected, hover: state.hover}, changes);
		// a deep link asks for the registry once its run is on screen (after this frame's paint)
		if (!registryLoaded && !registryAsked) {
			registryAsked = true;
			requestAnimationFrame(() => setTimeout(loadRegistry, 0));
		}
	}
	if (state.tip) ui.showTip();
	const st = spacetime.update(f, changes);
	// a long run shows a window of time: say which
	text($("st-window"), st && st.domain[0] > 0 ? "· " + t("view.window", {t0: st.domain[0], t1: st.domain[1]}) : "");
	// While a run plays, the words (narration, panel) follow ten times a
	// second: nobody reads thirty, and the drawings keep every frame.
	const now = performance.now();
	if (!state.playing || now - wordsAt >= 100) {
		wordsAt = now;
		narration.update(f, state.playing);
		panel.update(f, {focus: state.hover ?? state.selected, pinned: state.selected !== null && state.hover === null});
	} else if (!wordsTimer) {
		// the last frame's words, even if no frame follows
		wordsTimer = setTimeout(() => ((wordsTimer = null), render()), 100 - (now - wordsAt));
	}
	controls.updateMarks(state.log, f.steps);
	text($("topo-note"), view && viewRun === state.run ? view.note() : "");
}

function legend() {
	const box = $("legend");
	clear(box);
	if (view && viewRun === state.run) view.legend(box, state.frame, state.roles);
}

let addrTimer = null;
function addressBar() {
	if (addrTimer) return;
	addrTimer = setTimeout(() => {
		addrTimer = null;
		if (!state.run || offline) return; // an offline file's address is the file's
		const alg = registry.find((a) => a.id === state.run.algorithm.id) || state.run.algorithm;
		const step = state.frame && state.frame.step > 0 ? state.frame.step : null;
		const search = buildSearch(alg, state.query, step, chrome.presenting(), link);
		if (search !== location.search) history.replaceState(null, "", location.pathname + search + location.hash);
	}, 250);
}

// ---- language, import and export ----

function setLang(l) {
	i18n.setLang(l);
	store.set("lang", i18n.lang());
	document.documentElement.lang = i18n.lang();
	$("lang").value = i18n.lang();
	i18n.apply(document);
	form.relabel();
	reference();
	controls.fillSpeeds(state.speed);
	chrome.relabel();
	branches.relabel();
	keyOverlay.relabel();
	runTitle();
	legend();
	if (experiment) experiment.relabel();
	state.changes = everything(); // the views' words
	if (state.conn === "open") send({type: "lang", lang: i18n.lang()});
	render();
}
$("lang").addEventListener("change", () => setLang($("lang").value));

const files = createFiles({
	state,
	send,
	shown: () => (view && viewRun === state.run ? view : null),
	onRefused: () => chrome.setSetup(true),
	offline: !!offline,
});
const ioStatus = files.status;

$("summary").addEventListener("click", () => $("summary").classList.toggle("open"));

// ---- start ----

// a deep link's lang= wins over the remembered choice (and is remembered)
// (an offline file's address may say how to show it: embed, present, step, lang)
const link = parseLocation(location.search);
// an offline file opens in the language it was saved in, unless its address says another
setLang(i18n.pickLang(link.lang || (offline ? offline.lang : store.get("lang")), navigator.languages));
if (link.present) chrome.setPresenter(true); // full screen needs a click: the F11 of the browser, or P
// in a slide's iframe: the run without the page's chrome (embed.css)
if (link.embed) document.documentElement.dataset.embed = "";
if (link.embed && !link.spacetime) document.documentElement.dataset.spacetime = "off";

if (offline) {
	state.pending = {type: "attach", id: offline.run.id};
	state.wantStep = link.step;
	chrome.setSetup(false);
} else if (link.algorithm) {
	// a deep link runs at once; the form follows when the registry is in
	const msg = {type: "open", algorithm: link.algorithm, query: link.acts ? {...link.query, acts: link.acts} : link.query};
	if (link.seed !== null) msg.seed = link.seed;
	if (link.scenario) msg.scenario = link.scenario;
	state.pending = atStep(msg, link.step);
	if (window.innerWidth < 1280) chrome.setSetup(false);
} else {
	loadRegistry();
}

/** loadRegistry fetches the registry once and then fills the form: with the run's algorithm, the deep link's, or the first. */
function loadRegistry() {
	const ask = () =>
		offline
			? Promise.resolve([offline.run.algorithm]) // the file holds its run's entry only
			: fetch("/api/algorithms").then((r) => {
					if (!r.ok) throw new Error(`GET /api/algorithms: ${r.status}`);
					return r.json();
				});
	registryLoaded ||= ask()
		.then((list) => {
			const had = registry.length > 0; // the entry of a run that came first
			registry.splice(0, registry.length, ...list);
			reference();
			form.relabel();
			if (had) {
				// the form shows the run already
			} else if (link.algorithm && registry.some((a) => a.id === link.algorithm)) {
				form.select(link.algorithm, {scenarioID: link.scenario, texts: link.query, seedValue: link.seed});
			} else {
				form.select(registry[0] ? registry[0].id : "");
			}
		})
		.catch((e) => {
			registryLoaded = null; // ask again next time
			form.showError(t("err.server", {error: e.message}));
		});
	return registryLoaded;
}
render();

// for the end-to-end tests and the curious: the state, read-only by convention
window.distviz = {
	state,
	offline: !!offline,
	nextSpeed,
	/** the Experiment tab once it has been opened (null before) */
	get experiment() {
		return experiment;
	},
};
