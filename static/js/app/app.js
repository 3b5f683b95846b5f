// The lecture app's entry: state, the WebSocket session's messages, and the
// wiring between the parts. The browser draws what the server sends; the
// run's view comes from ../views/index.js by the registry's `view`, and the
// app knows none of them.

import {createSession, showStatus} from "./session.js";
import {createRegistry} from "./registry.js";
import {lazyExperiment} from "./experimenttab.js";
import {createDrawing} from "./drawing.js";
import {createPacer} from "./framepace.js";
import {createState, takeRun} from "./appstate.js";
import * as i18n from "../i18n/i18n.js";
import {t} from "../i18n/i18n.js";
import {createForm} from "./form.js";
import {createStageView} from "./stageview.js";
import {createSpacetime} from "../spacetime/spacetime.js";
import {createNarration} from "./narration.js";
import {createPanel} from "../panel/panel.js";
import {createControls, nextSpeed} from "./controls.js";
import {createMenu, createTooltip} from "./menu.js";
import {createFiles} from "./files.js";
import {writeRunTitle, translateReference} from "./titles.js";
import {parseLocation, buildSearch} from "./params.js";
import {orderToggle} from "./stmode.js";
import {createChrome} from "./chrome.js";
import {store} from "./store.js";
import {createInteractions} from "./interact.js";
import {applyMessage, merge, everything} from "./model.js";
import {createBranches} from "./branches.js";
import {createKeyOverlay, markAround} from "./keys.js";
import {offlineData} from "./offline.js";
import {createFollowers, start} from "./start.js";

const $ = (id) => document.getElementById(id);
// an offline file's run (GET /api/runs/{id}/export?format=html), which a
// local transport answers from; null on the server's page
const offline = offlineData(document);
// the algorithms the form offers (registry.js): the form is filled when they come
const registry = createRegistry({offline, form: () => form, link: () => link, relabel: () => reference()});

const state = createState();
// the page's address: a deep link's run, language, presenter or embedded mode
const link = parseLocation(location.search);

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
	registry.list,
	{onRun: openRun},
);
const experiment = lazyExperiment({
	tabRun: $("tab-run"),
	tabExperiment: $("tab-experiment"),
	make: (m) => {
		const e = m.createExperiment({send: (msg) => send(msg), form});
		e.connection(session.state.status);
		return e;
	},
});
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
const chrome = createChrome({onLayout: () => (stage.view && stage.view.layout(), state.frame && spacetime.update(state.frame)), isMenuOpen: () => menu.isOpen, onPresenter: () => addressBar()});

const stage = createStageView({canvas: $("canvas"), root: app, state, ui, send: (m) => send(m), render: () => render(), legendBox: $("legend")});
const {ready, formFollows} = createFollowers({state, stage, form});

const spacetime = createSpacetime($("spacetime"), {
	onSeek: (seq) => session.moves.seekSeq(seq),
	onHoverEvent: ui.hoverEvent,
	// lanes only for the processes the view draws (not a free device slot)
	lanes: (f) => (stage.shown() ? stage.shown().drawn(f) : null),
});
$("spacetime-title").append(orderToggle((byOrder) => spacetime.setOrder(byOrder)));
const narration = createNarration($("narration"), $("narration-empty"), {
	onSeek: (seq) => session.moves.seekSeq(seq),
});
const panel = createPanel(
	{details: $("details"), outcome: $("outcome"), counters: $("counters"), theory: $("theory"), pill: $("invariants"), banner: $("violation")},
	{onSeek: (seq) => session.moves.seekSeq(seq)},
);
// ---- the session ----

