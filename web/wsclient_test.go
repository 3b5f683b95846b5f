package web

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
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
	t       *testing.T
	c       *websocket.Conn
	in      chan wsMsg
	done    chan struct{}
	err     error // why reading ended
	run     wsMsg
	frame   wsMsg
	events  []json.RawMessage
	lines   []string
	drops   int
	batches int // events messages since the run
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
		w.run, w.events, w.lines, w.batches = m, nil, nil, 0
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
		w.batches++
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
