package engine

// Metrics counts a run's messages in total, by type and by process.
type Metrics struct {
	Sent, Delivered, Dropped int64
	Events, Violations       int64
	Types                    []string    // message types in first-seen order after the declared ones
	ByType                   []TypeCount // parallel to Types
	ByProcess                []ProcessCount
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

func (m *Metrics) clone() Metrics {
	c := *m
	c.Types = append([]string(nil), m.Types...)
	c.ByType = append([]TypeCount(nil), m.ByType...)
	c.ByProcess = append([]ProcessCount(nil), m.ByProcess...)
	return c
}

// typeIndex finds a message type; an undeclared type is added at the end.
func (m *Metrics) typeIndex(t string) int {
	for i, s := range m.Types {
		if s == t {
			return i
		}
	}
	m.Types = append(m.Types, t)
	m.ByType = append(m.ByType, TypeCount{})
	return len(m.Types) - 1
}

func (m *Metrics) sent(from int, t string) {
	m.Sent++
	m.ByType[m.typeIndex(t)].Sent++
	m.ByProcess[from].Sent++
}

func (m *Metrics) delivered(from, to int, t string) {
	m.Delivered++
	m.ByType[m.typeIndex(t)].Delivered++
	m.ByProcess[to].Delivered++
}

func (m *Metrics) dropped(from, to int, t string) {
	m.Dropped++
	m.ByType[m.typeIndex(t)].Dropped++
	m.ByProcess[to].Dropped++
}
