package main

import (
	"bytes"
	"context"
	"distviz/web"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
	"go.uber.org/goleak"
)

func TestMain(m *testing.M) {
	goleak.VerifyTestMain(m)
}

// syncBuffer is a log sink that the server's goroutines may share.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// The server serves the API on the address it logs and stops cleanly when
// its context ends.
func TestServe(t *testing.T) {
	var logs syncBuffer
	logger := slog.New(slog.NewTextHandler(&logs, nil))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	urls := make(chan string, 1)
	done := make(chan error, 1)
	go func() {
		done <- serve(ctx, "127.0.0.1:0", web.Config{}, logger, shutdownGrace, func(u string) { urls <- u })
	}()

	var url string
	select {
	case url = <-urls:
	case err := <-done:
		t.Fatalf("serve: %v", err)
	case <-time.After(time.Minute): // (it bundles the page's scripts first: seconds on a busy machine)
		t.Fatal("the server did not start")
	}
	client := &http.Client{Timeout: 10 * time.Second}
	resp, err := client.Post(url+"api/simulate", "application/json",
		strings.NewReader(`{"algorithm": "chang-roberts", "params": {"n": 8, "idOrder": "decreasing"}}`))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	var trace struct {
		Summary struct {
			Messages struct {
				ByType map[string]int `json:"byType"`
			} `json:"messages"`
		} `json:"summary"`
	}
	if resp.StatusCode != 200 || json.Unmarshal(body, &trace) != nil || trace.Summary.Messages.ByType["ELECTION"] != 36 {
		t.Fatalf("simulate: %d %.300s", resp.StatusCode, body)
	}
	client.CloseIdleConnections()

	// A lecture-UI session is open when the server stops: it is told so.
	wsCtx, wsCancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer wsCancel()
	c, _, err := websocket.Dial(wsCtx, "ws"+strings.TrimPrefix(url, "http")+"ws", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.CloseNow()
	if err := c.Write(wsCtx, websocket.MessageText, []byte(`{"type":"open","algorithm":"bully"}`)); err != nil {
		t.Fatal(err)
	}
	if _, b, err := c.Read(wsCtx); err != nil || !strings.Contains(string(b), `"type":"run"`) {
		t.Fatalf("open: %s %v", b, err)
	}

	cancel()
	for {
		if _, _, err = c.Read(wsCtx); err != nil {
			break
		}
	}
	if websocket.CloseStatus(err) != websocket.StatusGoingAway {
		t.Fatalf("the session ended with %v, want 1001 (going away)", err)
	}
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("serve returned %v after a clean shutdown", err)
		}
	case <-time.After(15 * time.Second):
		t.Fatal("the server did not stop")
	}
	for _, want := range []string{"url=" + url, "path=/api/simulate", "shutting down", "stopped"} {
		if !strings.Contains(logs.String(), want) {
			t.Errorf("the log lacks %q:\n%s", want, logs.String())
		}
	}
}

func TestServeBadAddress(t *testing.T) {
	err := serve(context.Background(), "256.0.0.1:http", web.Config{}, slog.New(slog.DiscardHandler), shutdownGrace, nil)
	if err == nil {
		t.Fatal("serve accepted an impossible address")
	}
}

func TestSplitList(t *testing.T) {
	for in, want := range map[string]string{"": "[]", " a.org , ,*.b.de": "[a.org *.b.de]", "x": "[x]"} {
		if got := fmt.Sprint(splitList(in)); got != want {
			t.Errorf("splitList(%q) = %s, want %s", in, got, want)
		}
	}
}

func TestParseBytes(t *testing.T) {
	for in, want := range map[string]int64{"1GiB": 1 << 30, "512MiB": 512 << 20, "1.5G": 3 << 29, " 64 MB ": 64 << 20, "16777216": 16 << 20} {
		if got, err := parseBytes(in); err != nil || got != want {
			t.Errorf("parseBytes(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"", "lots", "-1GiB", "0", "1KiB", "1TiB"} {
		if _, err := parseBytes(in); err == nil {
			t.Errorf("parseBytes(%q) accepted", in)
		}
	}
}

// A download to a client that reads nothing does not hold the shutdown up:
// at the end of the grace period it is cut off and serve returns nil (the
// program exits 0).
func TestShutdownCutsSlowDownloads(t *testing.T) {
	var logs syncBuffer
	logger := slog.New(slog.NewTextHandler(&logs, nil))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	urls := make(chan string, 1)
	done := make(chan error, 1)
	const grace = 300 * time.Millisecond
	go func() { done <- serve(ctx, "127.0.0.1:0", web.Config{}, logger, grace, func(u string) { urls <- u }) }()
	url := <-urls

	// A trace of about 15 MB, far more than the connection buffers hold.
	resp, err := http.Post(url+"api/simulate", "application/json",
		strings.NewReader(`{"algorithm": "token-ring-mutex", "params": {"rounds": 100000}, "maxEvents": 100000}`))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Fatalf("simulate: %d", resp.StatusCode)
	}
	time.Sleep(100 * time.Millisecond) // the server is now blocked writing

	start := time.Now()
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("serve returned %v after cutting a slow download off", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the server did not stop")
	}
	if took := time.Since(start); took < grace || took > grace+5*time.Second {
		t.Errorf("the shutdown took %v with a grace of %v", took, grace)
	}
	if !strings.Contains(logs.String(), "cut off") || !strings.Contains(logs.String(), "stopped") {
		t.Errorf("the log does not tell of the cut:\n%s", logs.String())
	}
	io.Copy(io.Discard, resp.Body) // ends with the cut connection
}

// The log flags choose the level and the format; wrong values are refused
// with the flag's name.
func TestNewLogger(t *testing.T) {
	var b bytes.Buffer
	logger, err := newLogger(&b, "warn", "json")
	if err != nil {
		t.Fatal(err)
	}
	logger.Info("hidden")
	logger.Warn("shown", "k", 1)
	var rec map[string]any
	if err := json.Unmarshal(b.Bytes(), &rec); err != nil || rec["msg"] != "shown" || rec["k"] != 1.0 {
		t.Errorf("log %q (%v): want one JSON record of the warning", b.String(), err)
	}
	for _, c := range [][2]string{{"loud", "text"}, {"info", "xml"}} {
		if _, err := newLogger(&b, c[0], c[1]); err == nil || !strings.Contains(err.Error(), "-log-") {
			t.Errorf("%v: error %v, want one naming the flag", c, err)
		}
	}
}
