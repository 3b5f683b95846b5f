package algos

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"distviz/engine"
	"distviz/param"
)

// Maekawa (1985), ALGORITHMS.md 2.5: mutual exclusion with quorums. Every
// process i has a quorum S_i, and every two quorums intersect; i enters when
// every member of S_i has locked for it, and a member locks for one request
// at a time. Requests carry timestamps (sequence number, ID): smaller is
// older and has priority. The rules, named as the lecture names them:
//
//   - i requests: REQUEST(t) to every node of S_i.
//   - j receives REQUEST(t) from i: R1 adds it to A_j; R2 if free, locks for
//     i and sends LOCKED(t); if locked by k for t′: if t is now the oldest
//     request, INQUIRE(t′) to k, else FAILED(t) to i.
//   - i receives LOCKED: L1 adds j to E_i; L2 enters when E_i = S_i.
//   - exit: E_i := ∅, RELEASE(t) to S_i. j receives it: S1 removes the
//     request, S2 locks for the oldest remaining one (LOCKED).
//   - k receives INQUIRE(t′) from j: if it has received a FAILED, Ia removes
//     j from E_k and Ib sends RELINQUISH(t′); otherwise it stores the INQUIRE.
//   - k receives FAILED: Fa, if it holds INQUIREs, does Ia/Ib for each; Fb
//     otherwise stores the FAILED.
//   - j receives RELINQUISH: Q1 drops the lock, Q2 locks for the oldest
//     request of A_j, Q3 sends it LOCKED.
//
// Variant corrected (the default) adds what the rules miss: whenever a
// waiting request at j is no longer the oldest — an older one arrived or
// took the lock — j sends it FAILED, once per request. Under the lecture's
// rules a request that was the oldest when it arrived (so j sent INQUIRE,
// not FAILED) may be overtaken by an older one and never learn that it
// failed at j; it keeps the INQUIREs it holds unanswered and a cycle of
// waits can form (ALGORITHMS.md 2.5). The final check finds and explains it.
//
// Choices the rules leave open: a process that is in its own quorum handles
// its own messages locally, without a network message, after the step's
// other work (so a step never re-enters a handler); j sends at most one
// INQUIRE per lock (Maekawa's original; a second one could not change
// anything at k); a process's FAILEDs count for its whole request (once
// failed, it gives up a lock whenever asked); a request given up with
// RELINQUISH is not sent FAILED again by that node — its requester knows it
// failed. Sequence numbers follow Lamport's rule: +1 before a request, and
// max(own, received) + 1 when a REQUEST arrives. The algorithm assumes FIFO
// channels (an INQUIRE must not overtake its LOCKED), so fifo must stay on.
// Nodes are numbered as in the lecture: position p is P(p+1) with ID p+1.

const (
	msgMKRequest    = "REQUEST"
	msgMKLocked     = "LOCKED"
	msgMKRelease    = "RELEASE"
	msgMKFailed     = "FAILED"
	msgMKInquire    = "INQUIRE"
	msgMKRelinquish = "RELINQUISH"

	maxMaekawaN = 91 // the largest projective plane offered, of order 9

	mkCorrected = "corrected"
	mkLecture   = "lecture"
)

// mkLabel names position p as the lecture does: P1..Pn.
func mkLabel(p int) string { return "P" + strconv.Itoa(p+1) }

func mkLabels(ps []int) string {
	s := make([]string, len(ps))
	for i, p := range ps {
		s[i] = mkLabel(p)
	}
	return strings.Join(s, ", ")
}

// mkStamp is a request's timestamp (sequence number, ID); every message
// carries the timestamp of the request it concerns.
type mkStamp struct {
	Seq int `json:"seq"`
	ID  int `json:"id"`
}

func (s mkStamp) Label() string { return strconv.Itoa(s.Seq) + "," + strconv.Itoa(s.ID) }

func (s mkStamp) less(o mkStamp) bool { return s.Seq < o.Seq || (s.Seq == o.Seq && s.ID < o.ID) }

func (s mkStamp) json() []int { return []int{s.Seq, s.ID} }

// mkReq is a request as an arbiter j knows it (an element of A_j).
type mkReq struct {
	node   int
	ts     mkStamp
	failed bool // j has sent FAILED for it, or its requester gave it up (knows it failed)
}

