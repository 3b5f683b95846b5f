// Package web is distviz's HTTP server: the JSON API (algorithms, simulated
// traces, stored interactive runs, trace import and the trace schema), the
// lecture UI's WebSocket sessions (/ws), the home page and the static assets.
package web

import (
	"context"
	"log/slog"
	"net/http"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"

	"distviz/experiment"
	"distviz/internal/budget"
)

// server holds what the handlers share.
type server struct {
	cfg    Config
	log    *slog.Logger
	mem    *budget.Budget // the server's memory
	runs   *runStore
	sem    *limiter
	play   *limiter         // sessions playing: one fewer than the workers
	pool   *experiment.Pool // the runs of all experiments
	hub    *hub
	mux    *chi.Mux
	assets *assets // the page's scripts, styles and icons
}

func newServer(cfg Config, logger *slog.Logger) *server {
	cfg = cfg.withDefaults()
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	as, err := staticAssets()
	if err != nil { // the embedded files cannot be read: a broken build
		panic("web: reading the embedded assets: " + err.Error())
	}
	mem := budget.New(cfg.MemoryBudget)
	return &server{
		assets: as,
		cfg:    cfg,
		log:    logger,
		mem:    mem,
		runs:   newRunStore(cfg.MaxRuns, mem),
		sem:    newLimiter(cfg.Workers, cfg.QueueWait),
		play:   newLimiter(max(1, cfg.Workers-1), cfg.QueueWait),
		pool:   experiment.NewPool(cfg.ExperimentWorkers),
		hub:    newHub(cfg.MaxSessions),
	}
}

// Server is distviz's HTTP handler together with its WebSocket sessions,
// which outlive the requests that opened them: Close ends them.
type Server struct {
	s       *server
	handler http.Handler
}

// New builds the server: the API under /api, the WebSocket sessions at /ws,
// the home page at / and the assets under /static/. A nil logger discards
// the log.
func New(cfg Config, logger *slog.Logger) *Server {
	s := newServer(cfg, logger)
	return &Server{s: s, handler: s.routes()}
}

// Handler is the HTTP handler to serve.
func (srv *Server) Handler() http.Handler { return srv.handler }

// Close refuses new WebSocket sessions and closes the open ones with 1001
// (going away), waiting until they have ended or ctx is done.
// http.Server.Shutdown does not wait for them (they are hijacked
// connections): call both.
func (srv *Server) Close(ctx context.Context) error { return srv.s.hub.close(ctx) }

// Sessions is the number of WebSocket sessions open.
func (srv *Server) Sessions() int { return srv.s.hub.sessions() }

// Memory is the bytes charged to the memory budget now, and the most there
// have been.
func (srv *Server) Memory() (used, peak int64) { return srv.s.mem.Used(), srv.s.mem.Peak() }

// NewRouter builds the HTTP handler (see New) for a server that is never
// closed; its WebSocket sessions end with their clients.
func NewRouter(cfg Config, logger *slog.Logger) http.Handler {
	return New(cfg, logger).Handler()
}

func (s *server) routes() http.Handler {
	r := chi.NewRouter()
	s.mux = r
	// Only middleware that leaves the ResponseWriter alone goes here: a
	// WebSocket route must be able to hijack the connection.
	r.Use(s.recoverer)
	r.Use(middleware.GetHead) // HEAD is GET without the body
	r.NotFound(s.notFound)
	r.MethodNotAllowed(s.methodNotAllowed)

	r.Get("/", s.home)
	r.Get("/ws", s.ws) // no middleware that wraps the ResponseWriter: Accept hijacks it
	r.Method(http.MethodGet, "/static/*", s.assets)
	r.Get("/favicon.ico", s.favicon) // browsers ask for it by this name
	r.Get("/healthz", s.healthz)

	r.Route("/api", func(r chi.Router) {
		r.Use(s.logRequests)
		r.Get("/algorithms", s.algorithms)
		r.Post("/simulate", s.simulate)
		r.Post("/runs", s.createRun)
		r.Get("/runs/{id}/trace", s.runTrace)
		r.Get("/runs/{id}/export", s.exportRun)
		r.Post("/traces", s.importTrace)
		r.Post("/experiments", s.experiment)
		r.Get("/trace.schema.json", s.schema)
	})
	return r
}

// recoverer turns a panic into a logged 500 with a JSON error, so that
// nothing a client sends takes the server down.
func (s *server) recoverer(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			v := recover()
			if v == nil {
				return
			}
			if v == http.ErrAbortHandler { // net/http's way to abort a response quietly
				panic(v)
			}
			s.log.Error("panic while serving a request", "method", r.Method, "path", r.URL.Path,
				"panic", v, "stack", string(debug.Stack()))
			writeJSON(w, http.StatusInternalServerError, errorBody{
				Error: "internal error: the server failed on this request (it is logged); please report it with the request"})
		}()
		next.ServeHTTP(w, r)
	})
}

func (s *server) notFound(w http.ResponseWriter, r *http.Request) {
	writeError(w, errorf(http.StatusNotFound, "no route %s %s; the API has %s",
		r.Method, r.URL.Path, endpointList()))
}

func (s *server) methodNotAllowed(w http.ResponseWriter, r *http.Request) {
	var allowed []string
	for _, m := range []string{http.MethodGet, http.MethodPost, http.MethodPut,
		http.MethodPatch, http.MethodDelete, http.MethodOptions} {
		if s.mux.Match(chi.NewRouteContext(), m, r.URL.Path) {
			allowed = append(allowed, m)
		}
	}
	allow := allowed
	if slices.Contains(allowed, http.MethodGet) { // middleware.GetHead serves HEAD too
		allow = append(slices.Clip(allowed), http.MethodHead)
	}
	w.Header().Set("Allow", strings.Join(allow, ", "))
	writeError(w, errorf(http.StatusMethodNotAllowed, "%s is not allowed on %s; use %s",
		r.Method, r.URL.Path, strings.Join(allowed, " or ")))
}

// logRequests logs each API request with its status, size and duration.
func (s *server) logRequests(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &statusRecorder{ResponseWriter: w}
		next.ServeHTTP(rec, r)
		if rec.status == 0 {
			rec.status = http.StatusOK
		}
		level := slog.LevelInfo
		if rec.status >= 500 {
			level = slog.LevelError
		}
		s.log.Log(r.Context(), level, "request", "method", r.Method, "path", r.URL.Path,
			"status", rec.status, "bytes", rec.bytes, "duration", time.Since(start).Round(time.Microsecond))
	})
}

// statusRecorder notes the status and size of a response. Unwrap lets
// http.ResponseController reach the connection for deadlines and flushes.
type statusRecorder struct {
	http.ResponseWriter
	status int
	bytes  int64
}

func (rec *statusRecorder) WriteHeader(code int) {
	if rec.status == 0 {
		rec.status = code
	}
	rec.ResponseWriter.WriteHeader(code)
}

func (rec *statusRecorder) Write(b []byte) (int, error) {
	if rec.status == 0 {
		rec.status = http.StatusOK
	}
	n, err := rec.ResponseWriter.Write(b)
	rec.bytes += int64(n)
	return n, err
}

func (rec *statusRecorder) Unwrap() http.ResponseWriter { return rec.ResponseWriter }
