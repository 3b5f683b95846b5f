//go:build !unix

package web

import "time"

// processCPU is the CPU time the process has used, where the system tells
// it; elsewhere false.
func processCPU() (time.Duration, bool) { return 0, false }
