package web

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"distviz/algos"
	"distviz/engine"
	"distviz/timeline"
	"distviz/trace"
)

func compileSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(traceSchema))
	if err != nil {
		t.Fatalf("the schema is not JSON: %v", err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("trace.schema.json", doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile("trace.schema.json") // also checks it against the 2020-12 meta-schema
	if err != nil {
		t.Fatalf("the schema does not compile: %v", err)
	}
	return s
}

func validate(s *jsonschema.Schema, doc []byte) error {
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(doc))
	if err != nil {
		return err
	}
	return s.Validate(v)
}

// actionTrace is a run with every kind of user action, written by trace.Write.
func actionTrace(t *testing.T) []byte {
	t.Helper()
	alg, err := algos.Get("chang-roberts")
	if err != nil {
		t.Fatal(err)
	}
	v, err := alg.Resolve(map[string]json.RawMessage{"n": []byte("6"), "fifo": []byte("false"),
		"delay": []byte(`{"min": 1, "max": 4}`)}, 5)
	if err != nil {
		t.Fatal(err)
	}
	tl, err := timeline.New(alg, v, 5, 0)
	if err != nil {
		t.Fatal(err)
	}
	forward := func(k int) {
		for range k {
			if _, err := tl.Forward(); err != nil {
				t.Fatal(err)
			}
		}
	}
	apply := func(a engine.Action) {
		if err := tl.Apply(a); err != nil {
			t.Fatalf("%+v: %v", a, err)
		}
	}
	forward(4)
	flights := tl.State().InFlight()
	if len(flights) < 2 {
		t.Fatalf("%d messages in flight after four starts", len(flights))
	}
	apply(engine.Action{Type: engine.ActDrop, Msg: flights[0].ID})
	apply(engine.Action{Type: engine.ActDeliver, Msg: flights[1].ID})
	apply(engine.Action{Type: engine.ActCrash, Node: 2})
	forward(5)
	apply(engine.Action{Type: engine.ActRecover, Node: 2})
	apply(engine.Action{Type: engine.ActCut, From: 3, To: 4})
	apply(engine.Action{Type: engine.ActLoss, From: 0, To: 1, P: 0.5})
	forward(5)
	apply(engine.Action{Type: engine.ActRestore, From: 3, To: 4})
	if err := tl.Run(0); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := trace.Write(&b, tl); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// Real traces (every scenario of every algorithm, and a run with user
// actions) satisfy the schema, and every kind of event occurs among them.
func TestTracesMatchSchema(t *testing.T) {
	schema := compileSchema(t)
	h := newTestRouter(t, Config{})
	kinds := map[string]bool{}
	check := func(name string, doc []byte) {
		if err := validate(schema, doc); err != nil {
			t.Errorf("%s: the trace does not match the schema: %v", name, err)
		}
		for _, e := range parseTrace(t, doc).Events {
			var k struct{ Kind string }
			json.Unmarshal(e, &k)
			kinds[k.Kind] = true
		}
	}
	for _, a := range algos.All() {
		for _, sc := range a.Scenarios {
			body, err := json.Marshal(map[string]any{"algorithm": a.ID, "params": sc.Params, "seed": sc.Seed, "maxEvents": 20000})
			if err != nil {
				t.Fatal(err)
			}
			check(a.ID+"/"+sc.ID, simulate(t, h, string(body)))
		}
	}
	// An explicit workload comes back as records: {"node", "at"}.
	records := simulate(t, h, `{"algorithm": "ricart-agrawala", "params": {"n": 3, "requests": [{"node": 0, "at": 2}, {"node": 1, "at": 0}]}}`)
	if !bytes.Contains(records, []byte(`"requests":[{"node":0,"at":2},{"node":1,"at":0}]`)) {
		t.Errorf("the explicit workload is not written as records: %.300s", records)
	}
	check("explicit workload", records)
	withActions := actionTrace(t)
	check("user actions", withActions)

	// The same run goes through the API's import and comes back unchanged.
	id := createdID(t, do(t, h, "POST", "/api/traces", string(withActions)))
	w := do(t, h, "GET", "/api/runs/"+id+"/trace", "")
	wantStatus(t, w, http.StatusOK)
	if !bytes.Equal(w.Body.Bytes(), withActions) {
		t.Errorf("the trace with actions changed on the round trip")
	}

	want := []string{"start", "deliver", "action", "end", "send", "drop", "crash", "recover", "note", "violation"}
	if _, err := algos.Get("bully"); err == nil { // the first algorithm with timeouts
		want = append(want, "timer")
	}
	for _, k := range want {
		if !kinds[k] {
			t.Errorf("no %s event in any trace: the schema is not tested on it", k)
		}
	}
}

// The schema refuses what the server would never write.
func TestSchemaRefuses(t *testing.T) {
	schema := compileSchema(t)
	doc := simulate(t, newTestRouter(t, Config{}), `{"algorithm": "chang-roberts", "params": {"n": 3}}`)
	if err := validate(schema, doc); err != nil {
		t.Fatal(err)
	}
	s := string(doc)
	for _, tc := range []struct{ name, old, new string }{
		{"unknown top-level field", `"seed":`, `"extra": 1, "seed":`},
		{"wrong format", `"distviz-trace"`, `"other"`},
		{"event without seq", `{"seq":1,`, `{`},
		{"unknown kind", `"kind":"start"`, `"kind":"teleport"`},
		{"send without arrive", `,"arrive":`, `,"arrival":`},
		{"start with a message field", `"kind":"start","node":0`, `"kind":"start","node":0,"from":1`},
		{"negative position", `"kind":"start","node":0`, `"kind":"start","node":-1`},
		{"message without type", `"type":"ELECTION"`, `"kind2":"ELECTION"`},
		{"summary without terminated", `"terminated":true`, `"finished":true`},
		{"count not a number", `"sent":`, `"sent":"x","x":`},
		{"action without its node", `"kind":"start","node":0`, `"kind":"action","action":{"type":"crash"}`},
	} {
		bad := strings.Replace(s, tc.old, tc.new, 1)
		if bad == s {
			t.Fatalf("%s: %q is not in the trace", tc.name, tc.old)
		}
		if err := validate(schema, []byte(bad)); err == nil {
			t.Errorf("%s: the schema accepts it", tc.name)
		}
	}
}

// The schema's kinds are exactly the engine's.
func TestSchemaKinds(t *testing.T) {
	var s struct {
		Defs struct {
			Event struct {
				Properties struct {
					Kind struct {
						Enum []string `json:"enum"`
					} `json:"kind"`
				} `json:"properties"`
			} `json:"event"`
		} `json:"$defs"`
	}
	if err := json.Unmarshal(traceSchema, &s); err != nil {
		t.Fatal(err)
	}
	var kinds []string
	for k := engine.Kind(1); ; k++ {
		name := k.String()
		if strings.HasPrefix(name, "kind(") {
			break
		}
		kinds = append(kinds, name)
	}
	got := s.Defs.Event.Properties.Kind.Enum
	slices.Sort(got)
	slices.Sort(kinds)
	if fmt.Sprint(got) != fmt.Sprint(kinds) {
		t.Errorf("schema kinds %v, engine kinds %v", got, kinds)
	}
}
