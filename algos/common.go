package algos

import (
	"math/rand/v2"

	"distviz/algos/kit"
	"distviz/engine"
	"distviz/param"
)

// The common parameters for algorithms not yet in a folder of their own:
// kit's, with the English help written into the spec.

func withDoc(s param.Spec, doc string) param.Spec {
	if doc == "" {
		doc = kit.Texts["en"]["param."+s.Name]
	}
	s.Doc = doc
	return s
}

func nParam(lo, def, hi int, doc string) param.Spec { return withDoc(kit.N(lo, def, hi), doc) }

func idsParam(defaultText string) param.Spec {
	s := withDoc(kit.IDs(), "")
	s.DefaultText = defaultText
	return s
}

func idOrderParam() param.Spec                   { return withDoc(kit.IDOrder(), "") }
func delayParam(def engine.Delay) param.Spec     { return withDoc(kit.Delay(def), "") }
func fifoParam() param.Spec                      { return withDoc(kit.FIFO(), "") }
func lossParam() param.Spec                      { return withDoc(kit.Loss(), "") }
func positionsParam(name, doc string) param.Spec { return withDoc(kit.Positions(name), doc) }

func network(cfg *engine.Config, v param.Values)                { kit.Network(cfg, v) }
func completeIDs(v param.Values, rng *rand.Rand) error          { return kit.CompleteIDs(v, rng) }
func checkPositions(v param.Values, name string) ([]int, error) { return kit.CheckPositions(v, name) }
func positionLabels(ids []int) []Node                           { return kit.PositionLabels(ids) }
func harmonic(n int) float64                                    { return kit.Harmonic(n) }
