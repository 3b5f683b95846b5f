package tokenringelection_test

import (
	"testing"

	"distviz/algos/algotest"
	"distviz/algos/tokenringelection"
)

func TestTranscripts(t *testing.T) { algotest.Transcripts(t, tokenringelection.Algorithm) }