type maekawaNode struct {
	mutexCore
	quorum  []int // S_i, ascending
	lecture bool  // variant lecture: the rules exactly as written
	inquire bool  // INQUIRE/RELINQUISH enabled
	clock   int
	req     mkStamp // the current request, while WANTED or HELD

	// As an arbiter (a member of other quorums).
	lock      *mkReq  // for whom this node is locked; nil: free
	inquired  bool    // an INQUIRE has been sent for the current lock
	queue     []mkReq // the other requests of A_j, oldest first
	localMsgs []engine.Message

	// As a requester.
	granted  []int // E_i: the members that have locked for the current request
	inquires []int // stored INQUIREs, by the lockers that sent them
	failed   []int // members that sent FAILED for the current request
}

func (m *maekawaNode) Start(env *engine.Env) { m.StartWorkload(env); m.drain(env) }
func (m *maekawaNode) Timer(env *engine.Env, name string) {
	m.OnTimer(env, name, m)
	m.drain(env)
}
func (m *maekawaNode) Recover(env *engine.Env) { m.OnRecover(env); m.drain(env) }
func (m *maekawaNode) Act(env *engine.Env, a string) error {
	err := m.OnAct(env, a, m)
	m.drain(env)
	return err
}

func (m *maekawaNode) Receive(env *engine.Env, from int, msg engine.Message) {
	m.Step()
	if msg.Type == msgTell { // the family's application message: request now
		m.clock = max(m.clock, msg.Body.(*lmTime).T) + 1 // Lamport's rule
		m.Told(env, from, m)
	} else {
		m.handle(env, from, msg)
	}
	m.drain(env)
}

// tellBody: a TELL carries the sequence number, so that a request made after
// hearing one is stamped later than the teller's (ME3).
func (m *maekawaNode) TellBody() any { return &lmTime{T: m.clock} }

// post sends a message for the request (forNode, forTS) — for the outcome's
// messages per entry — or keeps it for local handling if it is to itself.
// REQUEST, RELEASE and RELINQUISH serve the sender's own request, LOCKED and
// FAILED the receiver's, INQUIRE the older request that caused it. (A
// RELINQUISH is charged to its sender, whose request gives the lock up: the
// sender cannot know which request caused the INQUIRE.)
func (m *maekawaNode) post(env *engine.Env, to int, typ string, ts mkStamp, forNode int, forTS mkStamp) {
	msg := engine.Message{Type: typ, Body: &mkStamp{Seq: ts.Seq, ID: ts.ID}}
	if to == m.Self() {
		m.localMsgs = append(m.localMsgs, msg)
		return
	}
	m.SendFor(env, to, msg, forNode, int64(forTS.Seq))
}

// drain handles the messages this process sent itself, in order.
func (m *maekawaNode) drain(env *engine.Env) {
	for len(m.localMsgs) > 0 {
		msg := m.localMsgs[0]
		m.localMsgs = m.localMsgs[1:]
		env.Note("handles its own " + msg.Label() + " locally: it is in its own quorum, no message is sent")
		m.handle(env, m.Self(), msg)
	}
}

func (m *maekawaNode) handle(env *engine.Env, from int, msg engine.Message) {
	ts := *msg.Body.(*mkStamp)
	switch msg.Type {
	case msgMKRequest:
		m.onRequest(env, from, ts)
	case msgMKLocked:
		m.onLocked(env, from, ts)
	case msgMKRelease:
		m.onRelease(env, from, ts)
	case msgMKFailed:
		m.onFailed(env, from, ts)
	case msgMKInquire:
		m.onInquire(env, from, ts)
	case msgMKRelinquish:
		m.onRelinquish(env, from, ts)
	}
}

// The requester's side.

func (m *maekawaNode) Acquire(env *engine.Env) {
	m.clock++
	m.req = mkStamp{Seq: m.clock, ID: m.Self() + 1}
	m.TagRequest(int64(m.req.Seq)) // the messages for it name it by its sequence number
	m.granted, m.inquires, m.failed = m.granted[:0], m.inquires[:0], m.failed[:0]
	env.Note("requests with (" + m.req.Label() + "): REQUEST to its quorum " + mkLabels(m.quorum))
	for _, q := range m.quorum {
		m.post(env, q, msgMKRequest, m.req, m.Self(), m.req)
	}
}

