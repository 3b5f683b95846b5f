package web

import (
	"crypto/tls"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/coder/websocket"
)

// The same origin is the same scheme, host and port; other origins need a
// pattern of AllowedOrigins.
func TestCheckOrigin(t *testing.T) {
	s := newServer(Config{AllowedOrigins: []string{"lecture.example.org", "https://*.uni.de", "localhost:5173"}}, testLogger(t))
	for _, c := range []struct {
		host, origin string
		tls          bool
		ok           bool
	}{
		{"localhost:8080", "", false, true},
		{"localhost:8080", "http://localhost:8080", false, true},
		{"LOCALHOST:8080", "http://localhost:8080", false, true},
		{"localhost:8080", "https://localhost:8080", false, false}, // another scheme
		{"localhost:8080", "http://localhost:9090", false, false},  // another port
		{"localhost", "http://localhost:80", false, true},          // the default port
		{"localhost", "https://localhost", false, false},
		{"example.org", "https://example.org", true, true},
		{"example.org", "http://example.org", true, false},
		{"localhost:8080", "http://evil.example.com", false, false},
		{"localhost:8080", "null", false, false},
		{"localhost:8080", "http://lecture.example.org", false, true}, // a host pattern: any scheme
		{"localhost:8080", "https://lecture.example.org", false, true},
		{"localhost:8080", "https://a.uni.de", false, true},
		{"localhost:8080", "http://a.uni.de", false, false}, // the pattern names https
		{"localhost:8080", "http://localhost:5173", false, true},
	} {
		r := httptest.NewRequest("GET", "/ws", nil)
		r.Host = c.host
		if c.origin != "" {
			r.Header.Set("Origin", c.origin)
		}
		if c.tls {
			r.TLS = &tls.ConnectionState{}
		}
		err := s.checkOrigin(r)
		if (err == nil) != c.ok {
			t.Errorf("host %s, origin %q, tls %v: %v, want ok %v", c.host, c.origin, c.tls, err, c.ok)
		}
		if err != nil && !strings.Contains(err.Error(), "-origins") {
			t.Errorf("the refusal %q does not say what to do", err)
		}
	}
}

// Over a real handshake: a page of https://host may not drive a session of
// http://host.
func TestWSOriginScheme(t *testing.T) {
	_, url := startWS(t, Config{})
	host := strings.TrimSuffix(strings.TrimPrefix(url, "ws://"), "/ws")
	_, err := dialWS(t, url, &websocket.DialOptions{HTTPHeader: http.Header{"Origin": {"https://" + host}}})
	if err == nil || !strings.Contains(err.Error(), "status 403") {
		t.Fatalf("another scheme: %v, want 403", err)
	}
}
