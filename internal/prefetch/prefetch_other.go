//go:build !amd64 && !arm64

package prefetch

import "unsafe"

// Line does nothing where no instruction is wired up.
func Line(unsafe.Pointer) {}
