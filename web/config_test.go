package web

import (
	"runtime"
	"testing"
	"time"
)

func TestConfigDefaults(t *testing.T) {
	for _, tc := range []struct {
		name    string
		in      Config
		check   func(Config) bool
		explain string
	}{
		{"zero", Config{}, func(c Config) bool {
			return c.MaxBodyBytes == 1<<20 && c.MaxTraceBytes == 2<<30 && c.DefaultMaxEvents == 100_000 &&
				c.MaxEvents == 1_000_000 && c.MaxRuns == 256 && c.Workers == runtime.NumCPU() &&
				c.QueueWait == 10*time.Second && c.MemoryBudget == 1<<30 && c.MaxFrameNodes == 10_000 &&
				c.AllowedOrigins == nil && c.MaxSessions == 1000 && c.MessageRate == 50 && c.MessageBurst == 100 && c.PingInterval == 20*time.Second &&
				c.IdleTimeout == 15*time.Minute && c.SessionWriteTimeout == 5*time.Second &&
				c.ExperimentWorkers == max(1, runtime.NumCPU()-1) && c.BodyTimeout == 60*time.Second
		}, "the documented defaults (docs/api.md, Limits: experiment runs at once, the number of CPUs − 1, at least 1)"},
		{"small cap", Config{MaxEvents: 50}, func(c Config) bool { return c.DefaultMaxEvents == 50 },
			"the default event limit never exceeds the cap"},
		{"default above cap", Config{MaxEvents: 50, DefaultMaxEvents: 80}, func(c Config) bool { return c.DefaultMaxEvents == 50 },
			"the default event limit never exceeds the cap"},
		{"negative", Config{MaxRuns: -1, Workers: -3, QueueWait: -time.Second}, func(c Config) bool {
			return c.MaxRuns == 256 && c.Workers > 0 && c.QueueWait == 10*time.Second
		}, "negative means default"},
		{"kept", Config{MaxRuns: 3, Workers: 7}, func(c Config) bool { return c.MaxRuns == 3 && c.Workers == 7 }, "set fields stay"},
	} {
		if got := tc.in.withDefaults(); !tc.check(got) {
			t.Errorf("%s: %+v: want %s", tc.name, got, tc.explain)
		}
	}
}