func (m *maekawaNode) Release(env *engine.Env) {
	m.granted, m.inquires, m.failed = m.granted[:0], m.inquires[:0], m.failed[:0]
	env.Note("exit: E := ∅; RELEASE(" + m.req.Label() + ") to its quorum " + mkLabels(m.quorum))
	for _, q := range m.quorum {
		m.post(env, q, msgMKRelease, m.req, m.Self(), m.req)
	}
}

func (m *maekawaNode) current(ts mkStamp) bool { return m.State() != stReleased && ts == m.req }

func (m *maekawaNode) onLocked(env *engine.Env, from int, ts mkStamp) {
	if m.State() != stWanted || ts != m.req {
		env.Note("ignores a stale LOCKED(" + ts.Label() + ") from " + mkLabel(from))
		return
	}
	m.granted = insertSorted(m.granted, from)
	if len(m.granted) < len(m.quorum) {
		env.Note("L1: " + mkLabel(from) + " has locked for it: " + strconv.Itoa(len(m.granted)) + " of " + strconv.Itoa(len(m.quorum)))
		return
	}
	env.Note("L1: " + mkLabel(from) + " has locked for it: " + strconv.Itoa(len(m.granted)) + " of " + strconv.Itoa(len(m.quorum)) +
		"; L2: all of its quorum have locked → enters")
	m.Enter(env)
}

func (m *maekawaNode) onInquire(env *engine.Env, from int, ts mkStamp) {
	switch {
	case m.State() == stHeld && ts == m.req:
		env.Note("inside the critical section: keeps the lock of " + mkLabel(from) + "; its RELEASE will answer the INQUIRE")
		return
	case !m.current(ts) || !slices.Contains(m.granted, from):
		env.Note("ignores a stale INQUIRE(" + ts.Label() + ") from " + mkLabel(from))
		return
	}
	if len(m.failed) > 0 {
		m.granted = slices.DeleteFunc(m.granted, func(x int) bool { return x == from })
		env.Note("has received FAILED (from " + mkLabels(m.failed) + "): Ia removes " + mkLabel(from) + " from E; Ib RELINQUISH to " + mkLabel(from))
		m.post(env, from, msgMKRelinquish, m.req, m.Self(), m.req)
		return
	}
	m.inquires = insertSorted(m.inquires, from)
	env.Note("no FAILED yet: stores the INQUIRE from " + mkLabel(from))
}

func (m *maekawaNode) onFailed(env *engine.Env, from int, ts mkStamp) {
	if m.State() != stWanted || ts != m.req {
		env.Note("ignores a stale FAILED(" + ts.Label() + ") from " + mkLabel(from))
		return
	}
	m.failed = insertSorted(m.failed, from)
	if len(m.inquires) == 0 {
		env.Note("Fb: stores the FAILED from " + mkLabel(from) + " (no INQUIRE to answer yet)")
		return
	}
	give := slices.Clone(m.inquires)
	m.inquires = m.inquires[:0]
	m.granted = slices.DeleteFunc(m.granted, func(x int) bool { return slices.Contains(give, x) })
	env.Note("Fa: FAILED from " + mkLabel(from) + " while it holds the INQUIRE of " + mkLabels(give) + ": Ia removes it from E; Ib RELINQUISH to " + mkLabels(give))
	for _, x := range give {
		m.post(env, x, msgMKRelinquish, m.req, m.Self(), m.req)
	}
}

// The arbiter's side.

// oldest is the oldest request of A_j: the locked one or the queue's head.
func (m *maekawaNode) oldest() mkStamp {
	if len(m.queue) > 0 && (m.lock == nil || m.queue[0].ts.less(m.lock.ts)) {
		return m.queue[0].ts
	}
	return m.lock.ts
}

func (m *maekawaNode) enqueue(r mkReq) {
	i, _ := slices.BinarySearchFunc(m.queue, r.ts, func(a mkReq, t mkStamp) int {
		switch {
		case a.ts.less(t):
			return -1
		case t.less(a.ts):
			return 1
		}
		return 0
	})
	m.queue = slices.Insert(m.queue, i, r)
}

// lockFor locks for the queue's head, the oldest waiting request.
func (m *maekawaNode) lockForOldest() mkReq {
	r := m.queue[0]
	m.queue = m.queue[1:]
	m.lock, m.inquired = &r, false
	return r
}

