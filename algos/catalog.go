package algos

import (
	"sync"

	"distviz/algo"
	"distviz/algos/maekawa"
)

// catalog lists the algorithms in the picker's order: adding an algorithm
// is its folder and one line here.
var catalog = sync.OnceValue(func() []*algo.Algorithm {
	return []*algo.Algorithm{
		legacy("chang-roberts"),
		legacy("ring-list"),
		legacy("bully"),
		legacy("central-mutex"),
		legacy("ricart-agrawala"),
		legacy("lamport-mutex"),
		legacy("token-ring-mutex"),
		maekawa.Algorithm,
		legacy("firewire"),
		legacy("tree-echo"),
	}
})
