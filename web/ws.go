package web

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"runtime/debug"
	"time"

	"github.com/coder/websocket"

	"distviz/session"
)

// Limits of a WebSocket session (docs/protocol.md).
const (
	wsReadLimit   = 64 << 10 // bytes in one client message
	wsPingTimeout = 10 * time.Second
	wsInQueue     = 16 // client messages read ahead of the session
)

// wsError is an `error` message, as the session writes them.
func wsError(text string) []byte {
	b, _ := json.Marshal(struct {
		Type  string `json:"type"`
		Error string `json:"error"`
	}{"error", text})
	return b
}

// wsCompressFrom is the size from which a message goes compressed
// (permessage-deflate, each message on its own: no window kept per
// session). A run's entry, its events and experiment rows are JSON that
// shrinks several times, and a deep link's first picture waits for them;
// a step's delta, most of what a playing run sends, stays below it and
// costs no CPU to compress.
const wsCompressFrom = 4 << 10

// ws serves GET /ws: one lecture-UI session (docs/protocol.md).
func (s *server) ws(w http.ResponseWriter, r *http.Request) {
	if !s.hub.enter() {
		writeError(w, errorf(http.StatusServiceUnavailable, "the server is shutting down; connect again in a moment"))
		return
	}
	defer s.hub.wg.Done()
	if err := s.checkOrigin(r); err != nil {
		s.log.Info("WebSocket handshake refused", "remote", r.RemoteAddr, "origin", r.Header.Get("Origin"), "err", err)
		writeError(w, err)
		return
	}
	c, err := websocket.Accept(w, r, &websocket.AcceptOptions{OriginPatterns: s.cfg.AllowedOrigins,
		CompressionMode: websocket.CompressionNoContextTakeover, CompressionThreshold: wsCompressFrom})
	if err != nil { // Accept has answered (403 for a foreign origin)
		s.log.Info("WebSocket handshake refused", "remote", r.RemoteAddr, "origin", r.Header.Get("Origin"), "err", err)
		return
	}
	defer c.CloseNow()
	c.SetReadLimit(wsReadLimit)
	log := s.log.With("remote", r.RemoteAddr)
	if !s.hub.join() {
		log.Warn("WebSocket session refused: the server is full", "maxSessions", s.cfg.MaxSessions)
		ctx, cancel := context.WithTimeout(context.Background(), s.cfg.SessionWriteTimeout)
		c.Write(ctx, websocket.MessageText, wsError(fmt.Sprintf(
			"the server is full: it serves at most %d sessions at once; try again in a minute", s.cfg.MaxSessions)))
		cancel()
		c.Close(websocket.StatusTryAgainLater, "the server is full")
		return
	}
	defer s.hub.leave()
	if err := s.mem.Charge(sessionBytes, "a new session"); err != nil {
		log.Warn("WebSocket session refused: the memory budget is full", "err", err)
		ctx, cancel := context.WithTimeout(context.Background(), s.cfg.SessionWriteTimeout)
		c.Write(ctx, websocket.MessageText, wsError(err.Error()))
		cancel()
		c.Close(websocket.StatusTryAgainLater, "the server's memory is full")
		return
	}
	defer s.mem.Release(sessionBytes)
	s.serveSession(c, log)
}

// readMessage reads the next message into b's memory (Conn.Read allocates
// anew for each).
func readMessage(c *websocket.Conn, b []byte) (websocket.MessageType, []byte, error) {
	typ, r, err := c.Reader(context.Background())
	if err != nil {
		return 0, nil, err
	}
	buf := bytes.NewBuffer(b[:0])
	_, err = buf.ReadFrom(r)
	return typ, buf.Bytes(), err
}

// inbound is one message from the client.
type inbound struct {
	data   []byte
	binary bool
}

