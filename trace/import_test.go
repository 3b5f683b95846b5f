package trace_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"distviz/internal/budget"
	"distviz/timeline"
	"distviz/trace"
)

// A document whose keys a library sorted (events before the header)
// imports as well as the server's own order.
func TestImportSortedKeys(t *testing.T) {
	good := export(t, interactive(t))
	var doc map[string]json.RawMessage
	if err := json.Unmarshal(good, &doc); err != nil {
		t.Fatal(err)
	}
	sorted, _ := json.Marshal(doc)
	if bytes.Index(sorted, []byte(`"events"`)) > bytes.Index(sorted, []byte(`"seed"`)) {
		t.Fatal("the fixture does not put the events first")
	}
	tl, err := trace.Import(bytes.NewReader(sorted), 0)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(export(t, tl), good) {
		t.Error("the sorted document replays to another trace")
	}
}

// An import charges the run it rebuilds to its meter as it grows, and a
// meter that cannot hold it refuses the import with its own error.
func TestImportMetered(t *testing.T) {
	run := newRun(t, map[string]any{"n": 300, "idOrder": "decreasing"}, 1)
	if err := run.Run(0); err != nil {
		t.Fatal(err)
	}
	doc := export(t, run)
	mem := budget.New(1 << 30)
	tl, err := trace.ImportMetered(bytes.NewReader(doc), 0, mem)
	if err != nil {
		t.Fatal(err)
	}
	if mem.Used() != tl.Held() || tl.Held() < tl.Bytes() {
		t.Errorf("charged %d, held %d, the run holds %d", mem.Used(), tl.Held(), tl.Bytes())
	}
	small := budget.New(1 << 20)
	_, err = trace.ImportMetered(bytes.NewReader(doc), 0, small)
	var full *budget.Error
	if !errors.As(err, &full) || small.Used() != 0 {
		t.Fatalf("import beyond the meter: %v, %d bytes still charged", err, small.Used())
	}
}

// The document's own fields are matched exactly and given once.
func TestImportDocumentFields(t *testing.T) {
	good := string(export(t, interactive(t)))
	for _, c := range []struct{ name, from, to, want string }{
		{"twice", `"seed":11`, `"seed":11,"seed":11`, `"seed" appears twice`},
		{"case", `"seed":11`, `"SEED":11`, `unknown field "SEED"`},
		{"missing", `"seed":11,`, ``, `lacks ["seed"]`},
		{"not an object", `{"format"`, `["format"`, "not a trace document"},
	} {
		t.Run(c.name, func(t *testing.T) {
			bad := strings.Replace(good, c.from, c.to, 1)
			if _, err := trace.Import(strings.NewReader(bad), 0); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("import: %v, want %q", err, c.want)
			}
		})
	}
}

// The server replays its own largest export: a run stopped at its event
// limit has the rest of the step that reached it, a few events more.
func TestImportAtTheLimit(t *testing.T) {
	a := newRun(t, map[string]any{"n": 40, "idOrder": "decreasing"}, 1)
	for limit := int64(100); limit < 110; limit++ {
		limited, err := timeline.New(a.Alg, a.Params, a.Seed, limit)
		if err != nil {
			t.Fatal(err)
		}
		if err := limited.Run(0); !errors.Is(err, timeline.ErrTooLong) {
			t.Fatalf("the run did not reach its limit: %v", err)
		}
		if limited.Len() == limit {
			continue // stopped exactly at the limit: not the case to test
		}
		if _, err := trace.Import(bytes.NewReader(export(t, limited)), limit); err != nil {
			t.Fatalf("a trace of %d events at a limit of %d: %v", limited.Len(), limit, err)
		}
		return
	}
	t.Fatal("no limit between 100 and 110 falls inside a step")
}

// A key given twice in an event or in the summary is refused, though both
// are compared by meaning (which would read the last).
func TestImportRepeatedKeys(t *testing.T) {
	good := string(export(t, interactive(t)))
	for _, c := range []struct{ from, to, want string }{
		{`{"seq":3,`, `{"seq":3,"seq":3,`, `event 3: the field "seq" is given twice`},
		{`"terminated":true`, `"terminated":false,"terminated":true`, `summary: the field "terminated" is given twice`},
	} {
		bad := strings.Replace(good, c.from, c.to, 1)
		if _, err := trace.Import(strings.NewReader(bad), 0); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.to, err, c.want)
		}
	}
}
