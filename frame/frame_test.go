package frame_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"distviz/algos"
	"distviz/engine"
	"distviz/frame"
	"distviz/narrate"
	"distviz/timeline"
)

// plain is a Frame without its encoder: what encoding/json writes for it.
type plain frame.Frame

func open(t testing.TB, id string, params map[string]any, seed int64) *timeline.Timeline {
	t.Helper()
	a, err := algos.Get(id)
	if err != nil {
		t.Fatal(err)
	}
	v, err := a.ResolveAny(params, seed)
	if err != nil {
		t.Fatal(err)
	}
	tl, err := timeline.New(a, v, seed, 100_000)
	if err != nil {
		t.Fatal(err)
	}
	return tl
}

// The hand-written encoding is encoding/json's, byte for byte, at every step
// of every scenario, in every language, and after user actions.
func TestAppendJSONIsEncodingJSON(t *testing.T) {
	check := func(tl *timeline.Timeline, what string) {
		t.Helper()
		for _, lang := range narrate.Langs() {
			f := frame.BuildIn(tl, lang)
			got, err := f.AppendJSON(nil)
			if err != nil {
				t.Fatal(err)
			}
			want, err := json.Marshal(plain(f))
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("%s, step %d (%s):\n got %s\nwant %s", what, tl.Cursor(), lang, got, want)
			}
		}
	}
	runs := 0
	for _, a := range algos.All() {
		for _, sc := range a.Scenarios {
			tl := open(t, a.ID, sc.Params, sc.Seed)
			for i := 0; i < 400; i++ {
				check(tl, a.ID+"/"+sc.ID)
				if ok, err := tl.Forward(); err != nil || !ok {
					break
				}
			}
			check(tl, a.ID+"/"+sc.ID)
			runs++
		}
	}
	if runs == 0 {
		t.Fatal("no scenarios")
	}
	// Random delays, losses, and the user's hand.
	tl := open(t, "chang-roberts", map[string]any{"n": 7, "delay": map[string]int{"min": 1, "max": 9}, "fifo": false, "loss": 0.2}, 3)
	for range 5 {
		tl.Forward()
	}
	for _, a := range []engine.Action{{Type: engine.ActCrash, Node: 2}, {Type: engine.ActCut, From: 0, To: 1}, {Type: engine.ActRecover, Node: 2}} {
		if err := tl.Apply(a); err != nil {
			t.Fatal(err)
		}
		check(tl, "after "+a.Type)
	}
	tl.Run(0)
	check(tl, "the end")
}

func BenchmarkFrameJSON(b *testing.B) {
	tl := open(b, "chang-roberts", map[string]any{"n": 1000, "idOrder": "random"}, 1)
	for range 1500 {
		tl.Forward()
	}
	b.Run("build", func(b *testing.B) {
		for b.Loop() {
			frame.Build(tl)
		}
	})
	f := frame.Build(tl)
	b.Run("AppendJSON", func(b *testing.B) {
		var buf []byte
		for b.Loop() {
			buf, _ = f.AppendJSON(buf[:0])
		}
		b.SetBytes(int64(len(buf)))
	})
	b.Run("encoding-json", func(b *testing.B) {
		for b.Loop() {
			json.Marshal(plain(f))
		}
	})
}

// The violation banner speaks the reader's language, as the narration does.
func TestViolationsInTheReadersLanguage(t *testing.T) {
	a, err := algos.Get("maekawa")
	if err != nil {
		t.Fatal(err)
	}
	sc, err := a.Scenario("lecture-deadlock")
	if err != nil {
		t.Fatal(err)
	}
	tl := open(t, "maekawa", sc.Params, sc.Seed)
	if err := tl.Run(0); err != nil {
		t.Fatal(err)
	}
	en := frame.BuildIn(tl, narrate.English).Violations
	de := frame.BuildIn(tl, narrate.German).Violations
	if len(en) == 0 || len(de) != len(en) {
		t.Fatalf("%d violations in English, %d in German", len(en), len(de))
	}
	last := tl.Event(en[len(en)-1].Seq)
	want := narrate.For(tl.Alg, tl.Nodes).In(narrate.German).Text(last.Text)
	if got := de[len(de)-1].Text; got != want || got == en[len(en)-1].Text {
		t.Errorf("German banner %q\nwant the narration's %q (English %q)", got, want, en[len(en)-1].Text)
	}
}

// A client that takes whole frames stepping a run of 10,000 processes (the
// load test's pattern 5): each step's frame is about a megabyte.
func BenchmarkWholeFrameStep(b *testing.B) {
	tl := open(b, "chang-roberts", map[string]any{"n": 10_000}, 1)
	var buf []byte
	b.Run("BuildIn", func(b *testing.B) {
		for b.Loop() {
			tl.Forward()
			f := frame.BuildIn(tl, narrate.English)
			buf, _ = f.AppendJSON(buf[:0])
		}
		b.SetBytes(int64(len(buf)))
	})
	b.Run("Encoder", func(b *testing.B) {
		var enc frame.Encoder
		for b.Loop() {
			tl.Forward()
			buf, _ = enc.Whole(buf[:0], tl, narrate.English)
		}
		b.SetBytes(int64(len(buf)))
	})
}
