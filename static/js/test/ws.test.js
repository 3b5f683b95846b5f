import {test, eq} from "./harness.js";
import {connect} from "../app/ws.js";

// fakeSocket is an open socket that notes what is sent on it.
function fakeSocket() {
	return {readyState: WebSocket.OPEN, out: [], send(text) {
		this.out.push(text);
	}, close() {}};
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

test("connect: the head's socket is taken over with what was sent and received on it", async () => {
	const socket = fakeSocket();
	const lang = JSON.stringify({type: "lang", lang: "de"}), open = JSON.stringify({type: "open", algorithm: "bully"});
	const early = {socket, sent: [lang, open], received: [{data: '{"type":"run","id":"r1"}'}]};
	const got = [], statuses = [];
	let conn = null;
	conn = connect({url: "ws://unused", early, onMessage: (m) => got.push(m.type), onStatus: (s) => {
		statuses.push(s);
		// as the app does when the socket opens: its language, then the open waiting for it
		if (s !== "open") return;
		conn.send({type: "lang", lang: "de"});
		conn.send({type: "open", algorithm: "bully"});
	}});
	await tick();
	eq(statuses, ["connecting", "open"]);
	eq(socket.out, [], "what the head sent is not sent again");
	eq(got, ["run"], "what came before is taken, after the open");
	conn.send({type: "step"});
	eq(socket.out, ['{"type":"step"}']);
});

test("connect: a message other than the head's is sent, and everything after it", async () => {
	const socket = fakeSocket();
	const early = {socket, sent: [JSON.stringify({type: "lang", lang: "de"}), JSON.stringify({type: "open", algorithm: "bully"})], received: []};
	const conn = connect({url: "ws://unused", early, onMessage: () => {}, onStatus: () => {}});
	await tick();
	conn.send({type: "lang", lang: "es"});
	conn.send({type: "open", algorithm: "bully"});
	eq(socket.out, ['{"type":"lang","lang":"es"}', '{"type":"open","algorithm":"bully"}']);
});
