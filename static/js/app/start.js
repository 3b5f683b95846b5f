// The page's start: a deep link's run opened at once (or an offline file's
// attached, or the form filled), and what follows its first picture: the
// form showing the run, the reference below the app laid out.

import * as i18n from "../i18n/i18n.js";
import {linkOpen} from "./params.js";
import {afterPaint} from "./dom.js";
import {store} from "./store.js";

/**
 * createFollowers returns {ready, formFollows}: ready has the reference
 * below the app laid out once the first picture is on screen (reference.css:
 * before it, its layout would delay the picture); formFollows(r) has the form
 * show r after a paint with r's view (a deep link's view may still be loading).
 */
export function createFollowers({state, stage, form}) {
	let readied = false; // (a view's every drawing asks)
	function ready() {
		if (readied) return;
		readied = true;
		afterPaint(() => (document.documentElement.dataset.ready = ""));
	}
	function formFollows(r) {
		afterPaint(() => {
			if (state.run !== r) return;
			if (stage.loading()) formFollows(r);
			else form.fromRun(r);
		});
	}
	return {ready, formFollows};
}

/**
 * start begins the page from its address (link, params.js): its language,
 * presenter or embedded mode, then an offline file's run attached, a deep
 * link's opened, or the registry asked for to fill the form.
 */
export function start({link, offline, setLang, chrome, stage, session, registry, ready}) {
	// a deep link's lang= wins over the remembered choice (and is remembered);
	// an offline file opens in the language it was saved in, unless its address says another
	setLang(i18n.pickLang(link.lang || (offline ? offline.lang : store.get("lang")), navigator.languages));
	if (link.present) chrome.setPresenter(true); // full screen needs a click: the F11 of the browser, or P
	// in a slide's iframe: the run without the page's chrome (embed.css)
	if (link.embed) document.documentElement.dataset.embed = "";
	if (link.embed && !link.spacetime) document.documentElement.dataset.spacetime = "off";

	if (offline) {
		session.attach(offline.run.id, link.step);
		chrome.setSetup(false);
	} else if (link.algorithm) {
		// a deep link runs at once, and the form follows its first picture
		// (formFollows); the view's module is the one the page's head started
		// loading (boot.js), or else the one the page names
		const view = document.querySelector('meta[name="distviz-view"]');
		if (view) stage.preload(view.content, window.distvizBoot && window.distvizBoot.view);
		// (the page's head has sent this open already, boot.js: it is not sent twice)
		session.open(linkOpen(link), link.step, false);
		if (chrome.narrow()) chrome.setSetup(false);
	} else {
		registry.load();
		ready();
	}
}
