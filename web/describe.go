package web

import (
	_ "embed"
	"net/http"
)

// The descriptions of the server's interfaces, published beside the trace
// schema (trace.schema.json) and tested against the handlers and the
// session: openapi_test.go, protocol_test.go.
var (
	// openAPI is the OpenAPI 3.1 description of the HTTP API.
	//
	//go:embed openapi.json
	openAPI []byte
	// protocolSchema is the JSON Schema of the WebSocket session's
	// messages in both directions (docs/protocol.md).
	//
	//go:embed protocol.schema.json
	protocolSchema []byte
)

// serveJSONDoc answers with one of the embedded JSON documents, gzipped to
// a client that accepts it and with an ETag, as GET /api/algorithms.
func serveJSONDoc(doc []byte) http.HandlerFunc {
	bl := newBlob(doc, "application/json")
	return func(w http.ResponseWriter, r *http.Request) { bl.serve(w, r, cacheRevalidate) }
}
