package engine

import "unsafe"

// Texts in the log (notes above all: about one a step) are kept as bytes,
// like the events: the key and any string argument as indexes of the log's
// string table, every number as a varint. Recording a note allocates
// nothing and leaves nothing for the collector to scan; reading one back
// builds the Text again, the same value as recorded.
//
// A text goes in the stream after its event's other fields, prefixed by its
// length, when the event stays within maxEncoded bytes (the reader skips it
// when it only advances); a longer one (a long list of positions) goes in
// the log's text arena, and the event holds its offset there.
//
// A text is its key's index, its number of arguments and the arguments;
// an argument is a byte (its kind; argHasS: a string follows; argHasPtr: a
// list or a nested text follows), its N (zigzag), then the string's index,
// then N numbers (a list, a stamp of two) or the nested text.

const (
	argHasPtr = 1 << 6
	argHasS   = 1 << 7
)

// Extras bits of the general encoding for a text (log.go: name 1, action
// 4, arrive 8 are the others).
const (
	extraText      = 2  // the text follows in the stream: its length, then its bytes
	extraTextArena = 16 // the text's offset in the arena follows
)

// appendText appends a text's encoding to b. It keeps none of the
// arguments' memory but the strings it interns.
func (l *Log) appendText(b []byte, key string, args []Arg) []byte {
	b = appendv(b, uint64(l.strIndex(key)))
	b = appendv(b, uint64(len(args)))
	for i := range args {
		a := &args[i]
		hdr := byte(a.Kind)
		if a.S != "" {
			hdr |= argHasS
		}
		if a.ptr != nil {
			hdr |= argHasPtr
		}
		b = append(b, hdr)
		b = appendv(b, zig(a.N))
		if a.S != "" {
			b = appendv(b, uint64(l.strIndex(a.S)))
		}
		if a.ptr == nil {
			continue
		}
		if a.Kind == ArgText {
			sub := (*Text)(a.ptr)
			b = l.appendText(b, sub.Key, sub.Args)
			continue
		}
		for _, x := range unsafe.Slice((*int64)(a.ptr), a.N) {
			b = appendv(b, zig(x))
		}
	}
	return b
}

func appendv(b []byte, x uint64) []byte {
	for x >= 0x80 {
		b = append(b, byte(x)|0x80)
		x >>= 7
	}
	return append(b, byte(x))
}

// strIndex interns s; a small cache by the string's address answers for
// the keys and constants that notes pass again and again without hashing.
// It relies on strings being immutable: no unsafe.String over a buffer
// that is reused may reach it.
func (l *Log) strIndex(s string) uint32 {
	p := unsafe.StringData(s)
	c := &l.keyCache[(uintptr(unsafe.Pointer(p))>>3)%uintptr(len(l.keyCache))]
	if c.ptr == p && c.len == len(s) && p != nil {
		return c.idx
	}
	i := l.intern(s)
	*c = keyCached{ptr: p, len: len(s), idx: i}
	return i
}

// putText writes a text's encoding (made in l.scratch) at b[i:] for the
// event that began at l.off, or in the arena if it would make the event
// longer than maxEncoded; it returns the position after it and the extras
// bit saying which.
func (l *Log) putText(b []byte, i int) (int, byte) {
	n := len(l.scratch)
	// (3: room for the length's varint; a longer text goes to the arena anyway)
	if i+3+n-l.off <= maxEncoded {
		i = putv(b, i, uint64(n))
		return i + copy(b[i:], l.scratch), extraText
	}
	i = putv(b, i, uint64(len(l.textArena)))
	l.arenaAt = append(l.arenaAt, arenaText{seq: l.n, off: len(l.textArena)})
	l.textArena = append(l.textArena, l.scratch...)
	return i, extraTextArena
}

// addNote records a process's note: Env.Note's path, which keeps neither
// the argument slice nor what it points to but strings (so Env.Note's
// variadic slice stays on its caller's stack).
func (l *Log) addNote(time int64, node int32, key string, args []Arg) {
	prevLoud := l.lastLoud
	b, i := l.begin(time)
	l.lastLoud = prevLoud
	l.scratch = l.appendText(l.scratch[:0], key, args)
	hdr := byte(kindGeneral) | genExtras
	if node != None {
		hdr |= genNode
	}
	i = l.putGeneral(b, i, hdr, KindNote, node)
	ext := i
	i, b[ext] = l.putText(b, i+1)
	l.off = i
}

// readText decodes a text written by appendText at b[off:] and returns it
// with the position after it.
func (l *Log) readText(b []byte, off int) (Text, int) {
	r := reader{off: off}
	t := l.readTextAt(b, &r)
	return t, r.off
}

func (l *Log) readTextAt(b []byte, r *reader) Text {
	t := Text{Key: l.str(uint32(r.get(b)))}
	n := int(r.get(b))
	if n == 0 {
		return t
	}
	t.Args = make([]Arg, n)
	for k := range t.Args {
		hdr := b[r.off]
		r.off++
		a := Arg{Kind: ArgKind(hdr &^ (argHasPtr | argHasS)), N: unzig(r.get(b))}
		if hdr&argHasS != 0 {
			a.S = l.str(uint32(r.get(b)))
		}
		switch {
		case hdr&argHasPtr == 0:
		case a.Kind == ArgText:
			sub := l.readTextAt(b, r)
			a.ptr = unsafe.Pointer(&sub)
		case a.N > 0:
			xs := make([]int64, a.N)
			for j := range xs {
				xs[j] = unzig(r.get(b))
			}
			a.ptr = unsafe.Pointer(&xs[0])
		}
		t.Args[k] = a
	}
	return t
}

// skipText moves r past an event's text, reading it into t if t is not nil.
func (l *Log) skipText(b []byte, r *reader, extras byte, t *Text) {
	switch {
	case extras&extraText != 0:
		n := int(r.get(b))
		if t != nil {
			*t, _ = l.readText(b, r.off)
		}
		r.off += n
	case extras&extraTextArena != 0:
		off := int(r.get(b))
		if t != nil {
			*t, _ = l.readText(l.textArena, off)
		}
	}
}
