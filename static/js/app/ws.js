// The WebSocket session (docs/protocol.md): one connection per tab, JSON
// messages both ways, reconnecting with backoff. The app re-attaches its run
// when a connection comes back (the server keeps runs by id).

export function connect({url, onMessage, onStatus}) {
	let sock = null;
	let delay = 500;
	let timer = null;
	let closed = false;

	function open() {
		onStatus("connecting");
		try {
			sock = new WebSocket(url);
		} catch (e) {
			retry();
			return;
		}
		sock.onopen = () => {
			delay = 500;
			onStatus("open");
		};
		sock.onmessage = (ev) => {
			let msg;
			try {
				msg = JSON.parse(ev.data);
			} catch {
				return;
			}
			onMessage(msg);
		};
		sock.onclose = () => {
			sock = null;
			if (!closed) retry();
		};
		sock.onerror = () => {}; // onclose follows and retries
	}

	function retry() {
		const wait = delay;
		delay = Math.min(delay * 2, 8000);
		onStatus("closed", Math.round(wait / 1000) || 1);
		clearTimeout(timer);
		timer = setTimeout(open, wait);
	}

	open();

	return {
		/** send writes one message; false if the connection is not open. */
		send(msg) {
			if (!sock || sock.readyState !== WebSocket.OPEN) return false;
			sock.send(JSON.stringify(msg));
			return true;
		},
		get open() {
			return !!sock && sock.readyState === WebSocket.OPEN;
		},
		close() {
			closed = true;
			clearTimeout(timer);
			if (sock) sock.close(1000);
		},
	};
}

/** wsURL is the session's address next to the page's. */
export function wsURL(loc) {
	return (loc.protocol === "https:" ? "wss://" : "ws://") + loc.host + "/ws";
}
