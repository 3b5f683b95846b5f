package experiment

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"

	"distviz/algo"
)

// WriteCSV writes a result's rows as CSV with a header line. The columns:
// the varied parameters (as query text, e.g. "3,1,2" for a list), seed,
// messages.sent, messages.delivered, messages.dropped,
// messages.byType.<TYPE> for every type, events, time, terminated, the
// outcome's top-level numbers and booleans as outcome.<field>, violations
// (their count) and theory.<name> for every bound that applies. A column a
// row lacks is empty there.
func WriteCSV(w io.Writer, res Result) error {
	flat := make([][]field, len(res.Rows))
	var types, outcome, theory []string
	addCol := func(cols []string, c string) []string {
		if !slices.Contains(cols, c) {
			cols = append(cols, c)
		}
		return cols
	}
	for i, r := range res.Rows {
		for _, t := range r.Messages.ByType.Types {
			types = addCol(types, t)
		}
		f, err := flatten(r.Outcome)
		if err != nil {
			return fmt.Errorf("row %d: outcome: %w", i+1, err)
		}
		flat[i] = f
		for _, x := range f {
			outcome = addCol(outcome, x.name)
		}
		for _, b := range r.Theory {
			theory = addCol(theory, b.Name)
		}
	}

	header := slices.Clone(res.Varied)
	header = append(header, "seed", "messages.sent", "messages.delivered", "messages.dropped")
	for _, t := range types {
		header = append(header, "messages.byType."+t)
	}
	header = append(header, "events", "time", "terminated")
	for _, o := range outcome {
		header = append(header, "outcome."+o)
	}
	header = append(header, "violations")
	for _, t := range theory {
		header = append(header, "theory."+t)
	}

	cw := csv.NewWriter(w)
	if err := cw.Write(header); err != nil {
		return err
	}
	rec := make([]string, 0, len(header))
	num := func(x int64) string { return strconv.FormatInt(x, 10) }
	for i, r := range res.Rows {
		rec = rec[:0]
		query := r.Params.Query()
		for _, name := range res.Varied {
			rec = append(rec, query[name])
		}
		m := r.Messages
		rec = append(rec, num(r.Seed), num(m.Sent), num(m.Delivered), num(m.Dropped))
		for _, t := range types {
			rec = append(rec, num(m.ByType.Get(t)))
		}
		rec = append(rec, num(r.Events), num(r.Time), strconv.FormatBool(r.Terminated))
		for _, o := range outcome {
			k := slices.IndexFunc(flat[i], func(f field) bool { return f.name == o })
			if k < 0 {
				rec = append(rec, "")
				continue
			}
			rec = append(rec, flat[i][k].text)
		}
		rec = append(rec, num(r.ViolationCount))
		for _, t := range theory {
			k := slices.IndexFunc(r.Theory, func(b algo.Evaluated) bool { return b.Name == t })
			if k < 0 {
				rec = append(rec, "")
				continue
			}
			rec = append(rec, strconv.FormatFloat(r.Theory[k].Value, 'g', -1, 64))
		}
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// field is one top-level number or boolean of an outcome, as text.
type field struct{ name, text string }

// flatten lists an outcome's top-level numbers and booleans in the order
// its JSON form has them (null is an empty cell; lists and objects are left
// out).
func flatten(outcome any) ([]field, error) {
	if outcome == nil {
		return nil, nil
	}
	b, err := json.Marshal(outcome)
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, nil // not an object: no columns
	}
	var out []field
	for dec.More() {
		k, err := dec.Token()
		if err != nil {
			return nil, err
		}
		var v any
		if err := dec.Decode(&v); err != nil {
			return nil, err
		}
		name := k.(string)
		switch x := v.(type) {
		case json.Number:
			out = append(out, field{name, x.String()})
		case bool:
			out = append(out, field{name, strconv.FormatBool(x)})
		case nil:
			out = append(out, field{name, ""})
		}
	}
	return out, nil
}
