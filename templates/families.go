// Package templates holds the server's HTML pages as templ components. The
// generated *_templ.go files are committed; regenerate them with
// `go tool templ generate` after editing a .templ file.
package templates

import (
	"encoding/json"
	"regexp"

	"distviz/algo"
)

// Family is a group of algorithms as the home page lists it.
type Family struct {
	ID         string
	Title      string
	Algorithms []*algo.Algorithm
}

// Assets names the page's files in a build: URL gives a file's address
// (its path in static.FS, e.g. "css/tokens.css"), which a browser may keep
// until the build changes; Preload lists the modules the entry imports,
// so that the browser asks for them all at once instead of level by level.
// Script and Styles, when set, replace Entry and the style sheets (the
// server's bundle of them).
// View, on a deep link's page, is its algorithm's view, whose module the
// page then loads while it waits for the run; ViewScript, when set, is
// that module's file, which the page imports before the entry and hands to
// the app (ViewModuleScript): the view is there when the app starts, and
// the run's first drawing need not wait for an import. Boot, when set, is the
// script the head runs first (the server's bundle of js/app/boot.js: the
// session's socket, and a deep link's run asked for at once); without it
// the app opens the socket once it has loaded.
type Assets struct {
	URL        func(path string) string
	Preload    []string
	Script     string
	Styles     []string
	View       string
	ViewScript string
	Boot       string
}

// ViewModuleScript is the module script that imports ViewScript before
// the entry runs and leaves it where the app finds it (static/js/app/boot.js's
// window.distvizBoot.view); "" without ViewScript or Boot.
func (a Assets) ViewModuleScript() string {
	if a.ViewScript == "" || a.Boot == "" {
		return ""
	}
	url, _ := json.Marshal(a.URL(a.ViewScript))
	return `<script type="module">import * as view from ` + string(url) + `; window.distvizBoot.view = view;</script>`
}

// scriptEnd is what would end a script element in its text, in any case.
var scriptEnd = regexp.MustCompile(`(?i)</script`)

// InScript is a script's text as a script element may hold it: a
// "</script", in any case, would end the element; "<\/script" means the
// same in JavaScript.
func InScript(js string) string {
	return scriptEnd.ReplaceAllStringFunc(js, func(m string) string { return `<\/` + m[2:] })
}

// BootScript is the head's script element ("" without Boot).
func (a Assets) BootScript() string {
	if a.Boot == "" {
		return ""
	}
	return "<script>" + InScript(a.Boot) + "</script>"
}

// EntryScript is the page's script: Script, else Entry.
func (a Assets) EntryScript() string {
	if a.Script != "" {
		return a.Script
	}
	return Entry
}

// StyleSheets are the page's style sheets: Styles, else every one.
func (a Assets) StyleSheets() []string {
	if a.Styles != nil {
		return a.Styles
	}
	return Styles
}

// Entry is the page's script; its folder's siblings are the page's parts
// (static/js/: app, views, panel, spacetime, experiment, i18n).
const Entry = "js/app/app.js"

// Styles are the page's style sheets in cascade order: the colour tokens
// first, then the app, the views (their kit first), the space-time diagram,
// the panel, the Experiment tab, and the lecture's branches and keys.
var Styles = []string{
	"css/tokens.css",
	"css/app.css",
	"css/setup.css",
	"css/stage.css",
	"css/popovers.css",
	"css/reference.css",
	"css/tabs.css",
	"css/views/kit.css",
	"css/views/messages.css",
	"css/views/ring.css",
	"css/views/tree.css",
	"css/views/grid.css",
	"css/views/group.css",
	"css/views/clocks.css",
	"css/views/graph.css",
	"css/spacetime.css",
	"css/panel.css",
	"css/experiment.css",
	"css/lecture.css",
	"css/embed.css",
}

// Endpoint is one route of the JSON API, for the home page.
type Endpoint struct {
	Method string
	Path   string
	Doc    string
}

var familyTitles = map[string]string{
	algo.FamilyFailure:  "Failure detectors",
	algo.FamilyElection: "Leader election",
	algo.FamilyMutex:    "Mutual exclusion",
	algo.FamilyGroup:    "Reliable group communication",
	algo.FamilyTime:     "Time and clocks",
}

// Families groups algorithms by family, in the order the families first
// appear and, within one, in the given order.
func Families(all []*algo.Algorithm) []Family {
	var out []Family
	index := map[string]int{} // lookup only; order comes from all
	for _, a := range all {
		i, ok := index[a.Family]
		if !ok {
			title := familyTitles[a.Family]
			if title == "" {
				title = a.Family
			}
			i = len(out)
			index[a.Family] = i
			out = append(out, Family{ID: a.Family, Title: title})
		}
		out[i].Algorithms = append(out[i].Algorithms, a)
	}
	return out
}
