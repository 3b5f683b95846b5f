package web

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// exercises are requests that produce each documented status ("METHOD
// /path status"), and the request bodies the server accepts, by operation.
type exercises struct {
	cases  map[string]func() answer
	bodies map[string][]string
}

func newExercises(t *testing.T) exercises {
	t.Helper()
	h := newTestRouter(t, Config{})
	run := `{"algorithm": "chang-roberts", "params": {"n": 5, "ids": [3, 9, 1, 7, 5]}, "seed": 3, "maxEvents": 1000}`
	id := createdID(t, do(t, h, "POST", "/api/runs", run))
	wide := createdID(t, do(t, h, "POST", "/api/runs", `{"algorithm": "chang-roberts", "params": {"n": 40}, "maxEvents": 100}`))
	trace := string(simulate(t, h, `{"algorithm": "chang-roberts", "params": {"n": 4}}`))
	exp := `{"algorithm": "chang-roberts", "params": {"idOrder": "random"}, "vary": {"n": [3, 4]}, "seeds": {"from": 1, "count": 2}}`

	// A server whose one worker is taken and whose memory is full.
	full := newServer(Config{Workers: 1, QueueWait: 20 * time.Millisecond, BodyTimeout: 50 * time.Millisecond,
		MemoryBudget: 64 << 20}, testLogger(t))
	fh := full.routes()
	fullID := createdID(t, do(t, fh, "POST", "/api/runs", run))
	if err := full.sem.acquire(context.Background()); err != nil {
		t.Fatal(err)
	}
	full.mem.Force(64 << 20)
	t.Cleanup(func() { full.mem.Release(64 << 20); full.sem.release() })

	small := newTestRouter(t, Config{MaxBodyBytes: 64, MaxTraceBytes: 64})
	slow := httptest.NewServer(NewRouter(Config{BodyTimeout: 200 * time.Millisecond}, testLogger(t)))
	t.Cleanup(slow.Close)
	slowAddr := slow.Listener.Addr().String()

	get := func(h http.Handler, path string) func() answer {
		return func() answer { return recorded(do(t, h, "GET", path, "")) }
	}
	post := func(h http.Handler, path, body string) func() answer {
		return func() answer { return recorded(do(t, h, "POST", path, body)) }
	}
	tooLarge := `{"algorithm": "chang-roberts", "params": {"n": 5}, "seed": 1, "maxEvents": 1000}`
	cases := map[string]func() answer{
		"GET /api/algorithms 200": get(h, "/api/algorithms"),
		"GET /api/algorithms 304": func() answer { return notModified(h, "/api/algorithms") },

		"GET /api/trace.schema.json 200":    get(h, "/api/trace.schema.json"),
		"GET /api/trace.schema.json 304":    func() answer { return notModified(h, "/api/trace.schema.json") },
		"GET /api/openapi.json 200":         get(h, "/api/openapi.json"),
		"GET /api/openapi.json 304":         func() answer { return notModified(h, "/api/openapi.json") },
		"GET /api/protocol.schema.json 200": get(h, "/api/protocol.schema.json"),
		"GET /api/protocol.schema.json 304": func() answer { return notModified(h, "/api/protocol.schema.json") },

		"GET /api/runs/{id}/trace 200": get(h, "/api/runs/"+id+"/trace"),
		"GET /api/runs/{id}/trace 404": get(h, "/api/runs/0000000000000000/trace"),
		"GET /api/runs/{id}/trace 503": get(fh, "/api/runs/"+fullID+"/trace"),

		"GET /api/runs/{id}/export 200": get(h, "/api/runs/"+id+"/export?format=dot"),
		"GET /api/runs/{id}/export 400": get(h, "/api/runs/"+id+"/export?format=svg"),
		"GET /api/runs/{id}/export 404": get(h, "/api/runs/0000000000000000/export?format=dot"),
		"GET /api/runs/{id}/export 422": get(h, "/api/runs/"+wide+"/export?format=shiviz"),
		"GET /api/runs/{id}/export 503": get(fh, "/api/runs/"+fullID+"/export?format=dot"),

		"GET /healthz 200":          get(h, "/healthz"),
		"GET / 200":                 get(h, "/?algorithm=bully&scenario=lecture&step=3&lang=de"),
		"GET / 304":                 func() answer { return notModified(h, "/") },
		"GET /favicon.ico 200":      get(h, "/favicon.ico"),
		"GET /static/{path} 200":    get(h, "/static/js/app/app.js"),
		"GET /static/{path} 304":    func() answer { return notModified(h, "/static/js/app/app.js") },
		"GET /static/{path} 404":    get(h, "/static/js/nope.js"),
		"GET /ws 101":               func() answer { return wsDial(t) },
		"GET /ws 403":               func() answer { return withHeader(h, "/ws", "Origin", "https://evil.example.com") },
		"GET /ws 426":               get(h, "/ws"),
		"GET /ws 503":               func() answer { return recorded(do(t, closedServer(t), "GET", "/ws", "")) },
		"POST /api/experiments 200": post(h, "/api/experiments", exp),
	}
	// The body-reading operations refuse alike.
	for path, ok := range map[string]string{"/api/simulate": "200", "/api/runs": "201", "/api/traces": "201", "/api/experiments": ""} {
		body := run
		switch path {
		case "/api/traces":
			body = trace
		case "/api/experiments":
			body = exp
		}
		if ok != "" {
			cases["POST "+path+" "+ok] = post(h, path, body)
		}
		cases["POST "+path+" 400"] = post(h, path, `{"algorithm": "chang-roberts", "sed": 1}`)
		cases["POST "+path+" 408"] = func() answer { return slowRequest(t, slowAddr, path) }
		cases["POST "+path+" 413"] = post(small, path, strings.Replace(tooLarge, "chang-roberts", "chang-roberts-"+strings.Repeat("x", 64), 1))
		cases["POST "+path+" 503"] = post(fh, path, body)
	}
	return exercises{cases: cases, bodies: map[string][]string{
		"POST /api/simulate":    {run, `{"algorithm": "bully"}`, `{"algorithm": "bully", "params": null, "seed": null}`},
		"POST /api/runs":        {run},
		"POST /api/traces":      {trace},
		"POST /api/experiments": {exp, `{"algorithm": "ricart-agrawala", "cases": [{"n": 3}], "maxEvents": 5000}`},
	}}
}

