package web

import (
	"bytes"
	"context"
	"net/http"
	"slices"
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
	{Method: "GET", Path: "/api/runs/{id}/export", Doc: "A stored run in a format other tools read: ?format=shiviz (a ShiViz log), dot (Graphviz), tikz (LaTeX) or html (the run as one offline HTML file that steps without a server); ?step= up to a step."},
	{Method: "POST", Path: "/api/traces", Doc: "Imports a trace: re-simulates it, checks it event for event and stores the run."},
	{Method: "POST", Path: "/api/experiments", Doc: `Runs {"algorithm", "params", "seeds", "vary"} for every combination and seed without traces: one row of counts per run, as JSON or CSV.`},
	{Method: "GET", Path: "/api/trace.schema.json", Doc: "The JSON Schema of the trace document."},
	{Method: "GET", Path: "/api/openapi.json", Doc: "The OpenAPI 3.1 description of this API."},
	{Method: "GET", Path: "/api/protocol.schema.json", Doc: "The JSON Schema of the WebSocket session's messages."},
}

func endpointList() string {
	parts := make([]string, len(endpoints))
	for i, e := range endpoints {
		parts[i] = e.Method + " " + e.Path
	}
	return strings.Join(parts, ", ")
}

// homePages are the home page, rendered once for each view: the page names
// the assets of this build, and a deep link's page (/?algorithm=…) also the
// modules of its algorithm's view, so that the browser has them when the
// run comes instead of asking for them then. The registry it shows does not
// change while the server runs.
var homePages sync.Map // view name ("" for none) → *blob

func homePage(view string) (*blob, error) {
	if b, ok := homePages.Load(view); ok {
		return b.(*blob), nil
	}
	as, err := staticAssets()
	if err != nil {
		return nil, err
	}
	all := algos.All()
	page := templates.Assets{URL: as.URL, Preload: as.Imports(templates.Entry)}
	if as.bundle != nil {
		module := as.viewModule(view)
		page = templates.Assets{URL: as.URL, Script: as.bundle.entry, Styles: []string{as.bundle.style},
			Preload: as.bundle.preload(module), ViewScript: as.bundle.chunks[module], Boot: as.bundle.boot}
	} else if m := as.viewModule(view); m != "" {
		for _, p := range append([]string{m}, as.Imports(m)...) {
			if !slices.Contains(page.Preload, p) {
				page.Preload = append(page.Preload, p)
			}
		}
	}
	page.View = view
	var buf bytes.Buffer
	if err := templates.Index(templates.Families(all), all, endpoints, page).Render(context.Background(), &buf); err != nil {
		return nil, err
	}
	b, _ := homePages.LoadOrStore(view, newBlob(buf.Bytes(), "text/html; charset=utf-8"))
	return b.(*blob), nil
}

func (s *server) home(w http.ResponseWriter, r *http.Request) {
	view := ""
	if id := r.URL.Query().Get("algorithm"); id != "" {
		if a, err := algos.Get(id); err == nil {
			view = a.View
		}
	}
	page, err := homePage(view)
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
