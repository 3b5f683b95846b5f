package engine

import "slices"

// Metrics counts a run's messages in total, by type and by process.
type Metrics struct {
	Sent, Delivered, Dropped int64
	Events, Violations       int64
	Types                    []string    // message types in first-seen order after the declared ones
	ByType                   []TypeCount // parallel to Types
	ByProcess                []ProcessCount
	last                     int  // the type found last
	uncounted                bool // ByProcess is not kept (a Sim restored from a Snapshot counts it from its log when asked)
}

// TypeCount counts the messages of one type.
type TypeCount struct {
	Sent, Delivered, Dropped int64
}

// ProcessCount counts one process's messages: sent by it, delivered to it,
// and addressed to it but lost.
type ProcessCount struct {
	Sent      int64 `json:"sent"`
	Delivered int64 `json:"delivered"`
	Dropped   int64 `json:"dropped"`
}

func newMetrics(n int, types []string) Metrics {
	return Metrics{
		Types:     append([]string(nil), types...),
		ByType:    make([]TypeCount, len(types)),
		ByProcess: make([]ProcessCount, n),
	}
}

// clone copies the counters, the per-process ones if counts.
func (m *Metrics) clone(counts bool) Metrics {
	c := *m
	c.Types = slices.Clone(m.Types)
	c.ByType = slices.Clone(m.ByType)
	c.ByProcess, c.uncounted = nil, true
	if counts && !m.uncounted {
		c.ByProcess, c.uncounted = slices.Clone(m.ByProcess), false
	}
	return c
}

// typeIndex finds a message type; an undeclared type is added at the end.
func (m *Metrics) typeIndex(t string) int32 {
	if m.last < len(m.Types) && m.Types[m.last] == t {
		return int32(m.last)
	}
	for i, s := range m.Types {
		if s == t {
			m.last = i
			return int32(i)
		}
	}
	m.Types = append(m.Types, t)
	m.ByType = append(m.ByType, TypeCount{})
	m.last = len(m.Types) - 1
	return int32(m.last)
}

func (m *Metrics) sent(from int, t int32) {
	m.Sent++
	m.ByType[t].Sent++
	if !m.uncounted {
		m.ByProcess[from].Sent++
	}
}

func (m *Metrics) delivered(to int, t int32) {
	m.Delivered++
	m.ByType[t].Delivered++
	if !m.uncounted {
		m.ByProcess[to].Delivered++
	}
}

func (m *Metrics) dropped(to int, t int32) {
	m.Dropped++
	m.ByType[t].Dropped++
	if !m.uncounted {
		m.ByProcess[to].Dropped++
	}
}