func (m *maekawaNode) onRequest(env *engine.Env, from int, ts mkStamp) {
	if from != m.Self() {
		m.clock = max(m.clock, ts.Seq) + 1 // Lamport's rule
	}
	if m.lock == nil {
		m.lock, m.inquired = &mkReq{node: from, ts: ts}, false
		env.Note("R1: adds (" + ts.Label() + ") of " + mkLabel(from) + "; R2: free → locks for it: LOCKED to " + mkLabel(from))
		m.post(env, from, msgMKLocked, ts, from, ts)
		return
	}
	m.enqueue(mkReq{node: from, ts: ts})
	lk := *m.lock
	switch {
	case m.oldest() != ts:
		m.markFailed(ts)
		env.Note("R1: adds (" + ts.Label() + ") of " + mkLabel(from) + "; R2: locked by " + mkLabel(lk.node) + " for (" + lk.ts.Label() + "); (" + ts.Label() + ") is not the oldest → FAILED to " + mkLabel(from))
		m.post(env, from, msgMKFailed, ts, from, ts)
	case !m.inquire:
		env.Note("R1: adds (" + ts.Label() + ") of " + mkLabel(from) + "; R2: locked by " + mkLabel(lk.node) + " for (" + lk.ts.Label() + "); (" + ts.Label() + ") is now the oldest, but INQUIRE is off: it waits")
	case m.inquired:
		env.Note("R1: adds (" + ts.Label() + ") of " + mkLabel(from) + "; R2: locked by " + mkLabel(lk.node) + " for (" + lk.ts.Label() + "); (" + ts.Label() + ") is now the oldest; INQUIRE was already sent to " + mkLabel(lk.node) + " for this lock")
	default:
		m.inquired = true
		env.Note("R1: adds (" + ts.Label() + ") of " + mkLabel(from) + "; R2: locked by " + mkLabel(lk.node) + " for (" + lk.ts.Label() + "); (" + ts.Label() + ") is now the oldest → INQUIRE to " + mkLabel(lk.node))
		m.post(env, lk.node, msgMKInquire, lk.ts, from, ts)
	}
	m.correct(env)
}

func (m *maekawaNode) markFailed(ts mkStamp) {
	for i := range m.queue {
		if m.queue[i].ts == ts {
			m.queue[i].failed = true
		}
	}
}

// correct is the corrected variant's rule: every waiting request that is no
// longer the oldest here, and has not been told, is sent FAILED.
func (m *maekawaNode) correct(env *engine.Env) {
	if m.lecture || m.lock == nil {
		return
	}
	old := m.oldest()
	for i := range m.queue {
		r := &m.queue[i]
		if r.failed || r.ts == old {
			continue
		}
		r.failed = true
		env.Note("corrected rule: (" + r.ts.Label() + ") of " + mkLabel(r.node) + " is no longer the oldest here → FAILED to " + mkLabel(r.node))
		m.post(env, r.node, msgMKFailed, r.ts, r.node, r.ts)
	}
}

func (m *maekawaNode) onRelease(env *engine.Env, from int, ts mkStamp) {
	if m.lock == nil || m.lock.node != from || m.lock.ts != ts {
		m.queue = slices.DeleteFunc(m.queue, func(r mkReq) bool { return r.node == from && r.ts == ts })
		env.Note("S1: removes (" + ts.Label() + ") of " + mkLabel(from) + ", for which it was not locked")
		return
	}
	m.lock = nil
	if len(m.queue) == 0 {
		env.Note("S1: removes (" + ts.Label() + ") of " + mkLabel(from) + "; S2: no request left: free")
		return
	}
	r := m.lockForOldest()
	env.Note("S1: removes (" + ts.Label() + ") of " + mkLabel(from) + "; S2: locks for the oldest, (" + r.ts.Label() + ") of " + mkLabel(r.node) + ": LOCKED to " + mkLabel(r.node))
	m.post(env, r.node, msgMKLocked, r.ts, r.node, r.ts)
	m.correct(env)
}

