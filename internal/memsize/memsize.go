// Package memsize estimates the memory a Go value holds: what it reaches
// through pointers, slices, maps, strings and interfaces, each block counted
// once. The server charges a run's states to its memory budget by it: their
// sizes differ by algorithm and grow as a run goes on, so no constant per
// process fits them all.
//
// It is an estimate that costs far less than a copy of the value: of a long
// slice or a large map only a sample of the elements is walked and the rest
// are taken to be like them, and deeper containers are sampled more thinly.
package memsize

import (
	"reflect"
	"slices"
	"sync"
	"unsafe"
)

// Of estimates the bytes v occupies and reaches. Functions and channels
// count as nothing (closures are shared), and so do the fields of v (a
// struct or a pointer to one) named in skip: what v shares with others of
// its kind.
func Of(v any, skip ...string) int64 { return NewCounter().Of(v, skip...) }

// A Counter estimates several values together: what one of them shares with
// those counted before is not counted again.
type Counter struct{ w walker }

func NewCounter() *Counter {
	return &Counter{walker{seen: map[uintptr]struct{}{}, ends: map[uintptr]struct{}{}, fieldz: map[reflect.Type][]int{}}}
}

// Of estimates what v occupies and reaches beyond what the counter has met
// already; skip as for the function Of.
func (c *Counter) Of(v any, skip ...string) int64 {
	w := &c.w
	rv := reflect.ValueOf(v)
	if !rv.IsValid() {
		return 0
	}
	n := int64(rv.Type().Size())
	if rv.Kind() == reflect.Pointer && !rv.IsNil() && rv.Elem().Kind() == reflect.Struct {
		if !w.first(rv.Pointer()) {
			return 0
		}
		rv = rv.Elem()
		n += int64(rv.Type().Size())
	}
	if rv.Kind() != reflect.Struct || len(skip) == 0 {
		return n + w.inner(rv, 0)
	}
	for i := range rv.NumField() {
		if !slices.Contains(skip, rv.Type().Field(i).Name) {
			n += w.inner(rv.Field(i), 0)
		}
	}
	return n
}

// Samples: the elements walked of a top-level container; each level of
// nesting walks a quarter as many, down to minSample.
const (
	topSample = 64
	minSample = 4
)

type walker struct {
	seen   map[uintptr]struct{} // blocks met, by their start
	ends   map[uintptr]struct{} // slices' and strings' arrays met, by their end
	fieldz map[reflect.Type][]int
}

// fields lists the fields of struct type t that can reach memory.
func (w *walker) fields(t reflect.Type) []int {
	if f, ok := w.fieldz[t]; ok {
		return f
	}
	var f []int
	for i := range t.NumField() {
		sf := t.Field(i)
		if hasPointers(sf.Type) {
			f = append(f, i)
		}
	}
	w.fieldz[t] = f
	return f
}

// first reports whether the block at p is met for the first time.
func (w *walker) first(p uintptr) bool {
	if p == 0 {
		return false
	}
	if _, ok := w.seen[p]; ok {
		return false
	}
	w.seen[p] = struct{}{}
	return true
}

// firstEnd reports whether the array that ends at p is met for the first time.
func (w *walker) firstEnd(p uintptr) bool {
	if _, ok := w.ends[p]; ok {
		return false
	}
	w.ends[p] = struct{}{}
	return true
}

