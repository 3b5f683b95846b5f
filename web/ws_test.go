package web

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"go.uber.org/goleak"
)

// startWS serves a Server on loopback and checks, after the test, that it
// closes cleanly and leaves no goroutine behind.
func startWS(t *testing.T, cfg Config) (*Server, string) {
	t.Helper()
	ignore := goleak.IgnoreCurrent()
	t.Cleanup(func() { goleak.VerifyNone(t, ignore) })
	srv := New(cfg, testLogger(t))
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if err := srv.Close(ctx); err != nil {
			t.Error(err)
		}
		ts.Close()
	})
	return srv, "ws://" + ts.Listener.Addr().String() + "/ws"
}

// wsMsg is the part of the server's messages the tests look at.
type wsMsg struct {
	Type  string `json:"type"`
	Error string `json:"error"`
	// run
	ID     string            `json:"id"`
	Params map[string]any    `json:"params"`
	Query  map[string]string `json:"query"`
	Seed   int64             `json:"seed"`
	// frame
	Step      int             `json:"step"`
	Steps     int             `json:"steps"`
	Seq       int64           `json:"seq"`
	Events    json.RawMessage `json:"events"`
	Ended     bool            `json:"ended"`
	AtEnd     bool            `json:"atEnd"`
	Narration []struct {
		Text string `json:"text"`
	} `json:"narration"`
	Flights []struct {
		ID          int64 `json:"id"`
		Deliverable bool  `json:"deliverable"`
	} `json:"flights"`
	Nodes []struct {
		Crashed bool `json:"crashed"`
	} `json:"nodes"`
	// events
	From  int64 `json:"from"`
	Lines []struct {
		Text string `json:"text"`
	} `json:"lines"`
	// playing
	Playing bool    `json:"playing"`
	Speed   float64 `json:"speed"`
	// experimentProgress, experimentResult, experimentCancelled; error
	Done  int               `json:"done"`
	Total int               `json:"total"`
	Runs  int               `json:"runs"`
	Rows  []json.RawMessage `json:"rows"`
	For   string            `json:"for"`
}

// count is a frame's "events" (the number of events in the run).
func (m wsMsg) count(t *testing.T) int64 {
	t.Helper()
	var n int64
	if err := json.Unmarshal(m.Events, &n); err != nil {
		t.Fatalf("frame events %s: %v", m.Events, err)
	}
	return n
}

// wsClient is a browser tab: a reader goroutine takes in the server's
// messages (answering pings meanwhile); the test reads them in order.
type wsClient struct {
	t      *testing.T
	c      *websocket.Conn
	in     chan wsMsg
	done   chan struct{}
	err    error // why reading ended
	run    wsMsg
	frame  wsMsg
	events []json.RawMessage
	lines  []string
	drops  int
}

func dialWS(t *testing.T, url string, opts *websocket.DialOptions) (*wsClient, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, resp, err := websocket.Dial(ctx, url, opts)
	if err != nil {
		if resp != nil {
			return nil, fmt.Errorf("status %d: %w", resp.StatusCode, err)
		}
		return nil, err
	}
	w := &wsClient{t: t, c: c, in: make(chan wsMsg, 10000), done: make(chan struct{})}
	c.SetReadLimit(-1) // event batches may be large
	go func() {
		defer close(w.done)
		defer close(w.in)
		for {
			_, b, err := c.Read(context.Background())
			if err != nil {
				w.err = err
				return
			}
			var m wsMsg
			if err := json.Unmarshal(b, &m); err != nil {
				w.err = fmt.Errorf("not JSON: %v: %.200s", err, b)
				return
			}
			w.in <- m
		}
	}()
	t.Cleanup(func() {
		c.CloseNow()
		<-w.done
	})
	return w, nil
}

