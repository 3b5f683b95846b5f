//go:build !race

package timeline_test

// raceDetector is true under -race, where the large pinned runs take minutes.
const raceDetector = false
