// Package static holds the web assets, embedded in the binary and served
// under /static/: the style sheets (css/: the colour tokens, the app's, the
// views' in css/views/, the panel's, the space-time diagram's and the
// Experiment tab's), the lecture app's ES modules (js/, in the same
// folders), their unit tests (js/test/) and the page that runs those tests
// in a browser (test.html), the icon, and vendored libraries (vendor/plot:
// the plotting library). vendor/axe (axe-core, the accessibility checker)
// is not embedded: only the browser tests use it, injecting it themselves.
package static

import "embed"

// FS holds the assets by path, e.g. "css/tokens.css", "js/app/app.js".
//
//go:embed *.html *.svg css js vendor/plot
var FS embed.FS
