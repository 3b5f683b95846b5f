package web

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"
)

func TestHealthz(t *testing.T) {
	h := newTestRouter(t, Config{MemoryBudget: 64 << 20})
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest(http.MethodGet, "/healthz", nil))
	wantStatus(t, w, http.StatusOK)
	var got health
	if err := json.Unmarshal(w.Body.Bytes(), &got); err != nil {
		t.Fatalf("%v: %s", err, w.Body)
	}
	if got.Status != "ok" || got.Version == "" || got.MemoryBudget != 64<<20 || got.Sessions != 0 {
		t.Errorf("healthz %+v", got)
	}
}
