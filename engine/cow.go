package engine

import (
	"bytes"
	"reflect"
	"slices"
	"sync"
	"sync/atomic"
	"unsafe"
)

// A Sim shares what its copies have not changed. Per-process state lives in
// arrays of chunks; a copy (Clone, Snapshot, Restore) takes the directory of
// chunks, and a chunk is copied before the first write by a Sim that does
// not own it. Each Sim has a generation, fresh after every copy on both
// sides, so a chunk or a process object whose generation is the Sim's own is
// referenced by that Sim alone and may be written in place.
//
// Processes are shared the same way: before a shared process handles an
// event, the Sim either clones it (Process.Clone) or, when its type is a
// pointer to a struct without pointers, runs the handler on a scratch copy of
// its bytes and keeps the copy only if the bytes changed. Most events leave
// most processes as they were (a Chang–Roberts process that forwards or
// discards), so checkpoints cost what changed, not n processes each.

// owner is what a Sim writes its arrays as: its generation, the one it had
// before its last copy was taken, and what it has copied (Sim.Copied) and
// cloned (Sim.Cloned).
type owner struct {
	gen, prevGen uint64
	copied       int64
	cloned       int64
}

// generations numbers Sims; only equality matters, never the value.
var generations atomic.Uint64

func newGen() uint64 { return generations.Add(1) }

// Chunks of 8: a checkpoint makes the run copy every chunk it then
// changes, and a Chang–Roberts of 100,000 changes a few processes here and
// there in each stretch between two (a chunk of 64 cost 2.85 M events 33 MB
// in chunks, of 8 17 MB: 28.2 -> 23.0 bytes an event retained).
const (
	cowBits = 3
	cowSize = 1 << cowBits
	cowMask = cowSize - 1
)

type cowChunk[T any] struct {
	gen  uint64 // the Sim that may write this chunk
	vals [cowSize]T
	// processes: which objects the chunk's Sim made (may change in place)
	owned [(cowSize + 63) / 64]uint64
	// processes: the last event at which each may have changed (Sim.Touched):
	// it changes with the process, so it is copied with its chunk, not on
	// its own (a chunk of its own and a directory more a checkpoint)
	stamps [cowSize]uint32
}

// cow is an array of per-process values in shared chunks, found through
// a directory of pages of chunk pointers. The directory and each page are
// shared too, until the first write: an array a run does not change between
// two checkpoints (the timers of an algorithm without any) costs the
// checkpoint nothing, and one it changes here and there costs the pages it
// changes (a directory of n/8 pointers copied at each checkpoint would
// cost 100 KB at n = 100,000 and space the checkpoints further apart).
type cow[T any] struct {
	pages   []*cowPage[T]
	pageGen []uint64 // the Sim that may write each page
	dirGen  uint64   // the Sim that may write pages and pageGen
}

const (
	pageBits  = 6 // chunks a page: 1 << pageBits
	pageMask  = 1<<pageBits - 1
	pageShift = cowBits + pageBits // element i is on page i >> pageShift
)

type cowPage[T any] [1 << pageBits]*cowChunk[T]

// newCow makes an array of n zero values: its chunks are made when first
// written (a chunk not yet made reads as zero values).
func newCow[T any](n int) cow[T] {
	k := (n + 1<<pageShift - 1) >> pageShift
	a := cow[T]{pages: make([]*cowPage[T], k), pageGen: make([]uint64, k)}
	for i := range a.pages {
		a.pages[i] = new(cowPage[T])
	}
	return a
}

// chunk is the chunk of element i, nil if not yet made.
func (a *cow[T]) chunk(i int) *cowChunk[T] { return a.pages[i>>pageShift][(i>>cowBits)&pageMask] }

func (a *cow[T]) get(i int) T {
	c := a.chunk(i)
	if c == nil {
		var zero T
		return zero
	}
	return c.vals[i&cowMask]
}

// writable returns the chunk of element i, copied (or made) first unless
// o owns it. (A chunk o owns is on a page and in a directory o owns: both
// sides of a copy get new generations.) What a copy of the Sim costs beyond
// what changes is added to o.copied: a shared directory copied, a page or a
// chunk copied that o had made since the copy before (without the last
// copy, o would have written it in place).
func (a *cow[T]) writable(i int, o *owner) *cowChunk[T] {
	c := a.chunk(i)
	if c != nil && c.gen == o.gen {
		return c
	}
	if a.dirGen != o.gen {
		a.pages, a.pageGen, a.dirGen = slices.Clone(a.pages), slices.Clone(a.pageGen), o.gen
		o.copied += int64(len(a.pages)) * int64(unsafe.Sizeof(a.pages[0])+unsafe.Sizeof(a.pageGen[0]))
	}
	p := i >> pageShift
	if g := a.pageGen[p]; g != o.gen {
		pg := *a.pages[p]
		a.pages[p], a.pageGen[p] = &pg, o.gen
		if g == o.prevGen {
			o.copied += int64(unsafe.Sizeof(pg))
		}
	}
	d := &cowChunk[T]{gen: o.gen}
	if c != nil {
		d.vals, d.stamps = c.vals, c.stamps
		if c.gen == o.prevGen {
			o.copied += int64(unsafe.Sizeof(*d))
		}
	}
	a.pages[p][(i>>cowBits)&pageMask] = d
	return d
}

func (a *cow[T]) set(i int, o *owner, v T) { a.writable(i, o).vals[i&cowMask] = v }

