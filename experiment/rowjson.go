package experiment

import (
	"encoding/json"
	"strconv"
)

// appendRow writes a row's JSON as json.Marshal(plainRow(r)) would, byte
// for byte (TestRowJSONAsReflection), without reflection for its fixed
// fields: the worker writes one row per run. The parameters and the counts
// by type write themselves (their MarshalJSON); the outcome, violations and
// theory, whose types vary, go through json.Marshal.
func appendRow(b []byte, r *Row) ([]byte, error) {
	params, err := r.Params.MarshalJSON()
	if err != nil {
		return nil, err
	}
	byType, err := r.Messages.ByType.MarshalJSON()
	if err != nil {
		return nil, err
	}
	b = append(b, `{"params":`...)
	b = append(b, params...)
	b = strconv.AppendInt(append(b, `,"seed":`...), r.Seed, 10)
	b = strconv.AppendInt(append(b, `,"messages":{"sent":`...), r.Messages.Sent, 10)
	b = strconv.AppendInt(append(b, `,"delivered":`...), r.Messages.Delivered, 10)
	b = strconv.AppendInt(append(b, `,"dropped":`...), r.Messages.Dropped, 10)
	b = append(append(b, `,"byType":`...), byType...)
	b = strconv.AppendInt(append(b, `},"events":`...), r.Events, 10)
	b = strconv.AppendInt(append(b, `,"time":`...), r.Time, 10)
	if b, err = appendJSON(append(b, `,"outcome":`...), r.Outcome); err != nil {
		return nil, err
	}
	if len(r.Violations) == 0 && r.Violations != nil {
		b = append(b, `,"violations":[]`...)
	} else if b, err = appendJSON(append(b, `,"violations":`...), r.Violations); err != nil {
		return nil, err
	}
	b = strconv.AppendInt(append(b, `,"violationCount":`...), r.ViolationCount, 10)
	b = strconv.AppendBool(append(b, `,"terminated":`...), r.Terminated)
	if b, err = appendJSON(append(b, `,"theory":`...), r.Theory); err != nil {
		return nil, err
	}
	return append(b, '}'), nil
}

func appendJSON(b []byte, v any) ([]byte, error) {
	enc, err := json.Marshal(v)
	return append(b, enc...), err
}
