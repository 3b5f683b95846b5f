// Package kit holds what every algorithm's folder shares: the common
// parameters (n, IDs, delays, channels, loss), filling and checking them,
// and naming processes. Family cores (ring elections, mutual exclusion,
// trees on a bus) live in the packages below it. Its texts (the common
// parameters' help in every language) are merged under each algorithm's.
package kit

import (
	"embed"
	"math/rand/v2"
	"slices"
	"strconv"

	"distviz/algo"
	"distviz/engine"
	"distviz/param"
)

//go:embed texts/*.json
var files embed.FS

// Texts are the common parameters' help texts in every language.
var Texts = algo.MustTexts(files)

// N is the number of processes; its help is the algorithm's own (param.n).
func N(lo, def, hi int) param.Spec {
	return param.Spec{Name: "n", Type: param.Int, Default: def, Min: param.Bound(float64(lo)), Max: param.Bound(float64(hi))}
}

// IDs are election IDs by position; the algorithm describes its default
// (param.ids.default).
func IDs() param.Spec {
	return param.Spec{Name: "ids", Type: param.Ints, Min: param.Bound(0), Max: param.Bound(1e9)}
}

// IDOrder lays the default IDs out: random, increasing or decreasing.
func IDOrder() param.Spec {
	return param.Spec{Name: "idOrder", Type: param.Enum, Default: "random", Options: []string{"random", "increasing", "decreasing"}}
}

// Delay is the links' delay, fixed or a range.
func Delay(def engine.Delay) param.Spec {
	return param.Spec{Name: "delay", Type: param.Range, Default: param.IntRange{Min: def.Min, Max: def.Max}, Min: param.Bound(0), Max: param.Bound(1e6)}
}

// FIFO says whether channels keep order.
func FIFO() param.Spec {
	return param.Spec{Name: "fifo", Type: param.Bool, Default: true}
}

// Loss is the probability that a link loses a message.
func Loss() param.Spec {
	return param.Spec{Name: "loss", Type: param.Float, Default: 0.0, Min: param.Bound(0), Max: param.Bound(1)}
}

// Positions is a parameter listing process positions (default none).
func Positions(name string) param.Spec {
	return param.Spec{Name: name, Type: param.Ints, Default: []int{}, Min: param.Bound(0), Max: param.Bound(1e6)}
}

// Network fills the engine's link settings from the common parameters.
func Network(cfg *engine.Config, v param.Values) {
	d := v.Range("delay")
	cfg.Delay = engine.Delay{Min: d.Min, Max: d.Max}
	cfg.NonFIFO = !v.Bool("fifo")
	cfg.Loss = v.Float("loss")
}

// CompleteIDs fills "ids" from idOrder (or the identity when there is no
// idOrder parameter) when none are given (an empty list, as a cleared form
// field sends, is none) and checks a given list: one per process, distinct.
func CompleteIDs(v param.Values, rng *rand.Rand) error {
	n := v.Int("n")
	ids := v.Ints("ids")
	if !v.Has("ids") || len(ids) == 0 {
		ids = make([]int, n)
		for i := range ids {
			ids[i] = i
		}
		order, _ := v.Lookup("idOrder") // algorithms without it number by position
		switch order {
		case "random":
			rng.Shuffle(n, func(i, j int) { ids[i], ids[j] = ids[j], ids[i] })
		case "decreasing":
			slices.Reverse(ids)
		}
		v.SetInts("ids", ids)
		return nil
	}
	if len(ids) != n {
		return param.Errorf("ids", "has %d entries but n is %d: give one ID per process", len(ids), n)
	}
	seen := make(map[int]int, n)
	for p, id := range ids {
		if q, dup := seen[id]; dup {
			return param.Errorf("ids", "ID %d is given to both position %d and position %d; IDs must be distinct", id, q, p)
		}
		seen[id] = p
	}
	return nil
}

// CheckPositions validates a list of positions against n.
func CheckPositions(v param.Values, name string) ([]int, error) {
	n := v.Int("n")
	ps := v.Ints(name)
	seen := map[int]bool{}
	for _, p := range ps {
		if p < 0 || p >= n {
			return nil, param.Errorf(name, "position %d is outside 0..%d", p, n-1)
		}
		if seen[p] {
			return nil, param.Errorf(name, "position %d is listed twice", p)
		}
		seen[p] = true
	}
	return ps, nil
}

// PositionLabels names processes by position: P0, P1, … The labels are
// cut from one string: on a ring of 100,000 a string each would take two
// allocations each.
func PositionLabels(ids []int) []algo.Node {
	var all []byte
	ends := make([]int32, len(ids))
	for p := range ids {
		all = strconv.AppendInt(append(all, 'P'), int64(p), 10)
		ends[p] = int32(len(all))
	}
	labels := string(all)
	nodes := make([]algo.Node, len(ids))
	start := int32(0)
	for p, id := range ids {
		nodes[p] = algo.Node{ID: id, Label: labels[start:ends[p]]}
		start = ends[p]
	}
	return nodes
}

// Harmonic is H_n = 1 + 1/2 + … + 1/n.
func Harmonic(n int) float64 {
	h := 0.0
	for k := 1; k <= n; k++ {
		h += 1 / float64(k)
	}
	return h
}
