package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/coder/websocket"
)

// msg is the part of the server's session messages the patterns look at.
type msg struct {
	Type  string            `json:"type"`
	Error string            `json:"error"`
	For   string            `json:"for"`
	ID    string            `json:"id"`
	Step  int               `json:"step"`
	Steps int               `json:"steps"`
	Runs  int               `json:"runs"`
	Rows  []json.RawMessage `json:"rows"`
	size  int
}

// session is a WebSocket client that reads every message on a goroutine
// of its own and hands the ones it is asked to wait for.
type session struct {
	c     *websocket.Conn
	in    chan msg
	bytes int64
	mu    sync.Mutex
	errs  []string
	pace  float64 // bytes a second it reads at; 0: as fast as it can
}

func dial(ctx context.Context, base string, pace float64) (*session, error) {
	u := "ws" + strings.TrimPrefix(base, "http") + "/ws"
	c, _, err := websocket.Dial(ctx, u, nil)
	if err != nil {
		return nil, err
	}
	c.SetReadLimit(256 << 20)
	s := &session{c: c, in: make(chan msg, 1024), pace: pace}
	go s.read(ctx)
	return s, nil
}

func (s *session) read(ctx context.Context) {
	defer close(s.in)
	head := make([]byte, headSize)
	for {
		b, size, err := s.next(ctx, head)
		if err != nil {
			return
		}
		s.mu.Lock()
		s.bytes += size
		s.mu.Unlock()
		if s.pace > 0 {
			time.Sleep(time.Duration(float64(size) / s.pace * float64(time.Second)))
		}
		if b == nil { // bulk that nobody waits for
			continue
		}
		m := sniff(b)
		m.size = int(size)
		if m.Type == "error" {
			s.mu.Lock()
			s.errs = append(s.errs, m.Error)
			s.mu.Unlock()
		}
		select {
		case s.in <- m:
		default: // nobody is waiting: drop it
		}
	}
}

// headSize is how much of a message the client reads before it decides
// whether to read the rest or only count it: a frame's fields before its
// nodes fit.
const headSize = 512

// next reads one message and gives the bytes to sniff and its size. Events
// and experiment progress come in bulk and nobody waits for them; of a
// frame or a delta the patterns look only at the fields before its nodes.
// Their rest is counted as it streams by, not kept nor decoded, so that
// the load test's own processor time and garbage (the server shares the
// machine, the latency probe shares this process) stay small.
func (s *session) next(ctx context.Context, head []byte) ([]byte, int64, error) {
	_, r, err := s.c.Reader(ctx)
	if err != nil {
		return nil, 0, err
	}
	n, err := io.ReadFull(r, head)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		return nil, 0, err
	}
	b := head[:n]
	whole := n < len(head)
	switch {
	case bytes.HasPrefix(b, []byte(`{"type":"events"`)) || bytes.HasPrefix(b, []byte(`{"type":"experimentProgress"`)):
		b = nil
	case bytes.HasPrefix(b, []byte(`{"type":"frame"`)) || bytes.HasPrefix(b, []byte(`{"type":"delta"`)):
		if i := bytes.Index(b, []byte(`,"nodes":`)); i > 0 {
			b = append(b[:i], '}') // (in the head's memory: sniff copies what it keeps)
		}
	case !whole:
		rest, err := io.ReadAll(r)
		if err != nil {
			return nil, 0, err
		}
		b = append(append([]byte(nil), b...), rest...)
		return b, int64(len(b)), nil
	}
	if whole {
		return b, int64(n), nil
	}
	rest, err := io.Copy(io.Discard, r)
	return b, int64(n) + rest, err
}

// sniff reads the fields the patterns look at from the top level of a
// message, skipping the large values (a frame's processes, rows) without
// decoding them.
func sniff(b []byte) msg {
	var m msg
	dec := json.NewDecoder(bytes.NewReader(b))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return m
	}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return m
		}
		var into any
		switch t {
		case "type":
			into = &m.Type
		case "error":
			into = &m.Error
		case "for":
			into = &m.For
		case "id":
			into = &m.ID
		case "step":
			into = &m.Step
		case "steps":
			into = &m.Steps
		case "runs":
			into = &m.Runs
		case "rows":
			into = &m.Rows
		default:
			var skip json.RawMessage
			into = &skip
		}
		if dec.Decode(into) != nil {
			return m
		}
	}
	return m
}

func (s *session) send(ctx context.Context, format string, args ...any) error {
	return s.c.Write(ctx, websocket.MessageText, fmt.Appendf(nil, format, args...))
}

// until waits for a message of one of the types.
func (s *session) until(ctx context.Context, types ...string) (msg, error) {
	for {
		select {
		case m, ok := <-s.in:
			if !ok {
				return msg{}, fmt.Errorf("the session ended while waiting for %v", types)
			}
			for _, t := range types {
				if m.Type == t {
					return m, nil
				}
			}
		case <-ctx.Done():
			return msg{}, fmt.Errorf("waiting for %v: %w", types, ctx.Err())
		}
	}
}

func (s *session) errors() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.errs...)
}

func (s *session) received() int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.bytes
}

func (s *session) close() { s.c.Close(websocket.StatusNormalClosure, "") }

// post sends a JSON body and reads the whole answer.
func post(ctx context.Context, base, path, body string) (int, []byte, error) {
	req, err := http.NewRequestWithContext(ctx, "POST", base+path, strings.NewReader(body))
	if err != nil {
		return 0, nil, err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return resp.StatusCode, b, err
}

// postBytes is post for a large body.
func postBytes(ctx context.Context, base, path string, body []byte) (int, []byte, error) {
	req, err := http.NewRequestWithContext(ctx, "POST", base+path, bytes.NewReader(body))
	if err != nil {
		return 0, nil, err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return resp.StatusCode, b, err
}

// stall sends one request over a connection of its own and reads no more
// of the answer than its status line: a client that never reads.
func stall(base, method, path, body string) (net.Conn, int, error) {
	u, err := url.Parse(base)
	if err != nil {
		return nil, 0, err
	}
	c, err := net.Dial("tcp", u.Host)
	if err != nil {
		return nil, 0, err
	}
	// A small receive buffer, as a slow phone's: the answer backs up at
	// the server.
	if tc, ok := c.(*net.TCPConn); ok {
		tc.SetReadBuffer(16 << 10)
	}
	fmt.Fprintf(c, "%s %s HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s",
		method, path, u.Host, len(body), body)
	c.SetReadDeadline(time.Now().Add(2 * time.Minute))
	line, err := bufio.NewReaderSize(c, 16).ReadString('\n')
	if err != nil {
		c.Close()
		return nil, 0, fmt.Errorf("reading the status line: %w", err)
	}
	var code int
	fmt.Sscanf(line, "HTTP/1.1 %d", &code)
	return c, code, nil
}
