package web

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
)

// apiError is a refusal: the status to answer with and a message that says
// what is wrong and how to fix it.
type apiError struct {
	Status int
	Msg    string
}

func (e *apiError) Error() string { return e.Msg }

func errorf(status int, format string, args ...any) *apiError {
	return &apiError{Status: status, Msg: fmt.Sprintf(format, args...)}
}

// errorBody is the JSON form of every refusal.
type errorBody struct {
	Error string `json:"error"`
}

// writeJSON answers with v as JSON.
func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		status = http.StatusInternalServerError
		b, _ = json.Marshal(errorBody{Error: "internal error: " + err.Error()})
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", strconv.Itoa(len(b)+1))
	w.WriteHeader(status)
	w.Write(append(b, '\n'))
}

// writeError answers with err as {"error": "…"}: an *apiError with its own
// status, a body over its size limit with 413, anything else with 400.
func writeError(w http.ResponseWriter, err error) {
	status := http.StatusBadRequest
	var ae *apiError
	var mb *http.MaxBytesError
	switch {
	case errors.As(err, &ae):
		status = ae.Status
	case isFull(err):
		status = http.StatusServiceUnavailable
	case errors.As(err, &mb):
		status = http.StatusRequestEntityTooLarge
		err = fmt.Errorf("the body is larger than this endpoint's limit of %s; send less", bytesText(mb.Limit))
	}
	writeJSON(w, status, errorBody{Error: err.Error()})
}

// bytesText writes a size for people: "1 MiB (1048576 bytes)".
func bytesText(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB (%d bytes)", n>>20, n)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB (%d bytes)", n>>10, n)
	}
	return fmt.Sprintf("%d bytes", n)
}
