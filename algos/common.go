package algos

import (
	"math/rand/v2"
	"slices"
	"strconv"

	"distviz/engine"
	"distviz/param"
)

// Parameters every algorithm shares.

func nParam(lo, def, hi int, doc string) param.Spec {
	return param.Spec{Name: "n", Type: param.Int, Default: def, Min: param.Bound(float64(lo)), Max: param.Bound(float64(hi)), Doc: doc}
}

func idsParam(defaultText string) param.Spec {
	return param.Spec{Name: "ids", Type: param.Ints, DefaultText: defaultText, Min: param.Bound(0), Max: param.Bound(1e9),
		Doc: "Election IDs by position (the values compared), distinct, one per process."}
}

func idOrderParam() param.Spec {
	return param.Spec{Name: "idOrder", Type: param.Enum, Default: "random", Options: []string{"random", "increasing", "decreasing"},
		Doc: "How default IDs are laid out along the direction of travel: shuffled by the seed, increasing (best case) or decreasing (worst case). Ignored when ids is given."}
}

func delayParam(def engine.Delay) param.Spec {
	return param.Spec{Name: "delay", Type: param.Range, Default: param.IntRange{Min: def.Min, Max: def.Max}, Min: param.Bound(0), Max: param.Bound(1e6),
		Doc: "Link delay in time units: fixed, or drawn uniformly from [min, max] by the seeded generator."}
}

func fifoParam() param.Spec {
	return param.Spec{Name: "fifo", Type: param.Bool, Default: true,
		Doc: "FIFO channels: a later message never overtakes an earlier one on the same link."}
}

func lossParam() param.Spec {
	return param.Spec{Name: "loss", Type: param.Float, Default: 0.0, Min: param.Bound(0), Max: param.Bound(1),
		Doc: "Probability that a link loses a message."}
}

func positionsParam(name, doc string) param.Spec {
	return param.Spec{Name: name, Type: param.Ints, Default: []int{}, Min: param.Bound(0), Max: param.Bound(1e6), Doc: doc}
}

// network fills the engine's link settings from the common parameters.
func network(cfg *engine.Config, v param.Values) {
	d := v.Range("delay")
	cfg.Delay = engine.Delay{Min: d.Min, Max: d.Max}
	cfg.NonFIFO = !v.Bool("fifo")
	cfg.Loss = v.Float("loss")
}

// completeIDs fills "ids" from idOrder (or the identity when there is no
// idOrder parameter) and checks a given list: one per process, distinct.
func completeIDs(v param.Values, rng *rand.Rand) error {
	n := v.Int("n")
	ids := v.Ints("ids")
	if !v.Has("ids") {
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

// checkPositions validates a list of positions against n.
func checkPositions(v param.Values, name string) ([]int, error) {
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

// positionLabels names processes by position: P0, P1, …
func positionLabels(ids []int) []Node {
	nodes := make([]Node, len(ids))
	for p, id := range ids {
		nodes[p] = Node{ID: id, Label: "P" + strconv.Itoa(p)}
	}
	return nodes
}

// harmonic is H_n = 1 + 1/2 + … + 1/n.
func harmonic(n int) float64 {
	h := 0.0
	for k := 1; k <= n; k++ {
		h += 1 / float64(k)
	}
	return h
}
