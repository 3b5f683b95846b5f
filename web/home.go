package web

import (
	"bytes"
	"context"
	"net/http"
	"strings"
	"sync"

	"distviz/algos"
	"distviz/templates"
)

// endpoints are the API's routes, for the home page and the 404 advice.
var endpoints = []templates.Endpoint{
	{Method: "GET", Path: "/api/algorithms", Doc: "The algorithms: parameters, message types, actions, invariants, theory and scenarios."},
	{Method: "POST", Path: "/api/simulate", Doc: `Runs {"algorithm", "params", "seed", "maxEvents"} to the end (or the event limit) and returns the trace.`},
	{Method: "POST", Path: "/api/runs", Doc: "Creates an interactive run at step 0 from the same body and returns its id."},
	{Method: "GET", Path: "/api/runs/{id}/trace", Doc: "The trace of a stored run so far."},
	{Method: "POST", Path: "/api/traces", Doc: "Imports a trace: re-simulates it, checks it event for event and stores the run."},
	{Method: "POST", Path: "/api/experiments", Doc: `Runs {"algorithm", "params", "seeds", "vary"} for every combination and seed without traces: one row of counts per run, as JSON or CSV.`},
	{Method: "GET", Path: "/api/trace.schema.json", Doc: "The JSON Schema of the trace document."},
}

func endpointList() string {
	parts := make([]string, len(endpoints))
	for i, e := range endpoints {
		parts[i] = e.Method + " " + e.Path
	}
	return strings.Join(parts, ", ")
}

// homePage is the home page, rendered once: it names the assets of this
// build, and the registry it shows does not change while the server runs.
var homePage = sync.OnceValues(func() (*blob, error) {
	as, err := staticAssets()
	if err != nil {
		return nil, err
	}
	all := algos.All()
	var buf bytes.Buffer
	page := templates.Assets{URL: as.URL, Preload: as.Imports(templates.Entry)}
	if err := templates.Index(templates.Families(all), all, endpoints, page).Render(context.Background(), &buf); err != nil {
		return nil, err
	}
	return newBlob(buf.Bytes(), "text/html; charset=utf-8"), nil
})

func (s *server) home(w http.ResponseWriter, r *http.Request) {
	page, err := homePage()
	if err != nil {
		writeError(w, s.internal(r, "rendering the home page", err))
		return
	}
	page.serve(w, r, cacheRevalidate)
}

// favicon answers /favicon.ico with the page's icon (an SVG).
func (s *server) favicon(w http.ResponseWriter, r *http.Request) {
	s.assets.files["favicon.svg"].serve(w, r, cacheRevalidate)
}