const session = createSession({
	offline,
	refusal: () => t("offline.noEngine"),
	app: state,
	on: {
		status: onStatus,
		experiment: (msg) => !!experiment.tab && experiment.tab.receive(msg),
		run: onRun,
		frame: (msg) => pacer.take(msg),
		message: (msg) => {
			if (msg.type === "events") onEvents(msg);
			else if (msg.type === "actions") (pacer.flush(), onActs(msg));
			else if (msg.type === "playing") {
				state.playing = !!msg.playing;
				render();
			}
		},
		openRefused: (text) => {
			ready();
			chrome.setSetup(true);
			refusal = text;
			form.showServerError(text);
			// the registry fills the form anew when it comes: the refusal is shown again then
			registry.load().then(() => refusal === text && form.showServerError(text));
			// presenter mode hides the form: the refusal stays in a notice until clicked
			if (chrome.presenting()) chrome.toast(t("err.server", {error: text}), true);
		},
		attachRefused: (text) => {
			ioStatus(t("io.refused", {error: text}), true);
			chrome.setSetup(true);
		},
		reopened: () => chrome.toast(t("conn.reopened")),
		experimentError: (text) => experiment.tab && experiment.tab.onError(text),
		error: (text) => chrome.toast(t("err.server", {error: text})),
		leaving: () => branches.leaving(),
	},
});
const send = session.send;
let refusal = null; // the last open refused, until a run or another open

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
		...session.moves,
		// by the app's state, which the server's answers set at once (the controls' follows at the next drawing)
		toggleManual: () => setManual(!state.manual),
		setSpeed,
		setManual,
		undo: () => branches.undo(),
		mark: (dir) => {
			const seq = state.frame ? markAround(state.log, state.frame.seq, dir) : null;
			if (seq !== null) session.moves.seekSeq(seq);
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
narration.setLog(state.log);

function onStatus(s, secs) {
	if (experiment.tab) experiment.tab.connection(s);
	showStatus($("conn"), s, secs);
	if (s !== "open") {
		state.playing = false;
		return;
	}
	// narration in the page's language from the start (accepted before a run)
	send({type: "lang", lang: i18n.lang()});
}

function onEvents(msg) {
	if (msg.from <= state.log.length) {
		spacetime.truncate(msg.from);
		narration.truncate(msg.from);
	}
	state.log.add(msg);
	render();
}

// onRun takes a new run; fromUser: the open or attach the user asked for.
function onRun(r, fromUser) {
	pacer.clear(); // (frames of the run before)
	refusal = null;
	takeRun(state, r, fromUser === "attach");
	menu.close();
	tooltip.hide();
	branches.run(r, state.query);
	// the run carries its algorithm's entry: the form need not wait for the
	// registry, and follows the run once its first picture is on screen
	registry.add(r.algorithm);
	formFollows(r);
	form.clearErrors();
	spacetime.setRun(r, state.log);
	narration.setLog(state.log);
	panel.setRun(r);
	controls.resetMarks();
	app.dataset.state = "running";
	const sc = (r.algorithm.scenarios || []).find((s) => s.id === (r.query || {}).scenario);
	runTitle();
	files.setRun(r, sc);
	$("io-status").textContent = fromUser === "attach" ? "" : $("io-status").textContent;
	if (fromUser && chrome.narrow()) chrome.setSetup(false);
	// the view last, in the page as the run shows it: it measures its box
	stage.use(r);
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
const reference = () => translateReference(registry.list);

function onFrame(msg) {
	const before = state.frame;
	const {frame: f, changes} = applyMessage(state.frame, msg);
	// a menu shows the run as it was: it goes when the run moves on
	if (menu.isOpen && before && (before.step !== f.step || before.events !== f.events)) menu.close();
	state.frame = f;
	state.changes = merge(state.changes, changes);
	if (stage.seeRoles(f, changes)) stage.legend();
	render();
	addressBar();
	return f;
}

// (frames on the way to a step wanted are applied at once: the session goes on from each)
const pacedPlay = () => state.playing && session.state.wantStep === null;
const pacer = createPacer({apply: onFrame, waiting: () => waiting(), playing: pacedPlay, current: () => state.frame});

// ---- actions ----

function openRun(req) {
	if (offline) return chrome.toast(t("offline.noEngine")); // a new run needs the simulator
	refusal = null;
	const msg = {type: "open", algorithm: req.algorithm, query: req.query};
	if (req.seed !== null && req.seed !== undefined) msg.seed = req.seed;
	if (req.scenario) msg.scenario = req.scenario;
	if (!session.open(msg)) form.showError(t("form.err.offline"));
}

// openVersion opens the run of this link with other acts (a branch), at a step.
function openVersion(acts, step) {
	const query = {...state.query};
	delete query.acts;
	if (acts) query.acts = acts;
	session.open({type: "open", query}, step, false);
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

// ---- drawing (drawing.js) ----

const {render, addressBar, waiting} = createDrawing({
	state,
	next: () => pacer.next(),
	parts: {controls, stage, ui, spacetime, narration, panel},
	// a deep link asks for the registry once its run is on screen, and has the reference laid out
	drawn: () => (registry.afterPaint(), ready()),
	search: () => {
		if (!state.run || offline) return null; // an offline file's address is the file's
		const alg = registry.list.find((a) => a.id === state.run.algorithm.id) || state.run.algorithm;
		const step = state.frame && state.frame.step > 0 ? state.frame.step : null;
		return buildSearch(alg, state.query, step, chrome.presenting(), link);
	},
});

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
	stage.legend();
	if (experiment.tab) experiment.tab.relabel();
	state.changes = everything(); // the views' words
	if (session.state.status === "open") send({type: "lang", lang: i18n.lang()});
	render();
}
$("lang").addEventListener("change", () => setLang($("lang").value));

const files = createFiles({
	state,
	attach: session.attach,
	shown: stage.shown,
	onRefused: () => chrome.setSetup(true),
	offline: !!offline,
});
const ioStatus = files.status;

$("summary").addEventListener("click", () => $("summary").classList.toggle("open"));

// ---- start (start.js) ----

start({link, offline, setLang, chrome, stage, session, registry, ready});
render();

// for the end-to-end tests and the curious: the state, read-only by convention
window.distviz = {
	state,
	session: session.state,
	offline: !!offline,
	nextSpeed,
	/** the Experiment tab once it has been opened (null before) */
	get experiment() {
		return experiment.tab;
	},
};
