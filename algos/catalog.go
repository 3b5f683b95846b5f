package algos

import (
	"sync"

	"distviz/algo"
	"distviz/algos/bully"
	"distviz/algos/changroberts"
	"distviz/algos/firewire"
	"distviz/algos/ringlist"
	"distviz/algos/treeecho"
)

// catalog lists the algorithms in the picker's order: adding an algorithm
// is its folder and one line here.
var catalog = sync.OnceValue(func() []*algo.Algorithm {
	return []*algo.Algorithm{
		changroberts.Algorithm,
		ringlist.Algorithm,
		bully.Algorithm,
		legacy("central-mutex"),
		legacy("ricart-agrawala"),
		legacy("lamport-mutex"),
		legacy("token-ring-mutex"),
		legacy("maekawa"),
		firewire.Algorithm,
		treeecho.Algorithm,
	}
})
