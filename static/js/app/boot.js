// The page's head runs this before anything has loaded (the server bundles
// it into the page: web/bundle.go). It opens the session's socket, and on a
// deep link asks for the run as soon as the socket is open, in the
// language the app will choose: the server computes the run while the
// modules load. The app's session takes the socket over (ws.js) with what
// was sent on it, which it does not send again, and what came on it. On a
// deep link's page a module script before the app's puts the link's view
// module in boot.view (templates.Assets.ViewModuleScript), for the app to
// draw the run with at once.

import {wsURL} from "./ws.js";
import {parseLocation, linkOpen} from "./params.js";
import {pickLang} from "../i18n/langs.js";
import {store} from "./store.js";

const socket = new WebSocket(wsURL(location));
const boot = {socket, sent: [], received: [], view: null};
window.distvizBoot = boot;

const link = parseLocation(location.search);
if (link.algorithm) {
	// as app.js picks the language and session.js sends: the language first, then the run
	const lang = {type: "lang", lang: pickLang(link.lang || store.get("lang"), navigator.languages)};
	const open = {...linkOpen(link), deltas: true};
	socket.onopen = () => {
		for (const m of [lang, open]) {
			const text = JSON.stringify(m);
			socket.send(text);
			boot.sent.push(text);
		}
	};
	socket.onmessage = (ev) => boot.received.push(ev);
}
