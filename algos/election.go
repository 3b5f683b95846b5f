package algos

import (
	"distviz/algos/kit/election"
	"distviz/engine"
)

// The election core for algorithms not yet in a folder: kit/election's.

// ElectionOutcome is an election's result.
type ElectionOutcome = election.Outcome

func electionOutcome(w engine.World) any   { return election.OutcomeOf(w) }
func knowsMax(ids []int) engine.Invariant  { return election.KnowsMax(ids) }
func uniqueMax(ids []int) engine.Invariant { return election.UniqueMax(ids) }
func everyoneKnows() engine.Invariant      { return election.EveryoneKnows() }