// share returns the array sharing its directory, pages and chunks:
// whichever side writes first copies the directory.
func (a *cow[T]) share() cow[T] { return cow[T]{pages: a.pages, pageGen: a.pageGen} }

// flatType describes a process type for copying it as bytes.
type flatType struct {
	word uintptr      // the interface's type word
	elem reflect.Type // the struct the pointer points to
	flat bool         // a pointer to a struct without pointers: copied and compared as bytes
	size uintptr
}

var flatTypes sync.Map // reflect.Type → flatType; the same for every Sim

func typeWord(p Process) uintptr { return (*[2]uintptr)(unsafe.Pointer(&p))[0] }

func dataOf(p Process) unsafe.Pointer { return (*[2]unsafe.Pointer)(unsafe.Pointer(&p))[1] }

func flatOf(p Process) flatType {
	t := reflect.TypeOf(p)
	if f, ok := flatTypes.Load(t); ok {
		return f.(flatType)
	}
	f := flatType{word: typeWord(p)}
	if t.Kind() == reflect.Pointer && t.Elem().Kind() == reflect.Struct && pointerFree(t.Elem()) {
		f.elem, f.flat, f.size = t.Elem(), true, t.Elem().Size()
	}
	flatTypes.Store(t, f)
	return f
}

func pointerFree(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
		reflect.Float32, reflect.Float64, reflect.Complex64, reflect.Complex128:
		return true
	case reflect.Array:
		return t.Len() == 0 || pointerFree(t.Elem())
	case reflect.Struct:
		for i := range t.NumField() {
			if !pointerFree(t.Field(i).Type) {
				return false
			}
		}
		return true
	}
	return false
}

func bytesOf(p Process, size uintptr) []byte { return unsafe.Slice((*byte)(dataOf(p)), size) }

// words of a flat process of up to 64 bytes, whose size is a multiple of 8
// (a struct with an int64 field): copied and compared without calls.
func wordsOf(p Process, size uintptr) []uint64 { return unsafe.Slice((*uint64)(dataOf(p)), size/8) }

func smallFlat(size uintptr) bool { return size <= 64 && size%8 == 0 }

func copyFlat(dst, src Process, size uintptr) {
	if smallFlat(size) {
		d, s := wordsOf(dst, size), wordsOf(src, size)
		for i := range d {
			d[i] = s[i]
		}
		return
	}
	copy(bytesOf(dst, size), bytesOf(src, size))
}

func equalFlat(a, b Process, size uintptr) bool {
	if smallFlat(size) {
		x, y := wordsOf(a, size), wordsOf(b, size)
		for i := range x {
			if x[i] != y[i] {
				return false
			}
		}
		return true
	}
	return bytes.Equal(bytesOf(a, size), bytesOf(b, size))
}

// acquire returns process p ready to handle an event. If the Sim owns p it
// is p itself. Otherwise it is a private clone, now p, or (keep true) a
// scratch copy of p's bytes that settle makes p if the handler changed it.
func (s *Sim) acquire(p int) (proc Process, keep bool) {
	c := s.procs.chunk(p)
	i := p & cowMask
	proc = c.vals[i]
	if c.gen == s.gen && c.owned[i>>6]&(1<<(i&63)) != 0 {
		c.stamps[i] = s.stamp() // changed in place, if at all
		return proc, false
	}
	if scratch, ok := s.scratchCopy(proc); ok {
		return scratch, true
	}
	proc = proc.Clone()
	s.install(p, proc)
	s.cloned++
	return proc, false
}

// scratchCopy copies proc's bytes into the Sim's scratch process if proc
// is flat (a pointer to a struct without pointers, for which a copy of the
// bytes is a deep copy); ok is false if it is not.
func (s *Sim) scratchCopy(proc Process) (scratch Process, ok bool) {
	f := s.flat
	if f.word != typeWord(proc) {
		f = flatOf(proc)
		s.flat, s.scratch = f, nil
	}
	if !f.flat {
		return nil, false
	}
	if s.scratch == nil {
		s.scratch = s.newFlat(f, proc)
	}
	copyFlat(s.scratch, proc, f.size)
	return s.scratch, true
}

// newFlat returns a new process of the flat type f (like's), its memory
// taken from a batch of 64: a scratch copy, kept when it changed, costs no
// allocation of its own. (The batch is words without pointers, as the
// process is; the collector keeps the batch while any of them lives.)
func (s *Sim) newFlat(f flatType, like Process) Process {
	words := int((f.size + 7) / 8)
	if words == 0 {
		return reflect.New(f.elem).Interface().(Process)
	}
	if len(s.batch) < words {
		s.batch = make([]uint64, 64*words)
	}
	var out Process
	w := (*[2]unsafe.Pointer)(unsafe.Pointer(&out))
	w[0], w[1] = (*[2]unsafe.Pointer)(unsafe.Pointer(&like))[0], unsafe.Pointer(&s.batch[0])
	s.batch = s.batch[words:]
	return out
}

// settle keeps the scratch copy a handler ran on if it differs from p.
func (s *Sim) settle(p int, scratch Process) {
	if equalFlat(scratch, s.procs.get(p), s.flat.size) {
		return // unchanged: p stays shared, the scratch serves the next event
	}
	s.install(p, scratch)
	s.scratch = nil
}

// install makes proc process p, owned by this Sim.
func (s *Sim) install(p int, proc Process) {
	c := s.procs.writable(p, &s.owner)
	i := p & cowMask
	c.vals[i], c.stamps[i] = proc, s.stamp()
	c.owned[i>>6] |= 1 << (i & 63)
}
