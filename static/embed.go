// Package static holds the web assets, embedded in the binary and served
// under /static/.
package static

import "embed"

// FS holds the assets by file name, e.g. "style.css".
//
//go:embed *.css
var FS embed.FS
