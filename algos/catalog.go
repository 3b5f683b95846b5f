package algos

import (
	"distviz/algo"
	"distviz/algos/berkeley"
	"distviz/algos/bully"
	"distviz/algos/centralmutex"
	"distviz/algos/changroberts"
	"distviz/algos/cristian"
	"distviz/algos/dfstraversal"
	"distviz/algos/echoelection"
	"distviz/algos/firewire"
	"distviz/algos/heartbeatdetector"
	"distviz/algos/lamportmutex"
	"distviz/algos/logicalclocks"
	"distviz/algos/maekawa"
	"distviz/algos/nack"
	"distviz/algos/ntp"
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
	echoelection.Algorithm,
	dfstraversal.Algorithm,
	logicalclocks.Algorithm,
	cristian.Algorithm,
	berkeley.Algorithm,
	ntp.Algorithm,
	heartbeatdetector.Algorithm,
	positiveack.Algorithm,
	nack.Algorithm,
	srm.Algorithm,
	virtualsynchrony.Algorithm,
}