// slowRequest sends a POST that announces more body than it sends.
func slowRequest(t *testing.T, addr, path string) answer {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	fmt.Fprintf(c, "POST %s HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"algorithm\": ", path)
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	defer resp.Body.Close()
	var b bytes.Buffer
	b.ReadFrom(resp.Body)
	return answer{status: resp.StatusCode, header: resp.Header, body: b.Bytes()}
}

// withHeader serves a GET with one request header.
func withHeader(h http.Handler, path, key, value string) answer {
	r := httptest.NewRequest("GET", path, nil)
	r.Header.Set(key, value)
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return recorded(w)
}

// notModified asks for path twice, the second time with the ETag of the first.
func notModified(h http.Handler, path string) answer {
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest("GET", path, nil))
	return withHeader(h, path, "If-None-Match", w.Header().Get("ETag"))
}

// wsDial opens a session on a real server and reports the handshake's status.
func wsDial(t *testing.T) answer {
	t.Helper()
	_, url := startWS(t, Config{})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, resp, err := websocket.Dial(ctx, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	c.Close(websocket.StatusNormalClosure, "")
	return answer{status: resp.StatusCode, header: resp.Header}
}

// closedServer is a server that has begun shutting down.
func closedServer(t *testing.T) http.Handler {
	t.Helper()
	srv := New(Config{}, testLogger(t))
	if err := srv.Close(context.Background()); err != nil {
		t.Fatal(err)
	}
	return srv.Handler()
}
