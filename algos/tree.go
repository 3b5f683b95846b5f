package algos

import (
	"distviz/algos/kit/tree"
	"distviz/param"
)

// The tree core for algorithms not yet in a folder: kit/tree's, with the
// English help written into the specs.

func edgesParam() param.Spec {
	s := tree.Edges()
	s.Doc, s.DefaultText = tree.Texts["en"]["param.edges"], tree.Texts["en"]["param.edges.default"]
	return s
}

func portsParam() param.Spec {
	s := tree.Ports()
	s.Doc = tree.Texts["en"]["param.ports"]
	return s
}

var (
	completeTree = tree.Complete
	treeEdges    = tree.Cables
	attachedList = tree.Attached
)

// treeMsg is a label for messages that carry one number (an ID or a maximum).
type treeMsg = tree.Msg