// inner is what v reaches beyond its own bytes; depth counts the
// containers it is inside of.
func (w *walker) inner(v reflect.Value, depth int) int64 {
	t := v.Type()
	if !hasPointers(t) {
		return 0
	}
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() || !w.first(v.Pointer()) {
			return 0
		}
		e := v.Elem()
		return int64(e.Type().Size()) + w.inner(e, depth)
	case reflect.Interface:
		if v.IsNil() {
			return 0
		}
		e := v.Elem()
		switch e.Kind() {
		case reflect.Pointer, reflect.Map, reflect.Slice, reflect.String:
			return w.inner(e, depth) // the interface holds the reference itself
		}
		return int64(e.Type().Size()) + w.inner(e, depth) // boxed
	case reflect.String:
		// Keyed by where the bytes end: substrings of one string share it.
		if v.Len() == 0 || !w.firstEnd(uintptr(unsafe.Pointer(unsafe.StringData(v.String())))+uintptr(v.Len())) {
			return 0
		}
		return int64(v.Len())
	case reflect.Slice:
		// Keyed by where the capacity ends: s[i:j] and s share it.
		size := t.Elem().Size()
		if v.IsNil() || v.Cap() == 0 || size == 0 || !w.firstEnd(v.Pointer()+uintptr(v.Cap())*size) {
			return 0
		}
		return int64(v.Cap())*int64(size) + w.elems(v, depth)
	case reflect.Array:
		return w.elems(v, depth)
	case reflect.Struct:
		var n int64
		for _, i := range w.fields(t) {
			n += w.inner(v.Field(i), depth)
		}
		return n
	case reflect.Map:
		if v.IsNil() || !w.first(v.Pointer()) {
			return 0
		}
		return w.mapSize(v, depth)
	}
	return 0
}

func sampleAt(depth int) int { return max(minSample, topSample>>(2*depth)) }

// elems is what the elements of a slice or array reach, from a sample of
// them evenly spaced when there are many.
func (w *walker) elems(v reflect.Value, depth int) int64 {
	l := v.Len()
	if l == 0 || !hasPointers(v.Type().Elem()) {
		return 0
	}
	stride := max(1, l/sampleAt(depth))
	var sizes []int64
	for i := 0; i < l; i += stride {
		sizes = append(sizes, w.inner(v.Index(i), depth+1))
	}
	return extrapolate(sizes, l)
}

// extrapolate is what l elements reach, given what a sample of them
// reaches: the sample itself, and the median of it for each element not
// looked at. The median, not the mean, because the first element to reach a
// block shared by all (a list every process holds) is the only one charged
// for it, and it must not be charged again for each of the others.
func extrapolate(sizes []int64, l int) int64 {
	var n int64
	for _, s := range sizes {
		n += s
	}
	if len(sizes) == 0 || len(sizes) >= l {
		return n
	}
	slices.Sort(sizes)
	return n + sizes[len(sizes)/2]*int64(l-len(sizes))
}

// mapSize is a map's entries with a quarter more for its buckets, and what
// they reach, from its first entries (a map has no order to sample by).
func (w *walker) mapSize(v reflect.Value, depth int) int64 {
	t := v.Type()
	n := 48 + int64(v.Len())*int64(t.Key().Size()+t.Elem().Size())*5/4
	if !hasPointers(t.Key()) && !hasPointers(t.Elem()) {
		return n
	}
	var sizes []int64
	limit := sampleAt(depth)
	for it := v.MapRange(); len(sizes) < limit && it.Next(); {
		sizes = append(sizes, w.inner(it.Key(), depth+1)+w.inner(it.Value(), depth+1))
	}
	return n + extrapolate(sizes, v.Len())
}

var pointerFree sync.Map // reflect.Type → bool

// hasPointers reports whether a value of type t can reach other memory.
func hasPointers(t reflect.Type) bool {
	if v, ok := pointerFree.Load(t); ok {
		return !v.(bool)
	}
	has := reaches(t, map[reflect.Type]bool{})
	pointerFree.Store(t, !has)
	return has
}

func reaches(t reflect.Type, visiting map[reflect.Type]bool) bool {
	switch t.Kind() {
	case reflect.Pointer, reflect.Interface, reflect.String, reflect.Slice, reflect.Map:
		return true
	case reflect.Array:
		return t.Len() > 0 && reaches(t.Elem(), visiting)
	case reflect.Struct:
		if visiting[t] {
			return false
		}
		visiting[t] = true
		for i := range t.NumField() {
			if reaches(t.Field(i).Type, visiting) {
				return true
			}
		}
	}
	return false // numbers, functions, channels
}
