package main

import (
	"context"
	"fmt"
	"net"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

func bigFrames(ctx context.Context, s *server, r *report) error {
	x, err := dial(ctx, s.url, 0)
	if err != nil {
		return err
	}
	defer x.close()
	x.send(ctx, `{"type":"open","algorithm":"chang-roberts","params":{"n":100000}}`)
	m, err := x.until(ctx, "run", "error")
	if err != nil {
		return err
	}
	r.check(m.Type == "error" && strings.Contains(m.Error, "too large to draw"), "n 100,000 should be refused: %s %s", m.Type, m.Error)
	var wg sync.WaitGroup
	var bytes atomic.Int64
	for range 2 {
		wg.Go(func() {
			y, err := dial(ctx, s.url, 0)
			if err != nil {
				return
			}
			defer y.close()
			y.send(ctx, `{"type":"open","algorithm":"chang-roberts","params":{"n":10000}}`)
			y.until(ctx, "frame", "error")
			end := time.Now().Add(10 * time.Second)
			for time.Now().Before(end) {
				y.send(ctx, `{"type":"step"}`)
				time.Sleep(20 * time.Millisecond)
			}
			bytes.Add(y.received())
		})
	}
	wg.Wait()
	r.note("n 100,000 refused; 2 sessions at n 10,000 received %d MB in 10 s", bytes.Load()>>20)
	return nil
}

func sharedRun(ctx context.Context, s *server, r *report) error {
	a, err := dial(ctx, s.url, 0)
	if err != nil {
		return err
	}
	defer a.close()
	a.send(ctx, `{"type":"open","algorithm":"bully"}`)
	run, _ := a.until(ctx, "run")
	a.until(ctx, "frame")
	a.send(ctx, `{"type":"last"}`)
	last, _ := a.until(ctx, "frame")
	b, err := dial(ctx, s.url, 0)
	if err != nil {
		return err
	}
	defer b.close()
	b.send(ctx, `{"type":"attach","id":%q}`, run.ID)
	b.until(ctx, "frame")
	a.send(ctx, `{"type":"seek","step":3}`)
	a.until(ctx, "frame")
	b.send(ctx, `{"type":"action","action":{"type":"crash","node":0}}`)
	bf, _ := b.until(ctx, "frame", "error")
	a.send(ctx, `{"type":"step"}`)
	af, _ := a.until(ctx, "frame")
	r.note("A at step 4 of %d, B's crash at its step %d", af.Steps, bf.Step)
	r.check(af.Step == 4 && af.Steps > last.Steps && bf.Step == last.Steps, "A step %d of %d, B step %d (run of %d steps)", af.Step, af.Steps, bf.Step, last.Steps)
	return nil
}

func slowExperiment(ctx context.Context, s *server, r *report) error {
	x, err := dial(ctx, s.url, 8e6)
	if err != nil {
		return err
	}
	defer x.close()
	start := time.Now()
	x.send(ctx, `{"type":"experiment","experiment":%s}`, bigExperiment)
	rows := 0
	for {
		m, err := x.until(ctx, "experimentRows", "experimentResult", "error")
		if err != nil {
			return err
		}
		switch m.Type {
		case "experimentRows":
			rows += len(m.Rows)
			continue
		case "experimentResult":
			r.note("%d rows, %d MB in %.0f s", rows, x.received()>>20, time.Since(start).Seconds())
			r.check(rows == m.Runs && rows > 0, "%d rows arrived of %d", rows, m.Runs)
		default:
			r.check(false, "error %s", m.Error)
		}
		return nil
	}
}

func shutdownSlow(ctx context.Context, s *server, r *report) error {
	c, code, err := stall(s.url, "POST", "/api/simulate", `{`+tokenRing+`,"maxEvents":1000000}`)
	if err != nil {
		return err
	}
	defer c.Close()
	r.endProbe() // the server stops listening: what follows is no latency
	start := time.Now()
	err = s.stop()
	r.note("download status %d; the server stopped %.1f s after SIGTERM, exit %v", code, time.Since(start).Seconds(), err)
	r.check(err == nil, "exit status 0, not %v", err)
	return nil
}

func strictInput(ctx context.Context, s *server, r *report) error {
	for _, c := range []struct{ path, body string }{
		{"/api/simulate", `{"algorithm":"bully","params":{"crashed":[null]}}`},
		{"/api/simulate", `{"ALGORITHM":"bully"}`},
		{"/api/simulate", `{"algorithm":"bully","seed":1,"seed":2}`},
		{"/api/experiments", `{"algorithm":"bully","seeds":{"From":1}}`},
	} {
		code, body, err := post(ctx, s.url, c.path, c.body)
		r.check(err == nil && code == 400, "%s %s: %d %s", c.path, c.body, code, body)
	}
	x, err := dial(ctx, s.url, 0)
	if err != nil {
		return err
	}
	defer x.close()
	x.send(ctx, `{"type":"open","algorithm":"bully"}`)
	x.until(ctx, "frame")
	x.send(ctx, `{"type":"action","action":{"type":"crash","node":1,"colour":"red"}}`)
	m, _ := x.until(ctx, "error", "frame")
	r.check(m.Type == "error", "an action with an unknown field: %s", m.Type)
	host := strings.TrimPrefix(s.url, "http://")
	conn, err := net.Dial("tcp", host)
	if err != nil {
		return err
	}
	defer conn.Close()
	fmt.Fprintf(conn, "GET /ws HTTP/1.1\r\nHost: %s\r\nOrigin: https://%s\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n"+
		"Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n", host, host)
	buf := make([]byte, 12)
	conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	n, _ := conn.Read(buf)
	r.check(strings.Contains(string(buf[:n]), "403"), "an https Origin for an http page: %q", buf[:n])
	r.note("null, case, duplicates, nested and action fields, Origin scheme refused")
	return nil
}

func reimport(ctx context.Context, s *server, r *report) error {
	doc, err := export(ctx, s, 1_000_000)
	if err != nil {
		return err
	}
	start := time.Now()
	code, body, err := postBytes(ctx, s.url, "/api/traces", doc)
	r.note("a %d MiB export re-imported: %d in %.1f s", len(doc)>>20, code, time.Since(start).Seconds())
	r.check(err == nil && code == 201, "re-import: %d %.200s %v", code, body, err)
	return nil
}
