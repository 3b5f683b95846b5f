package algos

import (
	"distviz/algo"
	"distviz/algos/bully"
	"distviz/algos/centralmutex"
	"distviz/algos/changroberts"
	"distviz/algos/firewire"
	"distviz/algos/heartbeatdetector"
	"distviz/algos/lamportmutex"
	"distviz/algos/logicalclocks"
	"distviz/algos/maekawa"
	"distviz/algos/peterson"
	"distviz/algos/ricartagrawala"
	"distviz/algos/ringlist"
	"distviz/algos/tokenringelection"
	"distviz/algos/tokenringmutex"
	"distviz/algos/treeecho"
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
	logicalclocks.Algorithm,
	heartbeatdetector.Algorithm,
}
