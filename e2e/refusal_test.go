package e2e

import "testing"

// A deep link the server refuses says why: next to the form once the
// registry has filled it (which rebuilds the form), and in presenter mode,
// which hides the form, in a notice that stays.
func TestDeepLinkRefused(t *testing.T) {
	t.Run("form", func(t *testing.T) {
		p := newPage(t)
		p.open("/?algorithm=bully&n=abc&lang=en")
		p.waitFor("the form filled by the registry, showing the refusal",
			`document.querySelector('#algorithm').options.length > 0 && document.querySelector('#algorithm').value === 'bully' &&
			!document.querySelector('[data-testid="form-error"]').hidden && document.querySelector('[data-testid="form-error"]').textContent.trim() !== ''`)
	})
	t.Run("presenter", func(t *testing.T) {
		p := newPage(t)
		p.open("/?algorithm=srm&scenario=nope&present=1")
		p.waitFor("a notice with the refusal",
			`!document.querySelector('[data-testid="toast"]').hidden && document.querySelector('[data-testid="toast"]').textContent.trim() !== ''`)
		r := eval[map[string]float64](p, `(() => { const r = document.querySelector('[data-testid="toast"]').getBoundingClientRect(); return {w: r.width, h: r.height}; })()`)
		if r["w"] == 0 || r["h"] == 0 {
			p.fatalf("the notice is not on screen: %v", r)
		}
	})
}
