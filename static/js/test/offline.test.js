// The offline file's transport (app/offline.js): any step's whole frame,
// reached in any order, is the one the server sends (the recorded runs of
// deltafixture.js), and the requests are answered as a session would.
import {test, eq, ok} from "./harness.js";
import {createFrames, connectOffline} from "../app/offline.js";
import {CASES} from "./deltafixture.js";

test("offline: whole frames in any order", () => {
	for (const c of CASES) {
		const msgs = c.steps.map((s) => s.msg);
		const frames = createFrames(msgs);
		const order = [...msgs.keys()].reverse().concat([...msgs.keys()]);
		for (const i of order) {
			const want = c.steps[i].want;
			if (want) eq(frames.whole(i), {...want, type: "frame"}, `${c.name}, message ${i}`);
		}
		// what whole gives is a copy: changing it changes nothing kept
		frames.whole(msgs.length - 1).nodes.length = 0;
		ok(frames.whole(msgs.length - 1).nodes.length > 0, `${c.name}: the frames are copies`);
	}
});

test("offline: the transport answers as a session", async () => {
	// a run's frames from its start while it only steps forward
	const c = CASES.find((x) => x.steps.length > 3 && x.steps[1].op === "step" && x.steps[2].op === "step");
	const frames = [];
	for (const s of c.steps) {
		if (frames.length && s.op !== "step") break;
		frames.push(s.msg);
	}
	const data = {run: c.run, frames, events: [{type: "events", from: 1, events: []}], lang: "en", step: 0};
	const got = [];
	const conn = connectOffline({data, onMessage: (m) => got.push(m), onStatus: () => {}, refusal: (t) => "no " + t});
	const answers = async (msg) => {
		got.length = 0;
		conn.send(msg);
		await new Promise((r) => setTimeout(r, 5));
		return got.map((m) => m.type);
	};
	eq(await answers({type: "attach", id: "x"}), ["run", "frame", "events"], "attach");
	eq(await answers({type: "step"}), [frames[1].type], "a step forward is its message");
	eq(got[0].step, frames[1].step, "step");
	eq(await answers({type: "last"}), ["frame"], "last");
	eq(got[0].step, frames.length - 1, "last's step");
	eq(await answers({type: "seekSeq", seq: frames[1].seq}), ["frame"], "seekSeq");
	eq(got[0].seq, frames[1].seq, "the step of the event");
	eq(await answers({type: "action", action: {type: "crash", node: 1}}), ["error"], "an action");
	eq(got[0].error, "no action", "the refusal");
	conn.close();
});
