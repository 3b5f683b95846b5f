package web

import (
	"net"
	"net/http"
	"net/url"
	"path"
	"strings"
)

// checkOrigin refuses a WebSocket handshake from a page of another origin.
// The same origin is the same scheme, host and port as the request reached
// the server with (coder/websocket compares the host alone, so a page of
// https://host could drive a session of http://host); otherwise the origin
// must match one of AllowedOrigins, as coder/websocket matches them: a
// pattern with "://" against scheme://host:port, one without against
// host:port. A request without Origin is no browser's: it passes, as it
// does in coder/websocket.
func (s *server) checkOrigin(r *http.Request) error {
	origin := r.Header.Get("Origin")
	if origin == "" {
		return nil
	}
	u, err := url.Parse(origin)
	if err != nil || u.Scheme == "" || u.Host == "" {
		return errorf(http.StatusForbidden, "the Origin header %q is not an origin such as http://host:port; "+
			"open the page from the server, or start the server with -origins naming that page's host", origin)
	}
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	if strings.EqualFold(u.Scheme, scheme) && sameHost(hostPort(u.Host, u.Scheme), hostPort(r.Host, scheme)) {
		return nil
	}
	for _, p := range s.cfg.AllowedOrigins {
		target := u.Host
		if strings.Contains(p, "://") {
			target = u.Scheme + "://" + u.Host
		}
		if ok, _ := path.Match(strings.ToLower(p), strings.ToLower(target)); ok {
			return nil
		}
	}
	return errorf(http.StatusForbidden, "a page of %s may not open a session here: this server's own pages are at %s://%s; "+
		"open the page from the server, or start the server with -origins naming that page's host", origin, scheme, r.Host)
}

// hostPort gives a host its scheme's default port when it names none.
func hostPort(host, scheme string) string {
	if _, _, err := net.SplitHostPort(host); err == nil {
		return host
	}
	port := "80"
	if strings.EqualFold(scheme, "https") {
		port = "443"
	}
	return net.JoinHostPort(strings.Trim(host, "[]"), port)
}

func sameHost(a, b string) bool { return strings.EqualFold(a, b) }
