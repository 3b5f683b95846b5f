package algos

import (
	"slices"

	"distviz/algos/kit"
	"distviz/algos/kit/mutex"
	"distviz/engine"
	"distviz/param"
)

// The mutual-exclusion core for algorithms not yet in a folder: kit/mutex's,
// with the English help written into the specs as the legacy registry needs.

// The family's outcome, as the rest of the program names it.
type (
	MutexOutcome    = mutex.Outcome
	MutexEntry      = mutex.Entry
	MutexRequestRef = mutex.RequestRef
	MutexME3        = mutex.ME3Pair
)

type mutexCore = mutex.Core

const (
	msgTell    = mutex.MsgTell
	stReleased = mutex.Released
	stWanted   = mutex.Wanted
	stHeld     = mutex.Held
	maxMutexN  = mutex.MaxN
)

// lmTime is the Lamport time a TELL, REPLY or RELEASE carries.
type lmTime = mutex.LamportTime

// raStamp is a request's (Lamport time, ID).
type raStamp = mutex.Stamp

// mutexEnglish is the family's English text by key.
func mutexEnglish(key string) string {
	if s, ok := mutex.Texts["en"][key]; ok {
		return s
	}
	return kit.Texts["en"][key]
}

// mutexParams are the family's parameters, with the algorithm's own after n.
func mutexParams(defN int, own ...param.Spec) []param.Spec {
	ps := mutex.Params(defN, own...)
	for i := range ps {
		if ps[i].Doc == "" {
			ps[i].Doc = mutexEnglish("param." + ps[i].Name)
		}
	}
	return ps
}

var completeWorkload = mutex.CompleteWorkload

func workloadOf(v param.Values) (nodes, times []int) { return mutex.Workload(v) }

func mutexBuild(v param.Values, mk func(p int, c mutexCore) engine.Process) engine.Config {
	return mutex.Build(v, mk)
}

func mutexBuildLabeled(v param.Values, label func(p int) string, mk func(p int, c mutexCore) engine.Process) engine.Config {
	return mutex.BuildLabeled(v, label, mk)
}

func mutexNodes(n int) []Node { return mutex.Nodes(n) }

func mutexOutcome(w engine.World, label func(int) string) MutexOutcome {
	return mutex.OutcomeOf(w, label)
}

func mutexTimestampOrder() engine.Invariant { return mutex.TimestampOrder() }
func mutexOvertakeBound() engine.Invariant  { return mutex.OvertakeBound() }

func posLabel(p int) string       { return mutex.PosLabel(p) }
func posLabels(ps []int) []string { return mutex.PosLabels(ps) }

var mutexActions = []ActionSpec{{ID: mutex.ActRequest,
	Label: mutexEnglish("action." + mutex.ActRequest), Doc: mutexEnglish("action." + mutex.ActRequest + ".doc")}}

var mutexInvariants = func() []Doc {
	ds := mutex.Invariants()
	for i := range ds {
		ds[i].Doc = mutexEnglish("invariant." + ds[i].Name)
	}
	return slices.Clip(ds)
}()

var (
	mutexTimestampOrderDoc = Doc{Name: "ME2", Doc: "Liveness: requests are served in (Lamport time, ID) order: no process enters while a request with a smaller (time, ID) waits, so every request is served in the end."}
	mutexOvertakeDoc       = Doc{Name: "ME2", Doc: "Liveness: while a request waits, the token visits every other process at most once, so no request is overtaken more than n−1 times (checked when the run ends)."}
)
