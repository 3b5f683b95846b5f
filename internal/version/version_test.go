package version

import (
	"runtime/debug"
	"testing"
)

func TestFromBuild(t *testing.T) {
	setting := func(kv ...string) []debug.BuildSetting {
		var out []debug.BuildSetting
		for i := 0; i < len(kv); i += 2 {
			out = append(out, debug.BuildSetting{Key: kv[i], Value: kv[i+1]})
		}
		return out
	}
	for _, c := range []struct {
		info debug.BuildInfo
		want string
	}{
		{debug.BuildInfo{Main: debug.Module{Version: "v1.2.3"}}, "v1.2.3"},
		{debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, "devel"},
		{debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: setting(
			"vcs.revision", "0123456789abcdef0123", "vcs.time", "2026-11-25T18:00:00Z", "vcs.modified", "true")},
			"0123456789ab+dirty (2026-11-25T18:00:00Z)"},
		{debug.BuildInfo{Settings: setting("vcs.revision", "abc")}, "abc"},
	} {
		if got := fromBuild(&c.info); got != c.want {
			t.Errorf("%+v: %q, want %q", c.info, got, c.want)
		}
	}
}
