// The WebSocket session (docs/protocol.md): one connection per tab, JSON
// messages both ways, reconnecting with backoff. The app re-attaches its run
// when a connection comes back (the server keeps runs by id).

// early: the socket the page's head opened before the scripts had loaded
// (boot.js: {socket, sent, received}), which is used first if it is still
// good: the messages sent on it already (a deep link's language and open)
// are not sent again, and those received are taken after its onopen.
export function connect({url, onMessage, onStatus, early = null}) {
	let sock = null;
	let delay = 500;
	let timer = null;
	let closed = false;
	let sentEarly = []; // the head's messages on sock, in order, not yet sent again

	function open() {
		onStatus("connecting");
		const adopted = early && early.socket.readyState <= WebSocket.OPEN ? early : null;
		early = null;
		try {
			sock = adopted ? adopted.socket : new WebSocket(url);
		} catch (e) {
			retry();
			return;
		}
		// (the head sends only once its socket is open: one still connecting sends nothing now)
		sentEarly = adopted && sock.readyState === WebSocket.OPEN ? adopted.sent : [];
		const received = adopted ? adopted.received : [];
		sock.onopen = () => {
			delay = 500;
			onStatus("open");
			for (const ev of received.splice(0)) sock.onmessage(ev);
		};
		// (the server speaks only when spoken to: an open socket has missed nothing but what the head took)
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
			const text = JSON.stringify(msg);
			if (sentEarly[0] === text) {
				sentEarly.shift();
				return true;
			}
			sentEarly = []; // (the app asks for something else: all of it goes)
			sock.send(text);
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
