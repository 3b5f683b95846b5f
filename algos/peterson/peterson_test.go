package peterson_test

import (
	"testing"

	"distviz/algos/algotest"
	"distviz/algos/peterson"
)

func TestTranscripts(t *testing.T) { algotest.Transcripts(t, peterson.Algorithm) }
