package e2e

import (
	"bytes"
	"net"
	"sync/atomic"
)

// wsWire counts the bytes the server under test has written on WebSocket
// connections (frames as sent: compressed where the session compresses),
// for the first-paint benchmark's count of what a page receives.
var wsWire atomic.Int64

// wireListener hands out connections that count what the server writes
// on them once they are WebSockets.
type wireListener struct{ net.Listener }

func (l wireListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &wireConn{Conn: c}, nil
}

// wireConn is a connection whose writes count towards wsWire from the
// handshake's answer (101 Switching Protocols) on.
type wireConn struct {
	net.Conn
	ws atomic.Bool
}

func (c *wireConn) Write(b []byte) (int, error) {
	if !c.ws.Load() && bytes.HasPrefix(b, []byte("HTTP/1.1 101 ")) {
		c.ws.Store(true)
	}
	n, err := c.Conn.Write(b)
	if c.ws.Load() {
		wsWire.Add(int64(n))
	}
	return n, err
}