func (m *maekawaNode) onRelinquish(env *engine.Env, from int, ts mkStamp) {
	if m.lock == nil || m.lock.node != from || m.lock.ts != ts {
		env.Note("ignores a RELINQUISH(" + ts.Label() + ") from " + mkLabel(from) + ", for which it is not locked")
		return
	}
	given := *m.lock
	given.failed = true // its requester gave it up because it knows it failed
	m.enqueue(given)
	r := m.lockForOldest()
	env.Note("Q1: drops the lock for (" + ts.Label() + ") of " + mkLabel(from) + "; Q2: locks for the oldest, (" + r.ts.Label() + ") of " + mkLabel(r.node) + "; Q3: LOCKED to " + mkLabel(r.node))
	m.post(env, r.node, msgMKLocked, r.ts, r.node, r.ts)
	m.correct(env)
}

func insertSorted(xs []int, x int) []int {
	i, found := slices.BinarySearch(xs, x)
	if found {
		return xs
	}
	return slices.Insert(xs, i, x)
}

// View: the contract's vars (docs: contracts, maekawa), after the family's.
type mkLockView struct {
	Node int   `json:"node"`
	TS   []int `json:"ts"`
}

func (m *maekawaNode) View() engine.NodeView {
	vars := m.Vars()
	var req any
	if m.State() != stReleased {
		req = m.req.json()
	}
	var lock any
	if m.lock != nil {
		lock = mkLockView{Node: m.lock.node, TS: m.lock.ts.json()}
	}
	queue := make([]mkLockView, len(m.queue))
	for i, r := range m.queue {
		queue[i] = mkLockView{Node: r.node, TS: r.ts.json()}
	}
	vars = append(vars,
		engine.Var{Name: "quorum", Value: slices.Clone(m.quorum)},
		engine.Var{Name: "clock", Value: m.clock},
		engine.Var{Name: "request", Value: req},
		engine.Var{Name: "lock", Value: lock},
		engine.Var{Name: "queue", Value: queue},
		engine.Var{Name: "granted", Value: append([]int{}, m.granted...)},
		engine.Var{Name: "inquired", Value: append([]int{}, m.inquires...)},
		engine.Var{Name: "failed", Value: append([]int{}, m.failed...)})
	return engine.NodeView{Role: m.State(), Vars: vars}
}

func (m *maekawaNode) Clone() engine.Process {
	d := *m
	d.mutexCore = m.Copy()
	if m.lock != nil {
		l := *m.lock
		d.lock = &l
	}
	d.queue = slices.Clone(m.queue)
	d.localMsgs = slices.Clone(m.localMsgs)
	d.granted = slices.Clone(m.granted)
	d.inquires = slices.Clone(m.inquires)
	d.failed = slices.Clone(m.failed)
	return &d
}

// quorumsOf computes the quorums the parameters ask for.
func quorumsOf(v param.Values) ([][]int, error) {
	n := v.Int("n")
	switch v.String("quorums") {
	case "projective":
		qs, err := projectiveQuorums(n)
		if err != nil {
			return nil, param.Errorf("n", "%s", err.Error())
		}
		return qs, nil
	case "grid":
		return gridQuorums(n), nil
	case "majority":
		return majorityQuorums(n), nil
	}
	qs, err := checkQuorums(v.IntLists("quorumList"), n)
	if err != nil {
		return nil, param.Errorf("quorumList", "%s", err.Error())
	}
	return qs, nil
}

// largestQuorum is |S| in the theory's formulas (the largest when sizes differ).
func largestQuorum(v param.Values) int {
	qs, err := quorumsOf(v)
	if err != nil {
		return 0
	}
	k := 0
	for _, s := range qs {
		k = max(k, len(s))
	}
	return k
}

const mkDeadlockDoc = "When nothing is left to happen, no live process still waits for the critical section. If some do, the check " +
	"names a cycle of waits (each process waits for a node locked for the next) and, under the lecture's rules, the " +
	"request that was never told that it had failed."

// maekawaInvariants are the family's, with the deadlock check's explanation.
func maekawaInvariants() []Doc {
	out := slices.Clone(mutexInvariants)
	for i := range out {
		if out[i].Name == "deadlock" {
			out[i].Doc = mkDeadlockDoc
		}
	}
	return out
}

