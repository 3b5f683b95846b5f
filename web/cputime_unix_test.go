//go:build unix

package web

import (
	"syscall"
	"time"
)

// processCPU is the CPU time the process has used, user and system: on a
// busy machine a benchmark's work, where its wall-clock times are the
// machine's.
func processCPU() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
