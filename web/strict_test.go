package web

import (
	"net/http"
	"strings"
	"testing"
)

// The API reads requests strictly: field names exactly, each once, no null
// where a value is required, no unknown field at any depth. Each refusal
// is a 400 naming the field.
func TestStrictRequests(t *testing.T) {
	h := newTestRouter(t, Config{})
	trace := string(simulate(t, h, `{"algorithm": "chang-roberts", "params": {"n": 4}, "seed": 3}`))
	for _, c := range []struct{ name, path, body, want string }{
		{"case", "/api/simulate", `{"ALGORITHM": "bully"}`, `unknown field "ALGORITHM": did you mean "algorithm"?`},
		{"duplicate", "/api/simulate", `{"algorithm": "bully", "seed": 1, "seed": 2}`, `the field "seed" is given twice`},
		{"duplicate param", "/api/simulate", `{"algorithm": "bully", "params": {"n": 4, "n": 5}}`, `"params.n" is given twice`},
		{"null algorithm", "/api/runs", `{"algorithm": null}`, `"algorithm" is null where a value is required: give a string`},
		{"null position", "/api/simulate", `{"algorithm": "bully", "params": {"crashed": [null]}}`, `"params.crashed[0]" is null`},
		{"null id", "/api/simulate", `{"algorithm": "chang-roberts", "params": {"n": 3, "ids": [1, null, 2]}}`, `"params.ids[1]" is null`},
		{"null edge", "/api/simulate", `{"algorithm": "tree-echo", "params": {"n": 3, "edges": [[0, 1], [1, null]]}}`, `"params.edges[1][1]" is null`},
		{"null request", "/api/simulate", `{"algorithm": "central-mutex", "params": {"requests": [{"node": 0, "at": null}]}}`, `parameter requests: record 0: want a number in field "at"`},
		{"range case", "/api/simulate", `{"algorithm": "bully", "params": {"delay": {"MIN": 1, "max": 2}}}`, `parameter delay: want an object`},
		{"experiment nested", "/api/experiments", `{"algorithm": "bully", "seeds": {"From": 1}}`, `unknown field "From" in "seeds": did you mean "from"?`},
		{"experiment null", "/api/experiments", `{"algorithm": "bully", "vary": {"n": [4, null]}}`, `"vary.n[1]" is null`},
		{"experiment case", "/api/experiments", `{"algorithm": "bully", "cases": [{"n": 4, "n": 5}]}`, `"cases[0].n" is given twice`},
		{"trace key case", "/api/traces", strings.Replace(trace, `"seed":3`, `"SEED":3`, 1), `unknown field "SEED"`},
		{"trace format case", "/api/traces", strings.Replace(trace, `"format"`, `"Format"`, 1), `unknown field "Format"`},
		{"trace duplicate", "/api/traces", strings.Replace(trace, `"seed":3`, `"seed":3,"seed":3`, 1), `"seed" appears twice`},
		{"trace null seed", "/api/traces", strings.Replace(trace, `"seed":3`, `"seed":null`, 1), `"seed" is null where a value is required`},
		{"trace null node", "/api/traces", strings.Replace(trace, `"nodes":[`, `"nodes":[null,`, 1), `"nodes[0]" is null`},
	} {
		t.Run(c.name, func(t *testing.T) {
			w := do(t, h, "POST", c.path, c.body)
			wantStatus(t, w, http.StatusBadRequest)
			if msg := errorText(t, w); !strings.Contains(msg, c.want) {
				t.Errorf("error %q, want %q", msg, c.want)
			}
		})
	}
}