func maekawaParams() []param.Spec {
	ps := mutexParams(13,
		param.Spec{Name: "quorums", Type: param.Enum, Default: "projective", Options: []string{"projective", "grid", "majority", "explicit"},
			Doc: "How the quorums are built: the projective plane (n = 7, 13, 21, 31, 57, 73 or 91; for 13 the lecture's table), row and column of a ⌈√n⌉-wide grid, ⌊n/2⌋+1 consecutive positions (a majority), or quorumList."},
		param.Spec{Name: "quorumList", Type: param.Lists, Default: [][]int{}, Min: param.Bound(0), Max: param.Bound(maxMaekawaN - 1),
			Doc: "Explicit quorums (quorums = explicit): one list of positions per process, every two of them intersecting."},
		param.Spec{Name: "inquire", Type: param.Bool, Default: true,
			Doc: "Take locks back with INQUIRE and RELINQUISH; off, an older request just waits, and the algorithm can deadlock."},
		param.Spec{Name: "variant", Type: param.Enum, Default: mkCorrected, Options: []string{mkCorrected, mkLecture},
			Doc: "corrected: a waiting request that stops being the oldest at a node is sent FAILED (once); lecture: the rules exactly as written, which can deadlock."},
	)
	for i := range ps {
		switch ps[i].Name {
		case "n":
			ps[i].Max = param.Bound(maxMaekawaN)
			ps[i].Doc = "Number of processes, numbered P1..Pn as in the lecture."
		case "requestNodes", "tellFrom", "tellTo":
			ps[i].Max = param.Bound(maxMaekawaN - 1)
		}
	}
	return ps
}

