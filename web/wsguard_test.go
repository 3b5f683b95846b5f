package web

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

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
