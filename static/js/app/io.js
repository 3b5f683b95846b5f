// Export and import: the trace as JSON (the server's GET /api/runs/{id}/trace),
// the topology view as a standalone SVG with its styles inlined, and trace
// import by file picker or drag and drop (POST /api/traces, then attach).

/** traceURL is where a stored run's trace is downloaded from. */
export function traceURL(id) {
	return `/api/runs/${encodeURIComponent(id)}/trace`;
}

/** offlineURL is the address of a run as one offline HTML file, in a language and opening at a step. */
export function offlineURL(id, lang, step) {
	return `/api/runs/${encodeURIComponent(id)}/export?format=html&lang=${encodeURIComponent(lang)}&step=${step}`;
}

/** fileName makes a download's name from its parts, safe for every file system. */
export function fileName(parts, ext) {
	return (
		parts
			.filter((p) => p !== undefined && p !== null && p !== "")
			.join("-")
			.replace(/[^A-Za-z0-9._-]+/g, "_")
			.slice(0, 120) +
		"." +
		ext
	);
}

/**
 * importTrace uploads a trace file and resolves with the stored run's id, or
 * rejects with the server's refusal text.
 */
export async function importTrace(file) {
	const res = await fetch("/api/traces", {method: "POST", body: file, headers: {"Content-Type": "application/json"}});
	let body = null;
	try {
		body = await res.json();
	} catch {
		body = null;
	}
	if (!res.ok || !body || !body.id) {
		throw new Error((body && body.error) || `${res.status} ${res.statusText}`);
	}
	return body.id;
}

// The properties that make the drawing look as it does on screen.
const PROPS = [
	"fill", "fill-opacity", "stroke", "stroke-width", "stroke-dasharray", "stroke-opacity", "stroke-linecap",
	"stroke-linejoin", "opacity", "font-family", "font-size", "font-weight", "text-anchor", "dominant-baseline",
	"paint-order", "visibility", "display", "color",
];

/**
 * svgSnapshot serialises an SVG element with every element's computed style
 * written inline, so that the file looks the same outside the page. Icon
 * <use>s are expanded into plain groups, since a symbol's instance takes its
 * colours from the <use> and cannot be read back.
 */
export function svgSnapshot(svgEl, caption) {
	const clone = svgEl.cloneNode(true);
	const src = [svgEl, ...svgEl.querySelectorAll("*")];
	const dst = [clone, ...clone.querySelectorAll("*")];
	const uses = [];
	const omit = []; // the interface's own marks (a selection ring), not the drawing's
	for (let i = 0; i < src.length; i++) {
		const s = src[i];
		const d = dst[i];
		if (s.closest("symbol")) continue;
		if (s.classList && s.classList.contains("k-overlay")) omit.push(d);
		const cs = getComputedStyle(s);
		let style = "";
		for (const p of PROPS) {
			const v = cs.getPropertyValue(p);
			if (v) style += `${p}:${v};`;
		}
		d.setAttribute("style", style);
		d.removeAttribute("class");
		if (s.tagName === "use") uses.push([s, d, cs]);
	}
	for (const [s, d, cs] of uses) d.replaceWith(expandUse(svgEl, s, cs));
	for (const d of omit) d.remove();
	for (const sym of clone.querySelectorAll("symbol")) sym.remove();
	clone.setAttribute("xmlns", "http://www.w3.org/2000/svg");
	if (caption) {
		const vb = (svgEl.getAttribute("viewBox") || "0 0 600 600").split(/\s+/).map(Number);
		const tx = document.createElementNS("http://www.w3.org/2000/svg", "text");
		tx.setAttribute("x", 10);
		tx.setAttribute("y", vb[3] - 10);
		tx.setAttribute("style", `font-family:${getComputedStyle(svgEl).fontFamily};font-size:13px;fill:${getComputedStyle(svgEl).color}`);
		tx.textContent = caption;
		clone.append(tx);
	}
	return '<?xml version="1.0" encoding="UTF-8"?>\n' + new XMLSerializer().serializeToString(clone);
}