func mustDial(t *testing.T, url string) *wsClient {
	t.Helper()
	w, err := dialWS(t, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

func (w *wsClient) send(format string, args ...any) {
	w.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := w.c.Write(ctx, websocket.MessageText, fmt.Appendf(nil, format, args...)); err != nil {
		w.t.Fatalf("send: %v", err)
	}
}

// next is the next message, taken in as a browser would.
func (w *wsClient) next() wsMsg {
	w.t.Helper()
	select {
	case m, ok := <-w.in:
		if !ok {
			w.t.Fatalf("the connection ended: %v", w.err)
		}
		w.take(m)
		return m
	case <-time.After(20 * time.Second):
		w.t.Fatal("no message from the server in 20 s")
	}
	panic("unreachable")
}

func (w *wsClient) take(m wsMsg) {
	w.t.Helper()
	switch m.Type {
	case "run":
		w.run, w.events, w.lines = m, nil, nil
	case "frame":
		w.frame = m
	case "events":
		var evs []json.RawMessage
		if err := json.Unmarshal(m.Events, &evs); err != nil {
			w.t.Fatal(err)
		}
		if len(evs) > 5000 {
			w.t.Fatalf("a batch of %d events", len(evs))
		}
		if m.From < 1 || m.From > int64(len(w.events))+1 {
			w.t.Fatalf("events from %d; the client has %d", m.From, len(w.events))
		}
		if m.From <= int64(len(w.events)) {
			w.drops++
			w.events = w.events[:m.From-1]
		}
		w.events = append(w.events, evs...)
		for _, l := range m.Lines {
			w.lines = append(w.lines, l.Text)
		}
	}
}

// until reads up to the next message of the type.
func (w *wsClient) until(typ string) wsMsg {
	w.t.Helper()
	for {
		if m := w.next(); m.Type == typ {
			return m
		} else if m.Type == "error" && typ != "error" {
			w.t.Fatalf("error while waiting for %s: %s", typ, m.Error)
		}
	}
}

// synced reads until the client holds as many events as the last frame says.
func (w *wsClient) synced() {
	w.t.Helper()
	for int64(len(w.events)) != w.frame.count(w.t) {
		w.next()
	}
}

// closed waits for the server to end the connection and returns why.
func (w *wsClient) closed() error {
	w.t.Helper()
	for {
		select {
		case _, ok := <-w.in:
			if !ok {
				return w.err
			}
		case <-time.After(20 * time.Second):
			w.t.Fatal("the server did not close the connection in 20 s")
		}
	}
}

// sameAsExport checks that the client's events are the run's trace events
// as GET /api/runs/{id}/trace gives them, byte for byte.
func (w *wsClient) sameAsExport(h http.Handler) {
	w.t.Helper()
	r := do(w.t, h, "GET", "/api/runs/"+w.run.ID+"/trace", "")
	wantStatus(w.t, r, http.StatusOK)
	want := parseTrace(w.t, r.Body.Bytes()).Events
	if len(w.events) != len(want) {
		w.t.Fatalf("the client has %d events, the export %d", len(w.events), len(want))
	}
	for i := range want {
		if !bytes.Equal(w.events[i], want[i]) {
			w.t.Fatalf("event %d differs:\nclient %s\nexport %s", i+1, w.events[i], want[i])
		}
	}
}

func TestWSOpenAndMove(t *testing.T) {
	srv, url := startWS(t, Config{Ahead: -1}) // the run grows as it is stepped
	w := mustDial(t, url)
	w.send(`{"type":"open","algorithm":"chang-roberts","params":{"n":6},"seed":2}`)
	if m := w.next(); m.Type != "run" || m.ID == "" || m.Seed != 2 || m.Query["n"] != "6" {
		t.Fatalf("first answer: %+v", m)
	}
	if m := w.next(); m.Type != "frame" || m.Step != 0 {
		t.Fatalf("second answer: %+v", m)
	}
	for i := 1; i <= 4; i++ {
		w.send(`{"type":"step"}`)
		if f := w.until("frame"); f.Step != i || !f.AtEnd {
			t.Fatalf("step %d: %+v", i, f)
		}
	}
	seq4 := w.frame.Seq
	w.send(`{"type":"back"}`)
	if f := w.until("frame"); f.Step != 3 || f.AtEnd {
		t.Fatalf("back: %+v", f)
	}
	w.send(`{"type":"last"}`)
	last := w.until("frame")
	if !last.Ended || !last.AtEnd || last.Step != last.Steps-1 {
		t.Fatalf("last: %+v", last)
	}
	w.send(`{"type":"first"}`)
	if f := w.until("frame"); f.Step != 0 || f.Seq != 0 {
		t.Fatalf("first: %+v", f)
	}
	w.send(`{"type":"seek","step":4}`)
	if f := w.until("frame"); f.Step != 4 || f.Seq != seq4 {
		t.Fatalf("seek: %+v, want seq %d", f, seq4)
	}
	w.send(`{"type":"seekSeq","seq":%d}`, last.Seq)
	if f := w.until("frame"); f.Step != last.Step || f.Seq != last.Seq {
		t.Fatalf("seekSeq: %+v", f)
	}
	w.synced()
	w.sameAsExport(srv.Handler())
	if srv.Sessions() != 1 {
		t.Fatalf("%d sessions", srv.Sessions())
	}
}

// Long runs arrive in batches that the client reassembles into exactly the
// run's events.
func TestWSEventBatches(t *testing.T) {
	srv, url := startWS(t, Config{})
	w := mustDial(t, url)
	w.send(`{"type":"open","algorithm":"chang-roberts","params":{"n":150,"idOrder":"decreasing"}}`)
	w.until("frame")
	w.send(`{"type":"last"}`)
	w.until("frame")
	batches := 0
	for int64(len(w.events)) != w.frame.count(t) {
		if w.next().Type == "events" {
			batches++
		}
	}
	if len(w.events) < 15000 || batches < 3 {
		t.Fatalf("%d events in %d batches", len(w.events), batches)
	}
	w.sameAsExport(srv.Handler())
}

// A deep link's texts: the lecture's bully example.
func TestWSOpenByQuery(t *testing.T) {
	srv, url := startWS(t, Config{})
	w := mustDial(t, url)
	w.send(`{"type":"open","algorithm":"bully","query":{"n":"8","crashed":"7","detectors":"4","seed":"3"}}`)
	r := w.until("run")
	want := map[string]string{"algorithm": "bully", "seed": "3", "n": "8", "crashed": "7", "detectors": "4"}
	if fmt.Sprint(r.Query) != fmt.Sprint(want) || r.Seed != 3 || fmt.Sprint(r.Params["detectors"]) != "[4]" {
		t.Fatalf("run: %+v", r)
	}
	w.until("frame")
	w.send(`{"type":"last"}`)
	w.until("frame")
	w.synced()
	w.sameAsExport(srv.Handler())
	if !strings.Contains(strings.Join(w.lines, "\n"), "P4: notices that its coordinator P7 has failed") {
		t.Fatalf("the lecture's run does not start with P4's notice:\n%s", strings.Join(w.lines, "\n"))
	}
}

func TestWSOpenByScenario(t *testing.T) {
	_, url := startWS(t, Config{})
	w := mustDial(t, url)
	w.send(`{"type":"open","algorithm":"chang-roberts","scenario":"worst-case","params":{"n":5}}`)
	r := w.until("run")
	if r.Params["n"] != 5.0 || r.Params["idOrder"] != "decreasing" || r.Seed != 0 || r.Query["scenario"] != "worst-case" {
		t.Fatalf("run: %+v", r)
	}
	if _, ok := r.Query["idOrder"]; ok {
		t.Fatalf("the query shows the scenario's params: %v", r.Query)
	}
}

// A session computes its run ahead: the first frame knows every step, and
// so does the frame after an action.
func TestWSAhead(t *testing.T) {
	_, url := startWS(t, Config{})
	w := mustDial(t, url)
	w.send(`{"type":"open","algorithm":"bully","scenario":"lecture"}`)
	if f := w.until("frame"); f.Step != 0 || !f.Ended || f.AtEnd || f.Steps < 10 {
		t.Fatalf("the first frame of a run computed ahead: %+v", f)
	}
	w.send(`{"type":"seek","step":2}`)
	w.until("frame")
	w.send(`{"type":"action","action":{"type":"act","node":4,"name":"notice"}}`)
	if f := w.until("frame"); f.Step != 3 || !f.Ended || f.AtEnd {
		t.Fatalf("after an action: %+v", f)
	}
}

func TestWSActionsAndFork(t *testing.T) {
	srv, url := startWS(t, Config{Ahead: -1})
	w := mustDial(t, url)
	w.send(`{"type":"open","algorithm":"bully","scenario":"lecture"}`)
	w.until("frame")
	w.send(`{"type":"step"}`)
	w.until("frame")
	w.send(`{"type":"action","action":{"type":"act","node":4,"name":"notice"}}`)
	f := w.until("frame")
	var id int64
	for _, fl := range f.Flights {
		if fl.Deliverable {
			id = fl.ID
			break
		}
	}
	if id == 0 {
		t.Fatalf("no deliverable message after notice: %+v", f.Flights)
	}
	w.send(`{"type":"action","action":{"type":"deliver","msg":%d}}`, id)
	w.until("frame")
	w.send(`{"type":"action","action":{"type":"crash","node":6}}`)
	if f := w.until("frame"); !f.Nodes[6].Crashed {
		t.Fatal("P6 did not crash")
	}
	w.send(`{"type":"last"}`)
	w.until("frame")
	w.synced()
	long := len(w.events)
	// Back in the past, crash P5 instead: the run forks and the client
	// drops what followed.
	w.send(`{"type":"seek","step":3}`)
	cut := w.until("frame").Seq
	w.send(`{"type":"action","action":{"type":"crash","node":5}}`)
	w.until("frame")
	if m := w.until("events"); m.From != cut+1 {
		t.Fatalf("events after the fork start at %d, want %d", m.From, cut+1)
	}
	if w.drops != 1 || int64(len(w.events)) >= int64(long) {
		t.Fatalf("after the fork: %d drops, %d events (%d before)", w.drops, len(w.events), long)
	}
	w.synced()
	w.sameAsExport(srv.Handler())
	w.send(`{"type":"action","action":{"type":"crash","node":5}}`)
	w.until("frame")
	if e := w.until("error"); !strings.Contains(e.Error, "P5 has already crashed") {
		t.Fatalf("error %q", e.Error)
	}
}

// A run imported with POST /api/traces can be driven over the WebSocket.
func TestWSAttachImportedTrace(t *testing.T) {
	srv, url := startWS(t, Config{})
	h := srv.Handler()
	doc := simulate(t, h, `{"algorithm":"ring-list","params":{"n":6},"seed":5}`)
	id := createdID(t, do(t, h, "POST", "/api/traces", string(doc)))
	w := mustDial(t, url)
	w.send(`{"type":"attach","id":%q}`, id)
	r := w.until("run")
	if r.ID != id || r.Query["algorithm"] != "ring-list" || r.Query["n"] != "6" || r.Query["seed"] != "5" {
		t.Fatalf("run: %+v", r)
	}
	f := w.until("frame")
	if f.Steps < 2 || f.count(t) != int64(len(parseTrace(t, doc).Events)) {
		t.Fatalf("frame of the imported run: step %d of %d, %d events", f.Step, f.Steps, f.count(t))
	}
	w.synced()
	w.sameAsExport(h)
	w.send(`{"type":"first"}`)
	if f := w.until("frame"); f.Step != 0 {
		t.Fatalf("first: %+v", f)
	}
	w.send(`{"type":"attach","id":"0000000000000000"}`)
	if e := w.until("error"); !strings.Contains(e.Error, `no run "0000000000000000"`) {
		t.Fatalf("error %q", e.Error)
	}
}

func TestWSPlayToTheEnd(t *testing.T) {
	srv, url := startWS(t, Config{})
	w := mustDial(t, url)
	w.send(`{"type":"open","algorithm":"chang-roberts","params":{"n":30,"idOrder":"decreasing"}}`)
	w.until("frame")
	w.send(`{"type":"play","speed":2000}`)
	if p := w.until("playing"); !p.Playing || p.Speed != 2000 {
		t.Fatalf("play: %+v", p)
	}
	frames := 0
	for {
		m := w.next()
		if m.Type == "frame" {
			frames++
		}
		if m.Type == "playing" {
			if m.Playing {
				t.Fatal("playing again")
			}
			break
		}
	}
	if !w.frame.Ended || !w.frame.AtEnd || frames < 2 {
		t.Fatalf("after play: %d frames, last %+v", frames, w.frame)
	}
	w.synced()
	w.sameAsExport(srv.Handler())
}

func TestWSLang(t *testing.T) {
	_, url := startWS(t, Config{Ahead: -1}) // every event comes after lang
	w := mustDial(t, url)
	w.send(`{"type":"open","algorithm":"chang-roberts","params":{"n":4}}`)
	w.until("frame")
	w.send(`{"type":"step"}`)
	if f := w.until("frame"); f.Narration[0].Text != "P0 starts" {
		t.Fatalf("narration %+v", f.Narration)
	}
	w.send(`{"type":"lang","lang":"de"}`)
	if f := w.until("frame"); f.Narration[0].Text != "P0 startet" {
		t.Fatalf("narration in German: %+v", f.Narration)
	}
	w.send(`{"type":"last"}`)
	w.until("frame")
	w.synced()
	if got := w.lines[len(w.lines)-1]; got != "Nichts passiert mehr: der Lauf endet" {
		t.Fatalf("last line %q", got)
	}
	w.send(`{"type":"lang","lang":"es"}`)
	if f := w.until("frame"); f.Narration[0].Text != "No queda nada por ocurrir: la ejecución termina" {
		t.Fatalf("narration in Spanish: %+v", f.Narration)
	}
}

// Messages the session cannot follow are refused with an error; it goes on.
func TestWSRefusals(t *testing.T) {
	_, url := startWS(t, Config{})
	w := mustDial(t, url)
	for _, c := range []struct{ send, want string }{
		{`{"type":"open"`, "the message is not JSON"},
		{`{"type":"teleport"}`, `unknown message type "teleport"`},
		{`{"type":"step"}`, "there is no run yet"},
		{`{"type":"open","algorithm":"bully","params":{"n":"eight"}}`, "parameter n"},
	} {
		w.send("%s", c.send)
		if e := w.until("error"); !strings.Contains(e.Error, c.want) {
			t.Fatalf("%s: error %q, want %q", c.send, e.Error, c.want)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := w.c.Write(ctx, websocket.MessageBinary, []byte(`{"type":"step"}`)); err != nil {
		t.Fatal(err)
	}
	if e := w.until("error"); !strings.Contains(e.Error, "not binary") {
		t.Fatalf("binary: %q", e.Error)
	}
	w.send(`{"type":"open","algorithm":"bully"}`)
	w.until("frame")
}

func TestWSMessageTooBig(t *testing.T) {
	_, url := startWS(t, Config{})
	w := mustDial(t, url)
	w.send(`{"type":"open","algorithm":"bully","query":{"n":"%s"}}`, strings.Repeat("9", 64<<10))
	if err := w.closed(); websocket.CloseStatus(err) != websocket.StatusMessageTooBig {
		t.Fatalf("closed with %v, want StatusMessageTooBig", err)
	}
}

func TestWSOrigin(t *testing.T) {
	_, url := startWS(t, Config{AllowedOrigins: []string{"lecture.example.org"}})
	_, err := dialWS(t, url, &websocket.DialOptions{HTTPHeader: http.Header{"Origin": {"https://evil.example.com"}}})
	if err == nil || !strings.Contains(err.Error(), "status 403") {
		t.Fatalf("a foreign origin: %v, want 403", err)
	}
	w, err := dialWS(t, url, &websocket.DialOptions{HTTPHeader: http.Header{"Origin": {"https://lecture.example.org"}}})
	if err != nil {
		t.Fatalf("an allowed origin: %v", err)
	}
	w.send(`{"type":"open","algorithm":"bully"}`)
	w.until("frame")
	// The page's own origin is always allowed.
	host := strings.TrimPrefix(url, "ws://")
	host = strings.TrimSuffix(host, "/ws")
	if _, err := dialWS(t, url, &websocket.DialOptions{HTTPHeader: http.Header{"Origin": {"http://" + host}}}); err != nil {
		t.Fatalf("the same origin: %v", err)
	}
}

func TestWSRateLimit(t *testing.T) {
	_, url := startWS(t, Config{})
	w := mustDial(t, url)
	const sent = 400
	for range sent {
		w.send(`{"type":"pause"}`)
	}
	answers, limited := 0, 0
	for answers < sent {
		m := w.next()
		answers++
		if m.Type == "error" {
			if !strings.Contains(m.Error, "too many messages: at most 50 a second (bursts of 100)") {
				t.Fatalf("error %q", m.Error)
			}
			limited++
		}
	}
	// A burst of 100 passes, then 50 a second: sent at once, most of the
	// rest are refused (however slow the machine, not all of them pass).
	if limited == 0 || sent-limited < 100 {
		t.Fatalf("%d of %d messages refused", limited, sent)
	}
	time.Sleep(100 * time.Millisecond) // a few tokens come back
	w.send(`{"type":"open","algorithm":"bully"}`)
	w.until("frame")
}

func TestWSSessionCap(t *testing.T) {
	srv, url := startWS(t, Config{MaxSessions: 2})
	a, b := mustDial(t, url), mustDial(t, url)
	for _, w := range []*wsClient{a, b} {
		w.send(`{"type":"open","algorithm":"bully"}`)
		w.until("frame")
	}
	c := mustDial(t, url)
	if e := c.until("error"); !strings.Contains(e.Error, "the server is full") {
		t.Fatalf("error %q", e.Error)
	}
	if err := c.closed(); websocket.CloseStatus(err) != websocket.StatusTryAgainLater {
		t.Fatalf("closed with %v, want StatusTryAgainLater", err)
	}
	// Once a session ends, there is room again.
	a.c.Close(websocket.StatusNormalClosure, "")
	waitFor(t, func() bool { return srv.Sessions() == 1 })
	d := mustDial(t, url)
	d.send(`{"type":"open","algorithm":"bully"}`)
	d.until("frame")
}

// A client that vanishes mid-play leaves nothing behind (startWS checks the
// goroutines).
func TestWSAbruptDisconnect(t *testing.T) {
	srv, url := startWS(t, Config{})
	for range 5 {
		w := mustDial(t, url)
		w.send(`{"type":"open","algorithm":"chang-roberts","params":{"n":1000,"idOrder":"random"}}`)
		w.until("frame")
		w.send(`{"type":"play","speed":500}`)
		w.until("playing")
		w.until("frame")
		w.c.CloseNow()
	}
	waitFor(t, func() bool { return srv.Sessions() == 0 })
}

// A client that stops reading is disconnected once a write takes longer than
// SessionWriteTimeout; others go on meanwhile.
func TestWSSlowClient(t *testing.T) {
	srv, url := startWS(t, Config{SessionWriteTimeout: 200 * time.Millisecond})
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	slow, _, err := websocket.Dial(ctx, url, nil) // never reads
	if err != nil {
		t.Fatal(err)
	}
	defer slow.CloseNow()
	for _, m := range []string{
		`{"type":"open","algorithm":"chang-roberts","params":{"n":2000,"idOrder":"random"}}`,
		`{"type":"play","speed":2000}`,
	} {
		if err := slow.Write(ctx, websocket.MessageText, []byte(m)); err != nil {
			t.Fatal(err)
		}
	}
	w := mustDial(t, url)
	waitFor(t, func() bool { return srv.Sessions() == 2 })
	w.send(`{"type":"open","algorithm":"bully"}`)
	w.until("frame")
	waitFor(t, func() bool { return srv.Sessions() == 1 })
	w.send(`{"type":"step"}`)
	w.until("frame")
}

func TestWSShutdown(t *testing.T) {
	srv, url := startWS(t, Config{})
	w := mustDial(t, url)
	w.send(`{"type":"open","algorithm":"bully"}`)
	w.until("frame")
	w.send(`{"type":"play","speed":1}`)
	w.until("playing")
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := srv.Close(ctx); err != nil {
		t.Fatal(err)
	}
	if err := w.closed(); websocket.CloseStatus(err) != websocket.StatusGoingAway {
		t.Fatalf("closed with %v, want StatusGoingAway", err)
	}
	if _, err := dialWS(t, url, nil); err == nil || !strings.Contains(err.Error(), "status 503") {
		t.Fatalf("a new session after Close: %v, want 503", err)
	}
}

func TestWSIdle(t *testing.T) {
	_, url := startWS(t, Config{IdleTimeout: 200 * time.Millisecond})
	w := mustDial(t, url)
	if e := w.until("error"); !strings.Contains(e.Error, "no message for 200ms") {
		t.Fatalf("error %q", e.Error)
	}
	if err := w.closed(); websocket.CloseStatus(err) != websocket.StatusNormalClosure {
		t.Fatalf("closed with %v, want StatusNormalClosure", err)
	}
}

// Pings keep a reading client connected and find one that stopped reading.
// The interval leaves a loaded machine time to answer (a pong is awaited for
// one interval).
func TestWSPing(t *testing.T) {
	srv, url := startWS(t, Config{PingInterval: 250 * time.Millisecond})
	w := mustDial(t, url) // its reader goroutine answers pings
	time.Sleep(time.Second)
	w.send(`{"type":"open","algorithm":"bully"}`)
	w.until("frame")

	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	deaf, _, err := websocket.Dial(ctx, url, nil) // never reads: never answers
	if err != nil {
		t.Fatal(err)
	}
	defer deaf.CloseNow()
	time.Sleep(1500 * time.Millisecond) // pings go unanswered
	if _, _, err := deaf.Read(ctx); err == nil || ctx.Err() != nil {
		t.Fatalf("the deaf client is still connected: %v", err)
	}
	waitFor(t, func() bool { return srv.Sessions() == 1 })
	w.send(`{"type":"step"}`)
	w.until("frame")
}

// waitFor polls cond for up to 10 s.
func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatal("timed out waiting")
		}
		time.Sleep(5 * time.Millisecond)
	}
}
