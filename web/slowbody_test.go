package web

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// A body that stops arriving is answered 408 with a sentence that says so,
// not 400 with the socket's error text, on every endpoint that reads one.
func TestSlowBody(t *testing.T) {
	srv := httptest.NewServer(NewRouter(Config{BodyTimeout: 200 * time.Millisecond}, testLogger(t)))
	defer srv.Close()
	for _, path := range []string{"/api/simulate", "/api/runs", "/api/experiments", "/api/traces"} {
		c, err := net.Dial("tcp", srv.Listener.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		// Announces 100 bytes, sends 15 and waits.
		fmt.Fprintf(c, "POST %s HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"algorithm\": ", path)
		resp, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		var body struct{ Error string }
		err = json.NewDecoder(resp.Body).Decode(&body)
		resp.Body.Close()
		c.Close()
		if err != nil || resp.StatusCode != http.StatusRequestTimeout ||
			!strings.HasPrefix(body.Error, "the request body did not arrive within 200ms;") {
			t.Errorf("%s: %d %q (%v), want 408 saying the body did not arrive", path, resp.StatusCode, body.Error, err)
		}
	}
}
