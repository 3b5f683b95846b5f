// Package static holds the web assets, embedded in the binary and served
// under /static/: the style sheet, the lecture app's ES modules (js/), their
// unit tests (js/test/) and the page that runs those tests in a browser
// (test.html), and vendored libraries (vendor/, e.g. the plotting library).
package static

import "embed"

// FS holds the assets by path, e.g. "style.css", "js/app.js".
//
//go:embed *.css *.html *.svg js vendor
var FS embed.FS
