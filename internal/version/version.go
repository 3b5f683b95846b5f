// Package version says which build of distviz is running, from what the Go
// toolchain records in the binary (the module's version, or the commit it
// was built from).
package version

import (
	"runtime/debug"
	"strings"
)

// String is the build's version: the module version when installed with
// go install …@v1.2.3; otherwise the commit (12 hex digits, "+dirty" when
// the tree had changes) and its time; "devel" when neither is known (go run).
func String() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "devel"
	}
	return fromBuild(info)
}

func fromBuild(info *debug.BuildInfo) string {
	if v := info.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	var rev, at string
	dirty := false
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			at = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if rev == "" {
		return "devel"
	}
	var b strings.Builder
	b.WriteString(rev[:min(12, len(rev))])
	if dirty {
		b.WriteString("+dirty")
	}
	if at != "" {
		b.WriteString(" (" + at + ")")
	}
	return b.String()
}
