package web

import (
	"net/http"

	"distviz/internal/version"
)

// health is what /healthz answers: that the server serves, which build it
// is, and how full it is (for a lecturer's monitoring or a container's probe).
type health struct {
	Status       string `json:"status"` // always "ok": a server that answers is up
	Version      string `json:"version"`
	Sessions     int    `json:"sessions"`     // WebSocket sessions open
	MemoryUsed   int64  `json:"memoryUsed"`   // bytes charged to the memory budget
	MemoryBudget int64  `json:"memoryBudget"` // the budget (-memory)
}

func (s *server) healthz(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, health{Status: "ok", Version: version.String(),
		Sessions: s.hub.sessions(), MemoryUsed: s.mem.Used(), MemoryBudget: s.mem.Limit()})
}
