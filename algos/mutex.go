package algos

import (
	"slices"

	"distviz/algos/kit"
	"distviz/algos/kit/mutex"
	"distviz/engine"
	"distviz/param"
)

// The mutual-exclusion core for Maekawa, the family's algorithm not yet in
// a folder: kit/mutex's, with the English help written into the specs as
// the legacy registry needs.

// MutexOutcome is the family's outcome, which Maekawa's embeds.
type MutexOutcome = mutex.Outcome

type mutexCore = mutex.Core

const (
	msgTell    = mutex.MsgTell
	stReleased = mutex.Released
	stWanted   = mutex.Wanted
	stHeld     = mutex.Held
)

// lmTime is the Lamport time a TELL carries.
type lmTime = mutex.LamportTime

// mutexEnglish is the family's (or the common parameters') English text by key.
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

func mutexBuildLabeled(v param.Values, label func(p int) string, mk func(p int, c mutexCore) engine.Process) engine.Config {
	return mutex.BuildLabeled(v, label, mk)
}

func mutexOutcome(w engine.World, label func(int) string) MutexOutcome {
	return mutex.OutcomeOf(w, label)
}

func mutexDeadlock() engine.Invariant { return mutex.Deadlock() }

var mutexActions = []ActionSpec{{ID: mutex.ActRequest,
	Label: mutexEnglish("action." + mutex.ActRequest), Doc: mutexEnglish("action." + mutex.ActRequest + ".doc")}}

var mutexInvariants = func() []Doc {
	ds := mutex.Invariants()
	for i := range ds {
		ds[i].Doc = mutexEnglish("invariant." + ds[i].Name)
	}
	return slices.Clip(ds)
}()
