//go:build !linux

package session_test

import "time"

// threadCPU is the CPU time the calling thread has used, where the system
// tells it (Linux); elsewhere false.
func threadCPU() (time.Duration, bool) { return 0, false }
