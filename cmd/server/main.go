// Command server serves distviz: the home page, the JSON API and the
// lecture UI's WebSocket sessions.
//
//	go run ./cmd/server -addr localhost:8080
//
// It stops gracefully on SIGINT or SIGTERM: requests under way have 10 s
// to finish (then they are cut off, and it exits 0), WebSocket sessions are
// closed with 1001 (going away).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"runtime/debug"
	"strconv"
	"strings"
	"syscall"
	"time"

	"distviz/internal/version"
	"distviz/web"
)

// shutdownGrace is how long requests under way may take to finish on shutdown.
const shutdownGrace = 10 * time.Second

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "server:", err)
		os.Exit(1)
	}
}

func run() error {
	addr := flag.String("addr", "localhost:8080", "`host:port` to listen on (port 0 picks a free one)")
	origins := flag.String("origins", "", "comma-separated `host patterns` (e.g. lecture.example.org,*.uni.de) whose pages may open WebSocket sessions besides the server's own origin")
	memory := flag.String("memory", "1GiB", "the memory `budget` of everything the server holds for its clients (runs, downloads, uploads, experiments, sessions), e.g. 512MiB or 4GiB")
	logLevel := flag.String("log-level", "info", "the least `level` logged: debug, info, warn or error")
	logFormat := flag.String("log-format", "text", "the log's `format` on standard error: text (key=value) or json (one object per line)")
	showVersion := flag.Bool("version", false, "print the version and exit")
	flag.Parse()
	if flag.NArg() > 0 {
		return fmt.Errorf("unexpected arguments %q; the flags are -addr, -origins, -memory, -log-level, -log-format and -version", flag.Args())
	}
	if *showVersion {
		fmt.Println("distviz", version.String())
		return nil
	}
	budget, err := parseBytes(*memory)
	if err != nil {
		return fmt.Errorf("-memory: %w", err)
	}
	logger, err := newLogger(os.Stderr, *logLevel, *logFormat)
	if err != nil {
		return err
	}
	cfg := web.Config{AllowedOrigins: splitList(*origins), MemoryBudget: budget}
	limitMemory(budget, logger)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	context.AfterFunc(ctx, stop) // after the first signal, a second one kills at once
	return serve(ctx, *addr, cfg, logger, shutdownGrace, nil)
}

// newLogger makes the server's logger from the -log-level and -log-format flags.
func newLogger(w io.Writer, level, format string) (*slog.Logger, error) {
	var lv slog.Level
	if err := lv.UnmarshalText([]byte(level)); err != nil {
		return nil, fmt.Errorf("-log-level: %q is not one of debug, info, warn, error", level)
	}
	opts := &slog.HandlerOptions{Level: lv}
	switch format {
	case "text":
		return slog.New(slog.NewTextHandler(w, opts)), nil
	case "json":
		return slog.New(slog.NewJSONHandler(w, opts)), nil
	}
	return nil, fmt.Errorf("-log-format: %q is neither text nor json", format)
}

// limitMemory tells the garbage collector to keep the heap within the
// budget and an eighth more (what the budget does not count: the program,
// its caches, the runtime), unless GOMEMLIMIT says otherwise: the budget
// keeps what is live within bounds, the limit keeps the garbage from
// doubling it.
func limitMemory(budget int64, logger *slog.Logger) {
	if os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	limit := budget + budget/8
	debug.SetMemoryLimit(limit)
	logger.Info("memory", "budget", budget, "gcLimit", limit)
}

// parseBytes reads a size such as 1GiB, 512MiB, 64KiB or 1048576 (bytes);
// GB, MB and KB are taken as their binary namesakes.
func parseBytes(s string) (int64, error) {
	units := []struct {
		suffix string
		scale  int64
	}{{"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}, {"GB", 1 << 30}, {"MB", 1 << 20}, {"KB", 1 << 10}, {"G", 1 << 30}, {"M", 1 << 20}, {"K", 1 << 10}, {"B", 1}}
	text := strings.TrimSpace(s)
	scale := int64(1)
	for _, u := range units {
		if num, ok := strings.CutSuffix(text, u.suffix); ok {
			text, scale = strings.TrimSpace(num), u.scale
			break
		}
	}
	x, err := strconv.ParseFloat(text, 64)
	if err != nil || x <= 0 || x*float64(scale) > 1<<50 {
		return 0, fmt.Errorf("%q is not a size such as 1GiB, 512MiB or 1048576", s)
	}
	n := int64(x * float64(scale))
	if n < 16<<20 {
		return 0, fmt.Errorf("%q is less than the 16MiB the server needs to serve anyone", s)
	}
	return n, nil
}

// splitList splits a comma-separated flag, dropping empty entries.
func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// serve listens on addr and serves until ctx is done, then shuts down
// gracefully: requests under way have grace to finish, and those that have
// not by then (a download to a client that reads slowly) are cut off, which
// is the end of a shutdown, not its failure. ready, if not nil, is told the
// URL once the server listens.
func serve(ctx context.Context, addr string, cfg web.Config, logger *slog.Logger, grace time.Duration, ready func(url string)) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	app := web.New(cfg, logger)
	srv := &http.Server{
		Handler: app.Handler(),
		// No ReadTimeout or WriteTimeout: they would cut WebSocket sessions.
		// The API sets per-request deadlines for bodies and large answers.
		ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          slog.NewLogLogger(logger.Handler(), slog.LevelWarn),
	}
	url := "http://" + ln.Addr().String() + "/"
	logger.Info("serving distviz", "url", url)
	if ready != nil {
		ready(url)
	}

	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}

	logger.Info("shutting down", "grace", grace)
	shutdownCtx, cancel := context.WithTimeout(context.Background(), grace)
	defer cancel()
	// Shutdown does not wait for WebSocket sessions (their connections are
	// hijacked): the app closes them, at the same time.
	sessions := make(chan error, 1)
	go func() { sessions <- app.Close(shutdownCtx) }()
	err = srv.Shutdown(shutdownCtx)
	if errors.Is(err, context.DeadlineExceeded) {
		logger.Warn("shutdown: requests still under way at the end of the grace period are cut off", "grace", grace)
		err = srv.Close()
	}
	if err2 := <-sessions; err2 != nil {
		// Sessions whose clients did not answer the close in time: their
		// connections are closed under them as the handlers return.
		logger.Warn("shutdown: sessions cut off at the end of the grace period", "err", err2)
	}
	if err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	if err := <-errc; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	logger.Info("stopped")
	return nil
}