func init() {
	everyone := func(n int) (nodes, times []int) {
		for p := range n {
			nodes, times = append(nodes, p), append(times, 0)
		}
		return nodes, times
	}
	all13, zeros13 := everyone(13)
	register(&Algorithm{
		ID:     "maekawa",
		Name:   "Maekawa's algorithm",
		Family: FamilyMutex,
		View:   ViewGrid,
		Summary: "Mutual exclusion with quorums: every process has a quorum, and every two quorums intersect. A requester " +
			"sends REQUEST with its timestamp (sequence number, ID) to its quorum and enters when every member has " +
			"LOCKED for it; a member locks for one request at a time. A younger request is told FAILED; an older one " +
			"makes the member INQUIRE whether the locked process will give the lock back, which it does with " +
			"RELINQUISH once it knows it failed. On exit, RELEASE frees the locks. 3(|S|−1) to 5(|S|−1) messages per " +
			"entry with quorums of size |S|, about √n.",
		Params:       maekawaParams(),
		MessageTypes: []string{msgMKRequest, msgMKLocked, msgMKRelease, msgMKFailed, msgMKInquire, msgMKRelinquish},
		Actions:      mutexActions,
		Invariants:   maekawaInvariants(),
		Theory: []Bound{
			{Name: "uncontended", Formula: "3(|S|−1)", Counts: "messages per entry (REQUEST, LOCKED, RELEASE to and from the rest of the quorum)",
				When: "no other request competes and the requester is in its own quorum",
				Eval: func(v param.Values) float64 { return float64(3 * (largestQuorum(v) - 1)) }},
			{Name: "favourable conflict", Formula: "4(|S|−1)", Counts: "messages per entry",
				When: "requests compete, but a younger one is only told FAILED and waits",
				Eval: func(v param.Values) float64 { return float64(4 * (largestQuorum(v) - 1)) }},
			{Name: "worst case", Formula: "5(|S|−1)", Counts: "messages per entry",
				When: "locks are taken back with INQUIRE and RELINQUISH (the lecture's count; one entry asked to give locks back several times can cost more)",
				Eval: func(v param.Values) float64 { return float64(5 * (largestQuorum(v) - 1)) }},
		},
		Scenarios: []Scenario{
			{ID: "lecture", Name: "Lecture: 13-node plane, one uncontended request",
				Doc: "The lecture's projective plane of 13 nodes, quorums of 4. P1 requests with (1,1): REQUEST to P2, P3, P4 " +
					"and its own lock locally; each locks for it, P1 enters and RELEASEs: 3(|S|−1) = 9 messages.",
				Params: map[string]any{"n": 13, "requestNodes": []int{0}, "requestTimes": []int{0}}},
			{ID: "inquire", Name: "Concurrent requests that need INQUIRE and RELINQUISH",
				Doc: "P3 and P9 request at time 0, P2 at time 1. P3 locks itself first, so P9 fails at P3. P9 holds P11 " +
					"when the older (1,2) of P2 arrives there: P11 sends INQUIRE to P9, which has failed and gives the lock " +
					"back with RELINQUISH; P11 locks for P2. P2 also INQUIREs P3 through P8, but P3 is already inside.",
				Params: map[string]any{"n": 13, "requestNodes": []int{2, 8, 1}, "requestTimes": []int{0, 0, 1}}},
			{ID: "no-inquire", Name: "Without INQUIRE: deadlock",
				Doc: "Everyone requests once at a time drawn from [0, 30], delays 1 to 10, inquire = false: nobody is asked " +
					"to give a lock back. Two processes get in; then P2, P8 and P9 each wait for a lock the next one holds, " +
					"and the final check reports the cycle of waits.",
				Params: map[string]any{"n": 13, "inquire": false, "spread": 30, "delay": map[string]any{"min": 1, "max": 10}}, Seed: 1},
			{ID: "lecture-deadlock", Name: "variant=lecture: all 13 request at once",
				Doc: "The rules exactly as the lecture writes them, all 13 requesting at once with delays 1 to 10. The " +
					"request (1,4) of P4 reaches P6 as the oldest, so P6 sends INQUIRE rather than FAILED; the older (1,3) " +
					"then takes P6's lock, and P4 never learns that it failed there: it keeps its locks at P4 and P11 and " +
					"leaves their INQUIREs unanswered. The final check finds the cycle of waits and explains it.",
				Params: map[string]any{"n": 13, "variant": mkLecture, "requestNodes": all13, "requestTimes": zeros13,
					"delay": map[string]any{"min": 1, "max": 10}}, Seed: 29},
			{ID: "corrected", Name: "The same run with the corrected rules",
				Doc: "As before, but with the correction: a waiting request that stops being the oldest at a node is told " +
					"FAILED there. Every request is served.",
				Params: map[string]any{"n": 13, "requestNodes": all13, "requestTimes": zeros13,
					"delay": map[string]any{"min": 1, "max": 10}}, Seed: 29},
			{ID: "grid", Name: "3×3 grid, everyone twice",
				Doc: "Nine processes in a 3×3 grid; a quorum is a row and a column, 5 nodes. Each requests twice at " +
					"times drawn from [0, 40], with delays from 1 to 5.",
				Params: map[string]any{"n": 9, "quorums": "grid", "count": 2, "spread": 40, "delay": map[string]any{"min": 1, "max": 5}}, Seed: 1},
			{ID: "majority", Name: "Majorities of 5",
				Doc: "Five processes, each quorum 3 consecutive processes: a majority, so any two intersect. Everyone " +
					"requests at once, with delays from 1 to 4.",
				Params: map[string]any{"n": 5, "quorums": "majority", "delay": map[string]any{"min": 1, "max": 4}}, Seed: 1},
		},
		Complete: func(v param.Values, rng *rand.Rand) error {
			if !v.Bool("fifo") {
				return param.Errorf("fifo", "must be on: Maekawa's algorithm assumes FIFO channels (an INQUIRE must not overtake its LOCKED)")
			}
			// a quorum list means explicit quorums, unless another kind was asked for
			if len(v.IntLists("quorumList")) > 0 && v.String("quorums") != "explicit" {
				if v.Has("quorums") {
					return param.Errorf("quorumList", "is given, but quorums is %s: set quorums to explicit to use the list", v.String("quorums"))
				}
				v.SetString("quorums", "explicit")
			}
			if _, err := quorumsOf(v); err != nil {
				return err
			}
			return completeWorkload(v, rng)
		},
		Make: func(v param.Values) (engine.Config, []Node, error) {
			qs, err := quorumsOf(v)
			if err != nil {
				return engine.Config{}, nil, err
			}
			lecture, inquire := v.String("variant") == mkLecture, v.Bool("inquire")
			cfg := mutexBuildLabeled(v, mkLabel, func(p int, c mutexCore) engine.Process {
				return &maekawaNode{mutexCore: c, quorum: qs[p], lecture: lecture, inquire: inquire}
			})
			for i, f := range cfg.Final {
				if f.Name == "deadlock" {
					cfg.Final[i] = maekawaDeadlock(lecture, inquire)
				}
			}
			cfg.Outcome = func(w engine.World) any { return maekawaOutcome(w, qs, lecture, inquire) }
			nodes := make([]Node, len(qs))
			for p := range nodes {
				nodes[p] = Node{ID: p + 1, Label: mkLabel(p)}
			}
			return cfg, nodes, nil
		},
	})
}
