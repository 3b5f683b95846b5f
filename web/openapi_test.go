package web

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/go-chi/chi/v5"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// docBase is where the tests place the published documents, so that their
// relative references (openapi.json → trace.schema.json) resolve as they
// do for a client of /api/.
const docBase = "http://distviz.test/api/"

// docCompiler knows the three published documents.
func docCompiler(t *testing.T) *jsonschema.Compiler {
	t.Helper()
	c := jsonschema.NewCompiler()
	for name, doc := range map[string][]byte{"openapi.json": openAPI, "trace.schema.json": traceSchema, "protocol.schema.json": protocolSchema} {
		v, err := jsonschema.UnmarshalJSON(bytes.NewReader(doc))
		if err != nil {
			t.Fatalf("%s is not JSON: %v", name, err)
		}
		if err := c.AddResource(docBase+name, v); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	return c
}

// operation is one documented method of one path.
type operation struct {
	path, method string
	statuses     []string
	responses    map[string]json.RawMessage
	body         string // the request body's schema, as a pointer into the document ("": none)
}

func (o operation) key() string { return o.method + " " + o.path }

// operations reads the description's paths.
func operations(t *testing.T) []operation {
	t.Helper()
	var doc struct {
		OpenAPI string                                `json:"openapi"`
		Paths   map[string]map[string]json.RawMessage `json:"paths"`
	}
	if err := json.Unmarshal(openAPI, &doc); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(doc.OpenAPI, "3.1.") {
		t.Fatalf("openapi %q, want 3.1.x", doc.OpenAPI)
	}
	var ops []operation
	for path, item := range doc.Paths {
		for method, raw := range item {
			if method == "parameters" {
				continue
			}
			var op struct {
				Responses   map[string]json.RawMessage `json:"responses"`
				RequestBody *struct{}                  `json:"requestBody"`
			}
			if err := json.Unmarshal(raw, &op); err != nil {
				t.Fatalf("%s %s: %v", method, path, err)
			}
			o := operation{path: path, method: strings.ToUpper(method), responses: op.Responses}
			if op.RequestBody != nil {
				o.body = "/paths/" + pointerEscape(path) + "/" + method + "/requestBody/content/application~1json/schema"
			}
			for status := range op.Responses {
				o.statuses = append(o.statuses, status)
			}
			slices.Sort(o.statuses)
			ops = append(ops, o)
		}
	}
	slices.SortFunc(ops, func(a, b operation) int { return strings.Compare(a.key(), b.key()) })
	return ops
}

func pointerEscape(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

// routerPath writes a chi route as an OpenAPI path: the wildcard of
// /static/* is the parameter {path}.
func routerPath(route string) string {
	if p, ok := strings.CutSuffix(route, "/*"); ok {
		return p + "/{path}"
	}
	return route
}

// exportRoute is described for the exports of issue 18 (item 2), which are
// built beside this description: a branch whose router lacks it skips it.
const exportRoute = "GET /api/runs/{id}/export"

// routes lists the router's routes as "METHOD /path".
func routes(t *testing.T) []string {
	t.Helper()
	s := newServer(Config{}, testLogger(t))
	s.routes()
	var out []string
	err := chi.Walk(s.mux, func(method, route string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
		out = append(out, method+" "+routerPath(route))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// Every route of the router is described, and every described operation
// is a route.
func TestOpenAPICoversTheRouter(t *testing.T) {
	var described []string
	for _, o := range operations(t) {
		described = append(described, o.key())
	}
	routed := routes(t)
	for _, r := range routed {
		if !slices.Contains(described, r) {
			t.Errorf("the route %s is not in web/openapi.json", r)
		}
	}
	for _, d := range described {
		if !slices.Contains(routed, d) {
			if d == exportRoute {
				t.Logf("%s is described but not routed in this branch (the exports are built separately): skipped", d)
				continue
			}
			t.Errorf("web/openapi.json describes %s, which the router does not have", d)
		}
	}
}

// answer is what a request got: enough to check against the description.
type answer struct {
	status int
	header http.Header
	body   []byte
}

func recorded(w *httptest.ResponseRecorder) answer {
	return answer{status: w.Code, header: w.Header(), body: w.Body.Bytes()}
}

// Every documented status of every operation is produced by a request
// (each of the table's entries is one), and its JSON body matches the
// documented schema; every request body the table sends successfully
// matches the documented request schema.
func TestOpenAPIStatuses(t *testing.T) {
	ex := newExercises(t)
	c := docCompiler(t)
	routed := routes(t)
	covered := map[string]bool{}
	for _, o := range operations(t) {
		pending := o.key() == exportRoute && !slices.Contains(routed, exportRoute)
		for _, status := range o.statuses {
			name := o.key() + " " + status
			covered[name] = true
			if pending {
				continue
			}
			produce, ok := ex.cases[name]
			if !ok {
				t.Errorf("%s: documented, but no request in the test produces it", name)
				continue
			}
			a := produce()
			if fmt.Sprint(a.status) != status {
				t.Errorf("%s: the request got %d: %.300s", name, a.status, a.body)
				continue
			}
			checkBody(t, c, o, status, a)
		}
		if o.body != "" {
			checkRequests(t, c, o, ex.bodies[o.key()])
		}
	}
	for name := range ex.cases {
		if !covered[name] {
			t.Errorf("%s: the test produces it, but web/openapi.json does not document it", name)
		}
	}
}

// checkBody validates a JSON answer against its documented schema.
func checkBody(t *testing.T, c *jsonschema.Compiler, o operation, status string, a answer) {
	t.Helper()
	ct, _, _ := strings.Cut(a.header.Get("Content-Type"), ";")
	if ct != "application/json" || len(a.body) == 0 {
		return
	}
	var resp struct {
		Ref     string                     `json:"$ref"`
		Content map[string]json.RawMessage `json:"content"`
	}
	json.Unmarshal(o.responses[status], &resp)
	ptr := "/paths/" + pointerEscape(o.path) + "/" + strings.ToLower(o.method) + "/responses/" + status
	if ref, ok := strings.CutPrefix(resp.Ref, "#"); ok {
		ptr = ref
	} else if _, ok := resp.Content["application/json"]; !ok {
		t.Errorf("%s %s: answers JSON, but the description has no application/json content", o.key(), status)
		return
	}
	schema, err := c.Compile(docBase + "openapi.json#" + ptr + "/content/application~1json/schema")
	if err != nil {
		t.Errorf("%s %s: the documented schema: %v", o.key(), status, err)
		return
	}
	if err := validate(schema, a.body); err != nil {
		t.Errorf("%s %s: the answer does not match the description: %v\n%.300s", o.key(), status, err, a.body)
	}
}

func checkRequests(t *testing.T, c *jsonschema.Compiler, o operation, bodies []string) {
	t.Helper()
	if len(bodies) == 0 {
		t.Errorf("%s: no request body of the test is checked against the description", o.key())
		return
	}
	schema, err := c.Compile(docBase + "openapi.json#" + o.body)
	if err != nil {
		t.Fatalf("%s: the request schema: %v", o.key(), err)
	}
	for _, b := range bodies {
		if err := validate(schema, []byte(b)); err != nil {
			t.Errorf("%s: a body the server accepts does not match the description: %v\n%.300s", o.key(), err, b)
		}
	}
}

// The description keeps the rules of OpenAPI 3.1 that a hand-written
// document most easily breaks: every response has a description (or is a
// reference), a media type holds only schema, example(s) and encoding,
// every {parameter} of a path is declared as a required path parameter,
// and operation ids are unique.
func TestOpenAPIWellFormed(t *testing.T) {
	type param struct {
		Ref      string `json:"$ref"`
		Name, In string
		Required bool
	}
	var doc struct {
		Paths      map[string]map[string]json.RawMessage `json:"paths"`
		Components struct {
			Parameters map[string]param `json:"parameters"`
		} `json:"components"`
	}
	if err := json.Unmarshal(openAPI, &doc); err != nil {
		t.Fatal(err)
	}
	resolve := func(p param) param {
		if name, ok := strings.CutPrefix(p.Ref, "#/components/parameters/"); ok {
			return doc.Components.Parameters[name]
		}
		return p
	}
	ids := map[string]string{}
	for path, item := range doc.Paths {
		var shared []param
		json.Unmarshal(item["parameters"], &shared)
		for method, raw := range item {
			if method == "parameters" {
				continue
			}
			var op struct {
				OperationID string  `json:"operationId"`
				Parameters  []param `json:"parameters"`
				Responses   map[string]struct {
					Ref         string                                `json:"$ref"`
					Description *string                               `json:"description"`
					Content     map[string]map[string]json.RawMessage `json:"content"`
				} `json:"responses"`
			}
			json.Unmarshal(raw, &op)
			where := method + " " + path
			if prev, ok := ids[op.OperationID]; ok || op.OperationID == "" {
				t.Errorf("%s: operationId %q is empty or also %s's", where, op.OperationID, prev)
			}
			ids[op.OperationID] = where
			for status, r := range op.Responses {
				if r.Ref == "" && r.Description == nil {
					t.Errorf("%s %s: a response needs a description", where, status)
				}
				for mt, fields := range r.Content {
					for f := range fields {
						if !slices.Contains([]string{"schema", "example", "examples", "encoding"}, f) {
							t.Errorf("%s %s %s: a media type has no field %q", where, status, mt, f)
						}
					}
				}
			}
			for _, seg := range strings.Split(path, "/") {
				name, ok := strings.CutPrefix(seg, "{")
				if !ok {
					continue
				}
				name = strings.TrimSuffix(name, "}")
				declared := false
				for _, p := range append(slices.Clone(shared), op.Parameters...) {
					p = resolve(p)
					declared = declared || (p.Name == name && p.In == "path" && p.Required)
				}
				if !declared {
					t.Errorf("%s: {%s} is not declared as a required path parameter", where, name)
				}
			}
		}
	}
}

// docs/api.md's table of requests lists every operation of the API that
// the description has (the page and its assets aside).
func TestAPIDocListsTheOperations(t *testing.T) {
	doc, err := os.ReadFile("../docs/api.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range operations(t) {
		if !strings.HasPrefix(o.path, "/api/") && o.path != "/ws" && o.path != "/healthz" {
			continue
		}
		row := "| `" + o.key()
		if !bytes.Contains(doc, []byte(row+"`")) && !bytes.Contains(doc, []byte(row+"?")) {
			t.Errorf("docs/api.md's table of requests lacks %s", o.key())
		}
	}
}
