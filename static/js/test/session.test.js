import {test, eq} from "./harness.js";
import {createSession} from "../app/session.js";

// fakeSession is a session on a fake connection: status(s) changes the
// connection's status, receive(msg) delivers a message, sent lists the types sent.
function fakeSession() {
	const sent = [];
	let hooks = null;
	const app = {run: null, frame: null, query: {}};
	const on = {status() {}, experiment: () => false, run: (r) => (app.run = r), frame: (m) => m, message() {}, openRefused() {}, attachRefused() {}, reopened() {}, experimentError() {}, error() {}, leaving() {}};
	const transport = (opts) => {
		hooks = opts;
		return {send: (msg) => (sent.push(msg.type), true)};
	};
	const session = createSession({offline: null, refusal: () => "", app, on, transport});
	return {session, sent, status: (s) => hooks.onStatus(s, 1), receive: (msg) => hooks.onMessage(msg)};
}

test("session: an open the lost connection left unanswered is sent again on reconnecting", () => {
	const f = fakeSession();
	f.status("open");
	f.session.open({type: "open", algorithm: "a"}, null, false);
	eq(f.sent, ["open"]);
	f.status("closed");
	f.status("connecting");
	f.status("open");
	eq(f.sent, ["open", "open"], "the open again on the new connection");
});

test("session: an answered open or attach is not sent again", () => {
	const f = fakeSession();
	f.status("open");
	f.session.open({type: "open", algorithm: "a"});
	f.receive({type: "error", error: "no", for: "open"});
	f.status("closed");
	f.status("open");
	eq(f.sent, ["open"], "a refused open stays refused");
	f.session.attach("r1");
	f.receive({type: "run", id: "r1"});
	f.status("closed");
	f.status("open");
	eq(f.sent, ["open", "attach", "attach"], "the run is attached again, once");
});
