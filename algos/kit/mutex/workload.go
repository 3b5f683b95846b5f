package mutex

import (
	"math"
	"math/rand/v2"
	"slices"
	"strconv"

	"distviz/algo"
	"distviz/algos/kit"
	"distviz/engine"
	"distviz/param"
)

// The family's parameters, workload and configuration. The parameters'
// help is in the family's texts (param.<name>), an algorithm's own key
// winning (Maekawa numbers its processes P1..Pn, say so in param.n).

// Params are the family's parameters, with the algorithm's own after n.
func Params(defN int, own ...param.Spec) []param.Spec {
	ps := []param.Spec{kit.N(2, defN, MaxN)}
	ps = append(ps, own...)
	return append(ps,
		param.Spec{Name: "requests", Type: param.Lists, Fields: []string{"node", "at"}, Default: [][]int{}, Min: param.Bound(0), Max: param.Bound(1e9)},
		param.Spec{Name: "requestNodes", Type: param.Ints, Default: []int{}, Min: param.Bound(0), Max: param.Bound(MaxN - 1)},
		param.Spec{Name: "requestTimes", Type: param.Ints, Default: []int{}, Min: param.Bound(0), Max: param.Bound(1e9)},
		param.Spec{Name: "count", Type: param.Int, Default: 1, Min: param.Bound(0), Max: param.Bound(50)},
		param.Spec{Name: "spread", Type: param.Int, Default: 0, Min: param.Bound(0), Max: param.Bound(1e6)},
		param.Spec{Name: "rate", Type: param.Float, Default: 0.0, Min: param.Bound(0), Max: param.Bound(100)},
		param.Spec{Name: "tellFrom", Type: param.Ints, Default: []int{}, Min: param.Bound(0), Max: param.Bound(MaxN - 1)},
		param.Spec{Name: "tellTo", Type: param.Ints, Default: []int{}, Min: param.Bound(0), Max: param.Bound(MaxN - 1)},
		param.Spec{Name: "csTime", Type: param.Range, Default: param.IntRange{Min: 5, Max: 5}, Min: param.Bound(0), Max: param.Bound(1e6)},
		kit.Positions("crashed"),
		param.Spec{Name: "crashAt", Type: param.Int, Default: 0, Min: param.Bound(0), Max: param.Bound(1e9)},
		kit.Delay(engine.Delay{Min: 1, Max: 1}),
		kit.FIFO(),
		kit.Loss(),
	)
}

// CompleteWorkload checks an explicit workload or generates one from the seed.
func CompleteWorkload(v param.Values, rng *rand.Rand) error {
	if _, err := kit.CheckPositions(v, "crashed"); err != nil {
		return err
	}
	if err := checkTells(v); err != nil {
		return err
	}
	n := v.Int("n")
	nodes, times := v.Ints("requestNodes"), v.Ints("requestTimes")
	if reqs := v.IntLists("requests"); len(reqs) > 0 {
		if len(nodes) > 0 || len(times) > 0 {
			return param.Errorf("requests", "give the workload either as requests or as requestNodes and requestTimes, not both")
		}
		for i, r := range reqs { // two numbers each: the spec's fields
			if r[0] >= n {
				return param.Errorf("requests", "request %d: position %d is outside 0..%d", i, r[0], n-1)
			}
		}
		return nil
	}
	if len(nodes) == 0 && len(times) == 0 {
		nodes, times = generate(n, v.Int("count"), v.Int("spread"), v.Float("rate"), rng)
		v.SetInts("requestNodes", nodes)
		v.SetInts("requestTimes", times)
		return nil
	}
	if len(nodes) != len(times) {
		return param.Errorf("requestTimes", "has %d entries but requestNodes has %d: give one time per request", len(times), len(nodes))
	}
	for _, p := range nodes {
		if p >= n {
			return param.Errorf("requestNodes", "position %d is outside 0..%d", p, n-1)
		}
	}
	return nil
}

