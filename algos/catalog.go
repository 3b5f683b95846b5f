package algos

import (
	"distviz/algo"
	"distviz/algos/bully"
	"distviz/algos/centralmutex"
	"distviz/algos/changroberts"
	"distviz/algos/firewire"
	"distviz/algos/lamportmutex"
	"distviz/algos/maekawa"
	"distviz/algos/nack"
	"distviz/algos/peterson"
	"distviz/algos/positiveack"
	"distviz/algos/ricartagrawala"
	"distviz/algos/ringlist"
	"distviz/algos/srm"
	"distviz/algos/tokenringelection"
	"distviz/algos/tokenringmutex"
	"distviz/algos/treeecho"
	"distviz/algos/virtualsynchrony"
)

// catalog lists the algorithms in the picker's order: adding an algorithm
// is its folder and one line here.
var catalog = []*algo.Algorithm{
	changroberts.Algorithm,
	peterson.Algorithm,
	ringlist.Algorithm,
	tokenringelection.Algorithm,
	bully.Algorithm,
	centralmutex.Algorithm,
	ricartagrawala.Algorithm,
	lamportmutex.Algorithm,
	tokenringmutex.Algorithm,
	maekawa.Algorithm,
	firewire.Algorithm,
	treeecho.Algorithm,
	positiveack.Algorithm,
	nack.Algorithm,
	srm.Algorithm,
	virtualsynchrony.Algorithm,
}
