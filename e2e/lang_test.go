package e2e

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestLanguages switches the interface from English to German to Spanish
// and back: the controls' text and the server's narration change each time,
// and English comes back exactly as it was.
func TestLanguages(t *testing.T) {
	p := openRun(t, bullyLink, 8)
	p.forward()
	type snapshot struct{ Narration, Text string }
	texts := map[string]snapshot{}
	for _, lang := range []string{"en", "de", "es", "en"} {
		if len(texts) > 0 {
			p.setLang(lang)
		}
		p.waitFor("the document language "+lang, fmt.Sprintf(`document.documentElement.lang === %q`, lang))
		var others []string
		for l, s := range texts {
			if l != lang {
				others = append(others, s.Narration)
			}
		}
		snap := p.settled(fmt.Sprintf("the page in %s", lang), fmt.Sprintf(`(() => {
			const n = document.querySelector(%s).textContent.trim();
			if (!n || %s.includes(n)) return '';
			return JSON.stringify({Narration: n, Text: %s});
		})()`, jsString(tid(hookNarration)), jsonStrings(others), jsUIText))
		var got snapshot
		if err := json.Unmarshal([]byte(snap), &got); err != nil {
			t.Fatal(err)
		}
		if was, ok := texts[lang]; ok {
			if got != was {
				t.Errorf("%s after the others differs from the first %s:\n%s", lang, lang, firstDiff(got.Narration+" | "+got.Text, was.Narration+" | "+was.Text))
			}
			continue
		}
		for l, other := range texts {
			if other.Text == got.Text {
				p.fatalf("the text in %s is the same as in %s: %.300s", lang, l, got.Text)
			}
		}
		texts[lang] = got
		t.Logf("%s: %.80s", lang, got.Narration)
	}
}

// settled waits until a JavaScript expression gives the same non-empty
// string for 300 ms, and returns it: the page has taken in what the server
// sent.
func (p *page) settled(what, expr string) string {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Poll[string](fmt.Sprintf(`(() => {
		const v = %s, now = performance.now(), last = window.__e2eSettled;
		if (!v) { window.__e2eSettled = null; return ''; }
		if (!last || last.v !== v) { window.__e2eSettled = {v, at: now}; return ''; }
		return now - last.at >= 300 ? v : '';
	})()`, expr), chromedp.WithPollingInterval(25*time.Millisecond), chromedp.WithPollingTimeout(waitTimeout)))
	if err != nil {
		p.fatalf("waiting for %s to settle: %v", what, err)
	}
	return v
}

func jsonStrings(v []string) string {
	if v == nil {
		v = []string{}
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// firstDiff shows where two texts part.
func firstDiff(got, want string) string {
	i := 0
	for i < len(got) && i < len(want) && got[i] == want[i] {
		i++
	}
	from := max(0, i-60)
	return fmt.Sprintf("now: …%.160s\nwas: …%.160s", got[from:], want[from:])
}

// setLang picks a language in the language picker.
func (p *page) setLang(lang string) {
	p.t.Helper()
	p.do("choosing "+lang, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => {
		const picker = document.querySelector(%s);
		picker.value = %q;
		picker.dispatchEvent(new Event('change', {bubbles: true}));
	})()`, jsString(tid(hookLang)), lang)))
}

// TestRegistryLanguages follows the registry's texts (the algorithm's
// summary, a parameter's help, a scenario, the theory table and the list of
// algorithms below the app) through a language change, from a deep link with
// lang=; what was typed into the form stays.
func TestRegistryLanguages(t *testing.T) {
	p := openRun(t, "/?algorithm=bully&scenario=lecture&lang=de", 8)
	p.waitFor("the document language de", `document.documentElement.lang === "de"`)
	p.showSetup()
	const texts = `(() => {
		const x = new XMLHttpRequest(); // the registry the page fetches
		x.open('GET', '/api/algorithms', false);
		x.send();
		const bully = JSON.parse(x.responseText).find(a => a.id === 'bully');
		const q = s => document.querySelector(s);
		return JSON.stringify({
			i18n: bully.i18n,
			summary: q('[data-testid="summary"]').textContent,
			help: q('[data-field="timeout"] .desc').textContent,
			scenario: q('[data-testid="scenario"]').selectedOptions[0].textContent,
			picker: q('[data-testid="algorithm"]').selectedOptions[0].textContent,
			theory: [...document.querySelectorAll('[data-testid="theory"] th[scope="row"]')].map(e => e.textContent),
			reference: q('#alg-bully h4 [data-tr-alg]').textContent,
			n: q('[data-testid="param-n"]').value,
		});
	})()`
	type snapshot struct {
		I18n                                          map[string]map[string]string
		Summary, Help, Scenario, Picker, Reference, N string
		Theory                                        []string
	}
	read := func(lang string) snapshot {
		var s snapshot
		if err := json.Unmarshal([]byte(p.settled("the registry's texts in "+lang, texts)), &s); err != nil {
			t.Fatal(err)
		}
		return s
	}
	const (
		summaryEn = "Garcia-Molina's election"
		helpEn    = "T: how long a process waits for an ANSWER before it declares itself coordinator. Safe only above the round trip 2·delay."
	)
	de := read("de")
	want := []struct{ got, en string }{
		{de.Help, helpEn},
		{de.Scenario, "Lecture: coordinator 7 crashed, 4 notices"},
		{de.Picker, "Bully"},
		{de.Reference, "Bully"},
	}
	for _, w := range want {
		if tr := de.I18n["de"][w.en]; tr == "" || w.got != tr {
			t.Errorf("in German the page shows %q for %q, want %q", w.got, w.en, tr)
		}
	}
	if strings.HasPrefix(de.Summary, summaryEn) || !strings.HasPrefix(de.Summary, "Die Wahl nach Garcia-Molina") {
		t.Errorf("the German summary is %.80q", de.Summary)
	}
	if len(de.Theory) == 0 || de.Theory[0] != de.I18n["de"]["best case"] {
		t.Errorf("the German theory table names %q", de.Theory)
	}

	// a typed value survives the change of language
	p.do("typing n = 6", chromedp.Evaluate[chromedp.Void](`(() => {
		const n = document.querySelector('[data-testid="param-n"]');
		n.value = '6';
		n.dispatchEvent(new Event('input', {bubbles: true}));
	})()`))
	p.setLang("es")
	p.waitFor("the document language es", `document.documentElement.lang === "es"`)
	es := read("es")
	if es.Help != de.I18n["es"][helpEn] || es.N != "6" {
		t.Errorf("in Spanish the timeout's help is %q and n is %q, want %q and 6", es.Help, es.N, de.I18n["es"][helpEn])
	}
	p.setLang("en")
	p.waitFor("the document language en", `document.documentElement.lang === "en"`)
	en := read("en")
	if en.Help != helpEn || !strings.HasPrefix(en.Summary, summaryEn) || en.Picker != "Bully" || en.Theory[0] != "best case" || en.N != "6" {
		t.Errorf("back in English: %+v", en)
	}
}