// checkTells checks the TELL workload: pairs of distinct positions.
func checkTells(v param.Values) error {
	n := v.Int("n")
	from, to := v.Ints("tellFrom"), v.Ints("tellTo")
	if len(from) != len(to) {
		return param.Errorf("tellTo", "has %d entries but tellFrom has %d: give one receiver per TELL", len(to), len(from))
	}
	for i, p := range from {
		if p >= n || to[i] >= n {
			return param.Errorf("tellFrom", "TELL %d→%d: positions must be in 0..%d", p, to[i], n-1)
		}
		if p == to[i] {
			return param.Errorf("tellTo", "process %d would tell itself: a TELL goes to another process", p)
		}
	}
	return nil
}

// generate draws count requests per process: as a Poisson process of the
// given rate, or else uniformly from [0, spread].
func generate(n, count, spread int, rate float64, rng *rand.Rand) (nodes, times []int) {
	if rate > 0 {
		for p := range n {
			at := 0.0
			for range count {
				at += rng.ExpFloat64() / rate
				nodes = append(nodes, p)
				times = append(times, int(math.Round(at)))
			}
		}
		return nodes, times
	}
	for range count {
		for p := range n {
			nodes = append(nodes, p)
			times = append(times, rng.IntN(spread+1))
		}
	}
	return nodes, times
}

// Workload is the explicit or generated workload: who requests, and when.
func Workload(v param.Values) (nodes, times []int) {
	for _, r := range v.IntLists("requests") {
		nodes, times = append(nodes, r[0]), append(times, r[1])
	}
	if nodes != nil {
		return nodes, times
	}
	return v.Ints("requestNodes"), v.Ints("requestTimes")
}

// Build makes the shared part of every process and the configuration:
// the processes, the workload, the checks ME1, ME3 and deadlock, the
// outcome, crashes and the network. mk wraps each Core in the algorithm's
// process.
func Build(v param.Values, mk func(p int, c Core) engine.Process) engine.Config {
	return BuildLabeled(v, PosLabel, mk)
}

// BuildLabeled is Build for an algorithm whose processes have other labels
// than P<position> (Maekawa: P1..Pn): the outcome's sentences (an ME3
// pair's text) name the processes by label(position).
func BuildLabeled(v param.Values, label func(p int) string, mk func(p int, c Core) engine.Process) engine.Config {
	n := v.Int("n")
	wants := make([][]engine.Time, n)
	nodes, times := Workload(v)
	for i, p := range nodes {
		wants[p] = append(wants[p], engine.Time(times[i]))
	}
	tells := make([][]int, n)
	to := v.Ints("tellTo")
	for i, p := range v.Ints("tellFrom") {
		tells[p] = append(tells[p], to[i])
	}
	cs := v.Range("csTime")
	procs := make([]engine.Process, n)
	starts := make([]engine.StartAt, n)
	for p := range n {
		slices.Sort(wants[p])
		procs[p] = mk(p, newCore(p, engine.Delay{Min: cs.Min, Max: cs.Max}, wants[p], tells[p]))
		starts[p] = engine.StartAt{Node: p}
	}
	cfg := engine.Config{
		Procs:      procs,
		Starts:     starts,
		Invariants: []engine.Invariant{ME1(), ME3()},
		Final:      []engine.Invariant{Deadlock()},
		Outcome:    func(w engine.World) any { return OutcomeOf(w, label) },
		Causality:  true, // for ME3
	}
	if at := v.Int("crashAt"); at == 0 {
		cfg.Crashed = v.Ints("crashed")
	} else {
		for _, p := range v.Ints("crashed") {
			cfg.Schedule = append(cfg.Schedule, engine.Scheduled{At: engine.Time(at), Action: engine.Action{Type: engine.ActCrash, Node: p}})
		}
	}
	kit.Network(&cfg, v)
	return cfg
}

// Nodes describes n processes labelled P0..Pn−1, each with its position as ID.
func Nodes(n int) []algo.Node {
	ids := make([]int, n)
	for i := range ids {
		ids[i] = i
	}
	return kit.PositionLabels(ids)
}

// PosLabel names position p as Build's processes are named: P<p>.
func PosLabel(p int) string { return "P" + strconv.Itoa(p) }

// PosLabels names positions as PosLabel does, for views.
func PosLabels(ps []int) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = PosLabel(p)
	}
	return out
}
