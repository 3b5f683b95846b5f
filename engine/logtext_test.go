package engine

import (
	"bytes"
	"math"
	"testing"
)

// noteTexts are texts with every kind of argument, among them lists too
// long for the stream (they go in the arena) and stamps too large to pack.
func noteTexts() []Text {
	long := make([]int, 300)
	for i := range long {
		long[i] = i * 7
	}
	return []Text{
		T("note.plain"),
		T("note.all", Pos(3), Positions([]int{1, 4, 7}), Num(-12), Nums([]int{}), Float(0.25), Ts(3, 7),
			Ts(math.MaxInt32+1, -5), Dur(1<<40), Raw("REQUEST"), Raw("")),
		T("note.nested", Sub(T("note.coin.fast")), Sub(T("note.deep", Pos(2), Sub(T("note.leaf", Nums([]int{5, 6})))))),
		T("note.long", Positions(long), Num(1)),
		T("note.float", Float(math.Inf(-1)), Float(math.Copysign(0, -1)), Float(1e-300)),
		{Key: "note.odd", Args: []Arg{{Kind: ArgNum, N: 4, S: "kept"}, {Kind: ArgStamp, N: 5<<32 | 6}}},
	}
}

// TestNoteTextsRoundTrip: every text comes back from the log as the same
// data and the same JSON, whether recorded as a note or with an event,
// in the stream or the arena, read in order or out of it.
func TestNoteTextsRoundTrip(t *testing.T) {
	var l Log
	texts := noteTexts()
	var want []Text
	record := func(k int) { // the k-th event (from 0)
		round, i := k/len(texts), k%len(texts)
		x := texts[i]
		switch (round + i) % 3 {
		case 0:
			l.addNote(int64(round), int32(i), x.Key, x.Args)
		case 1:
			l.add(&Event{Time: int64(round), Kind: KindViolation, Node: None, From: None, To: None, Name: "inv", Text: x})
		default:
			l.add(&Event{Time: int64(round), Kind: KindStart, Node: int32(i), From: None, To: None, Text: x})
		}
	}
	for k := range 300 * len(texts) { // enough events for several marks
		record(k)
		want = append(want, texts[k%len(texts)])
	}
	if len(l.textArena) == 0 {
		t.Fatal("no text went to the arena: the test misses the long path")
	}
	check := func(seq int64) {
		got := l.At(seq).Text
		w := want[seq-1]
		if !got.Equal(w) || !bytes.Equal(got.AppendJSON(nil), w.AppendJSON(nil)) {
			t.Fatalf("event %d: got %s, want %s", seq, got.AppendJSON(nil), w.AppendJSON(nil))
		}
	}
	for seq := int64(1); seq <= l.Len(); seq++ {
		check(seq)
	}
	for seq := l.Len(); seq >= 1; seq -= 37 {
		check(seq)
	}
	// A fork cuts the log and records a future again: the arena holds no
	// text of the future dropped.
	arena, all := len(l.textArena), l.Len()
	l.Truncate(500, 0)
	for seq := int64(490); seq <= 500; seq++ {
		check(seq)
	}
	for k := 500; k < int(all); k++ {
		record(k)
	}
	for seq := int64(1); seq <= l.Len(); seq++ {
		check(seq)
	}
	if len(l.textArena) != arena {
		t.Fatalf("the arena holds %d bytes after recording the same events again, not %d", len(l.textArena), arena)
	}
}

// TestNoteAllocatesNothing: recording a note, arguments and all, allocates
// nothing once the log's chunk has room.
func TestNoteAllocatesNothing(t *testing.T) {
	var l Log
	for range 10 {
		l.addNote(1, 2, "note.warm", []Arg{Raw("REQUEST"), Ts(3, 4)})
	}
	typ := "LOCKED"
	allocs := testing.AllocsPerRun(100, func() {
		l.addNote(2, 3, "note.locked", []Arg{Pos(4), Num(5), Num(10), Raw(typ), Ts(3, 4)})
	})
	if allocs != 0 {
		t.Errorf("a note allocates %.1f times", allocs)
	}
}

// BenchmarkAddNote: recording one note of three arguments.
func BenchmarkAddNote(b *testing.B) {
	var l Log
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		l.addNote(int64(i>>2), int32(i%91), "note.locked", []Arg{Pos(i % 91), Num(7), Num(10)})
	}
}
