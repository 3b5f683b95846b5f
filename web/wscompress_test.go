package web

import (
	"context"
	"net"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// wireReadCounter counts the bytes a connection reads off the wire.
type wireReadCounter struct {
	net.Conn
	n *atomic.Int64
}

func (c wireReadCounter) Read(b []byte) (int, error) {
	n, err := c.Conn.Read(b)
	c.n.Add(int64(n))
	return n, err
}

// A client that offers permessage-deflate (browsers do) gets a run's large
// messages compressed, each on its own (no context kept), and the small
// ones as they are: the wire carries far less than the JSON.
func TestWSCompressesLargeMessages(t *testing.T) {
	_, url := startWS(t, Config{})
	var wire atomic.Int64
	tr := &http.Transport{DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
		c, err := (&net.Dialer{}).DialContext(ctx, network, addr)
		if err != nil {
			return nil, err
		}
		return wireReadCounter{c, &wire}, nil
	}}
	defer tr.CloseIdleConnections()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	c, resp, err := websocket.Dial(ctx, url, &websocket.DialOptions{HTTPClient: &http.Client{Transport: tr}, CompressionMode: websocket.CompressionNoContextTakeover})
	if err != nil {
		t.Fatal(err)
	}
	defer c.CloseNow()
	c.SetReadLimit(-1)
	if ext := resp.Header.Get("Sec-WebSocket-Extensions"); !strings.Contains(ext, "permessage-deflate") || !strings.Contains(ext, "server_no_context_takeover") {
		t.Fatalf("the server answers the extensions %q", ext)
	}
	handshake := wire.Load()
	if err := c.Write(ctx, websocket.MessageText, []byte(`{"type":"open","algorithm":"bully","scenario":"lecture","step":12,"deltas":true}`)); err != nil {
		t.Fatal(err)
	}
	var text int64
	for _, want := range []string{"run", "frame", "events"} {
		_, b, err := c.Read(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(string(b), `{"type":"`+want+`"`) {
			t.Fatalf("got %.80s, want a %s", b, want)
		}
		text += int64(len(b))
	}
	if got := wire.Load() - handshake; got*2 > text {
		t.Fatalf("the run, its frame and events took %d bytes on the wire for %d bytes of JSON: not compressed", got, text)
	}
}