// serveSession runs one session: a reader goroutine feeds the client's
// messages to this goroutine, which owns the session, writes every answer
// (each within SessionWriteTimeout), ticks autoplay, pings and watches for
// idleness and shutdown. It returns when the connection is over.
func (s *server) serveSession(c *websocket.Conn, log *slog.Logger) {
	start := time.Now()
	in := make(chan inbound, wsInQueue)
	// The memory of messages handled goes back to the reader: a step's
	// message is no garbage.
	free := make(chan []byte, wsInQueue+1)
	readErr := make(chan error, 1)
	done := make(chan struct{})
	readerDone := make(chan struct{})
	go func() {
		defer close(readerDone)
		for {
			var b []byte
			select {
			case b = <-free:
			default:
			}
			// Closing the connection ends the read.
			typ, b, err := readMessage(c, b)
			if err != nil {
				readErr <- err
				return
			}
			select {
			case in <- inbound{data: b, binary: typ != websocket.MessageText}:
			case <-done:
				return
			}
		}
	}()
	defer func() {
		close(done)
		c.CloseNow()
		<-readerDone
	}()

	exps := &sessionExperiments{s: s, log: log, reports: make(chan session.ExperimentReport, 4), done: done}
	sess := session.New(session.Config{Store: sessionStore{s.runs}, MaxEvents: s.cfg.MaxEvents, Log: log,
		Experiments: exps, ExperimentLimits: s.cfg.experimentLimits(),
		Meter: s.mem, Gate: sessionGate{s}, MaxNodes: s.cfg.MaxFrameNodes,
		Ahead: s.cfg.Ahead})
	defer sess.Close()
	defer func() {
		if v := recover(); v != nil {
			log.Error("panic in a WebSocket session", "run", sess.RunID(), "panic", v, "stack", string(debug.Stack()))
			c.Close(websocket.StatusInternalError, "internal error")
		}
	}()

	// Every message is counted in the memory budget while it is written:
	// it has been built already, so it is counted even beyond the budget,
	// and what others ask for next finds less room.
	// A write that takes longer than SessionWriteTimeout closes the
	// connection: one timer for all of them (a context with a deadline for
	// each, and the AfterFunc the library hangs on it, were 6 allocations
	// a message, a third of what a step cost the server at n = 8).
	watchdog := time.AfterFunc(time.Hour, func() { c.CloseNow() })
	watchdog.Stop()
	defer watchdog.Stop()
	writeAll := func(bs [][]byte) error {
		var size int64
		for _, b := range bs {
			size += int64(len(b))
		}
		s.mem.Force(size)
		defer s.mem.Release(size)
		for _, b := range bs {
			watchdog.Reset(s.cfg.SessionWriteTimeout)
			err := c.Write(context.Background(), websocket.MessageText, b)
			if !watchdog.Stop() && err == nil {
				err = fmt.Errorf("a write took over %v", s.cfg.SessionWriteTimeout)
			}
			if err != nil {
				return err
			}
		}
		sess.Written(bs) // the session may make its next frame in their memory
		return nil
	}
	write := func(b []byte) error { return writeAll([][]byte{b}) }
	// lost ends a session whose client cannot be written to.
	lost := func(err error) {
		log.Info("WebSocket client too slow or gone: closing", "run", sess.RunID(), "err", err)
	}

	limit := newBucket(float64(s.cfg.MessageRate), float64(s.cfg.MessageBurst), time.Now())
	idle := time.NewTimer(s.cfg.IdleTimeout)
	defer idle.Stop()
	ping := time.NewTicker(s.cfg.PingInterval)
	defer ping.Stop()
	var play *time.Ticker
	var tick <-chan time.Time
	defer func() {
		if play != nil {
			play.Stop()
		}
	}()

	// onMessage handles a client message; false ends the session.
	onMessage := func(m inbound) bool {
		idle.Reset(s.cfg.IdleTimeout)
		var out [][]byte
		switch {
		case !limit.allow(time.Now()):
			out = [][]byte{wsError(fmt.Sprintf(
				"too many messages: at most %d a second (bursts of %d); this one is ignored", s.cfg.MessageRate, s.cfg.MessageBurst))}
		case m.binary:
			out = [][]byte{wsError(`send JSON text messages such as {"type": "step"}, not binary ones; this one is ignored`)}
		default:
			out = sess.Handle(m.data) // which keeps nothing of it
			if cap(m.data) <= 4<<10 { // (a large one is not kept uncharged)
				select {
				case free <- m.data[:0]:
				default:
				}
			}
		}
		if err := writeAll(out); err != nil {
			lost(err)
			return false
		}
		return true
	}
	// onReadErr ends the session when the client closes or breaks the connection.
	onReadErr := func(err error) {
		switch status := websocket.CloseStatus(err); status {
		case websocket.StatusNormalClosure, websocket.StatusGoingAway:
			log.Debug("WebSocket session closed by the client", "run", sess.RunID(), "duration", time.Since(start).Round(time.Millisecond))
		case websocket.StatusMessageTooBig:
			log.Info("WebSocket client sent a message over the limit: closed", "limit", wsReadLimit)
		default:
			log.Info("WebSocket session ended", "run", sess.RunID(), "err", err)
		}
	}
	shutdown := func() {
		c.Close(websocket.StatusGoingAway, "the server is shutting down")
	}

	for {
		if playing := sess.Playing(); playing && play == nil {
			play = time.NewTicker(session.FrameInterval)
			tick = play.C
		} else if !playing && play != nil {
			play.Stop()
			play, tick = nil, nil
		}

		if sess.Pending() {
			// Events due go out one batch at a time, between the client's
			// messages.
			select {
			case m := <-in:
				if !onMessage(m) {
					return
				}
			case err := <-readErr:
				onReadErr(err)
				return
			case r := <-exps.reports:
				if err := writeAll(sess.ExperimentReport(r)); err != nil {
					lost(err)
					return
				}
			case <-s.hub.ctx.Done():
				shutdown()
				return
			default:
				if b := sess.Events(); b != nil {
					if err := write(b); err != nil {
						lost(err)
						return
					}
				}
			}
			continue
		}

		select {
		case m := <-in:
			if !onMessage(m) {
				return
			}
		case err := <-readErr:
			onReadErr(err)
			return
		case r := <-exps.reports:
			if err := writeAll(sess.ExperimentReport(r)); err != nil {
				lost(err)
				return
			}
		case now := <-tick:
			if err := writeAll(sess.Tick(now)); err != nil {
				lost(err)
				return
			}
		case <-ping.C:
			ctx, cancel := context.WithTimeout(context.Background(), min(wsPingTimeout, s.cfg.PingInterval))
			err := c.Ping(ctx)
			cancel()
			if err != nil {
				log.Info("WebSocket client did not answer a ping: closing", "run", sess.RunID(), "err", err)
				return
			}
		case <-idle.C:
			log.Debug("WebSocket session idle: closing", "run", sess.RunID(), "idle", s.cfg.IdleTimeout)
			if write(wsError(fmt.Sprintf("closing: no message for %v; reconnect to go on", s.cfg.IdleTimeout))) == nil {
				c.Close(websocket.StatusNormalClosure, "idle")
			}
			return
		case <-s.hub.ctx.Done():
			shutdown()
			return
		}
	}
}