// expandUse draws a <use> of an icon symbol (viewBox -12 -12 24 24) as a group.
function expandUse(svgEl, use, cs) {
	const NS = "http://www.w3.org/2000/svg";
	const id = (use.getAttribute("href") || "").replace(/^#/, "");
	const sym = svgEl.querySelector(`symbol[id="${id}"]`) || document.getElementById(id);
	const g = document.createElementNS(NS, "g");
	const x = Number(use.getAttribute("x") || 0);
	const y = Number(use.getAttribute("y") || 0);
	const w = Number(use.getAttribute("width") || 24);
	const h = Number(use.getAttribute("height") || 24);
	g.setAttribute("transform", `translate(${x + w / 2},${y + h / 2}) scale(${w / 24},${h / 24})`);
	if (cs.getPropertyValue("visibility") === "hidden" || cs.getPropertyValue("display") === "none") g.setAttribute("visibility", "hidden");
	if (!sym) return g;
	const color = cs.getPropertyValue("color");
	const bg = resolveColor(cs.getPropertyValue("--badge-bg").trim()) || "none";
	const ring = cs.getPropertyValue("--badge-stroke").trim();
	const ringColor = !ring || ring === "none" ? "none" : color;
	for (const c of sym.children) {
		const k = c.cloneNode(true);
		const cl = c.getAttribute("class") || "";
		k.removeAttribute("class");
		if (cl.includes("ic-bg")) k.setAttribute("style", `fill:${bg};stroke:${ringColor};stroke-width:1.5`);
		else if (cl.includes("ic-fill")) k.setAttribute("style", `fill:${color};stroke:none`);
		else if (cl.includes("ic-stroke")) k.setAttribute("style", `fill:none;stroke:${color};stroke-width:3.4;stroke-linecap:round;stroke-linejoin:round`);
		else if (cl.includes("ic-line")) k.setAttribute("style", `fill:none;stroke:${color};stroke-width:2.2;stroke-linecap:round`);
		g.append(k);
	}
	return g;
}

/**
 * resolveColor turns a colour as a custom property holds it (a token may be
 * light-dark(…, …), which only a property of colour type resolves) into the
 * colour the page uses now; "" and "none" stay as they are.
 */
export function resolveColor(value) {
	if (!value || value === "none" || value === "transparent") return value;
	const probe = document.createElement("span");
	probe.style.color = value;
	if (!probe.style.color) return value; // not a colour: keep it
	document.body.append(probe);
	const c = getComputedStyle(probe).color;
	probe.remove();
	return c;
}

/** download saves text as a file. */
export function download(textOrBlob, name, type) {
	const blob = textOrBlob instanceof Blob ? textOrBlob : new Blob([textOrBlob], {type});
	const url = URL.createObjectURL(blob);
	const a = document.createElement("a");
	a.href = url;
	a.download = name;
	document.body.append(a);
	a.click();
	a.remove();
	setTimeout(() => URL.revokeObjectURL(url), 10000);
}

/**
 * onFileDrop calls onFile with a file dropped anywhere on the page, showing
 * the overlay while a file is dragged over it.
 */
export function onFileDrop(overlay, onFile) {
	let depth = 0;
	const hasFiles = (ev) => ev.dataTransfer && [...ev.dataTransfer.types].includes("Files");
	document.addEventListener("dragenter", (ev) => {
		if (!hasFiles(ev)) return;
		depth++;
		overlay.hidden = false;
		ev.preventDefault();
	});
	document.addEventListener("dragover", (ev) => {
		if (hasFiles(ev)) ev.preventDefault();
	});
	document.addEventListener("dragleave", () => {
		depth = Math.max(0, depth - 1);
		if (depth === 0) overlay.hidden = true;
	});
	document.addEventListener("drop", (ev) => {
		if (!hasFiles(ev)) return;
		ev.preventDefault();
		depth = 0;
		overlay.hidden = true;
		const f = ev.dataTransfer.files[0];
		if (f) onFile(f);
	});
}
