// The WebSocket session (docs/protocol.md): one connection per tab, JSON
// messages both ways, reconnecting with backoff. The app re-attaches its run
// when a connection comes back (the server keeps runs by id).

// early: a socket the page opened before the scripts had loaded (the
// handshake overlaps their loading); it is used first, if it is still good.
export function connect({url, onMessage, onStatus, early = null}) {
	let sock = null;
	let delay = 500;
	let timer = null;
	let closed = false;

	function open() {
		onStatus("connecting");
		const adopted = early && early.readyState <= WebSocket.OPEN ? early : null;
		early = null;
		try {
			sock = adopted || new WebSocket(url);
		} catch (e) {
			retry();
			return;
		}
		sock.onopen = () => {
			delay = 500;
			onStatus("open");
		};
		// (the server speaks only when spoken to: an open socket has missed nothing)
		if (sock.readyState === WebSocket.OPEN) queueMicrotask(sock.onopen);
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
