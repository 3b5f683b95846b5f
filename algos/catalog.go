package algos

import (
	"sync"

	"distviz/algo"
	"distviz/algos/centralmutex"
	"distviz/algos/lamportmutex"
	"distviz/algos/ricartagrawala"
	"distviz/algos/tokenringmutex"
)

// catalog lists the algorithms in the picker's order: adding an algorithm
// is its folder and one line here.
var catalog = sync.OnceValue(func() []*algo.Algorithm {
	return []*algo.Algorithm{
		legacy("chang-roberts"),
		legacy("ring-list"),
		legacy("bully"),
		centralmutex.Algorithm,
		ricartagrawala.Algorithm,
		lamportmutex.Algorithm,
		tokenringmutex.Algorithm,
		legacy("maekawa"),
		legacy("firewire"),
		legacy("tree-echo"),
	}
})
