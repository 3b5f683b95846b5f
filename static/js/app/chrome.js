// The page around the views: the set-up panel's toggle, the light and dark
// themes, presenter mode (full screen, forms hidden) and notices; what the
// browser remembers between visits is store.js's.

import {t} from "../i18n/i18n.js";
import {ownsKeys} from "./keys.js";
import {store} from "./store.js";

// the type-size control's steps, and presenter mode's magnification on top
const SCALES = [0.85, 1, 1.15, 1.3, 1.5, 1.75];
const PRESENTER_SCALE = 1.5;

/**
 * createChrome wires the top bar's buttons. onLayout is called when the
 * views' room changes; isMenuOpen keeps Escape for an open menu.
 */
export function createChrome({onLayout, isMenuOpen, onPresenter}) {
	const $ = (id) => document.getElementById(id);
	const root = document.documentElement;
	const app = $("app");

	function setSetup(open) {
		app.classList.toggle("setup-hidden", !open);
		$("setup-toggle").setAttribute("aria-expanded", String(open));
		requestAnimationFrame(onLayout);
	}
	$("setup-toggle").addEventListener("click", () => setSetup(app.classList.contains("setup-hidden")));

	// theme: the system's unless the toggle chose one (remembered)
	function applyTheme(theme) {
		if (theme) root.dataset.theme = theme;
		const dark = root.dataset.theme ? root.dataset.theme === "dark" : matchMedia("(prefers-color-scheme: dark)").matches;
		const b = $("theme");
		b.querySelector(".theme-text").textContent = dark ? t("theme.light") : t("theme.dark");
		b.setAttribute("aria-pressed", String(dark));
		b.dataset.theme = dark ? "dark" : "light";
	}
	$("theme").addEventListener("click", () => {
		const next = $("theme").dataset.theme === "dark" ? "light" : "dark";
		store.set("theme", next);
		applyTheme(next);
	});
	matchMedia("(prefers-color-scheme: dark)").addEventListener("change", () => applyTheme());

	const presenting = () => root.classList.contains("presenter");
	function presenterText() {
		$("presenter").querySelector(".presenter-text").textContent = presenting() ? t("presenter.off") : t("presenter.on");
		$("presenter").setAttribute("aria-pressed", String(presenting()));
	}
	function setPresenter(on) {
		root.classList.toggle("presenter", on);
		onPresenter && onPresenter(on);
		presenterText();
		applyScale();
		if (on && root.requestFullscreen && !document.fullscreenElement) {
			root.requestFullscreen().catch(() => {});
		} else if (!on && document.fullscreenElement) {
			document.exitFullscreen().catch(() => {});
		}
		requestAnimationFrame(onLayout);
	}
	$("presenter").addEventListener("click", () => setPresenter(!presenting()));
	document.addEventListener("fullscreenchange", () => {
		if (!document.fullscreenElement && presenting()) setPresenter(false);
	});
	document.addEventListener("keydown", (ev) => {
		if (ownsKeys(ev.target, ev.key, null) || ev.ctrlKey || ev.metaKey || ev.altKey) return;
		if (ev.key === "p" || ev.key === "P") setPresenter(!presenting());
		else if (ev.key === "Escape" && !isMenuOpen() && presenting()) setPresenter(false);
	});

	// the views' type size: the lecturer's choice (remembered), times more
	// in presenter mode, so that the back row reads 18 px or more at 1024×768
	let userScale = SCALES.includes(Number(store.get("viewScale"))) ? Number(store.get("viewScale")) : 1;
	function applyScale() {
		const s = (presenting() ? PRESENTER_SCALE : 1) * userScale;
		root.style.setProperty("--view-scale", String(Math.round(s * 1000) / 1000));
		$("scale-smaller").disabled = userScale === SCALES[0];
		$("scale-larger").disabled = userScale === SCALES.at(-1);
		requestAnimationFrame(onLayout);
	}
	function stepScale(d) {
		const i = SCALES.indexOf(userScale) + d;
		if (i < 0 || i >= SCALES.length) return;
		userScale = SCALES[i];
		store.set("viewScale", String(userScale));
		applyScale();
	}
	const scaleBox = document.createElement("span");
	scaleBox.className = "scale-ctl";
	scaleBox.innerHTML =
		'<button type="button" id="scale-smaller" class="tool" data-testid="scale-smaller" data-i18n-title="scale.smaller" data-i18n-aria="scale.smaller">A−</button>' +
		'<button type="button" id="scale-larger" class="tool" data-testid="scale-larger" data-i18n-title="scale.larger" data-i18n-aria="scale.larger">A+</button>';
	$("presenter").before(scaleBox);
	for (const b of scaleBox.children) b.title = t(b.dataset.i18nTitle);
	$("scale-smaller").addEventListener("click", () => stepScale(-1));
	$("scale-larger").addEventListener("click", () => stepScale(1));
	applyScale();

	// the wheel over the stage scrolls only what scrolls there (the
	// narration, the panel), never the page away from the lecture
	$("stage").addEventListener("wheel", (ev) => {
		for (let e = ev.target; e && e.id !== "stage"; e = e.parentElement) {
			const oy = getComputedStyle(e).overflowY;
			if ((oy === "auto" || oy === "scroll") && e.scrollHeight > e.clientHeight) return;
		}
		ev.preventDefault();
	}, {passive: false});

	let toastTimer = null;
	/** toast shows a notice for 8 s, or until clicked when it must stay (a refusal with nothing else on screen). */
	function toast(msg, stay = false) {
		const b = $("toast");
		b.textContent = msg;
		b.hidden = false;
		clearTimeout(toastTimer);
		if (!stay) toastTimer = setTimeout(() => (b.hidden = true), 8000);
	}
	$("toast").addEventListener("click", () => ($("toast").hidden = true));

	/** relabel re-translates the buttons whose text depends on a state. */
	function relabel() {
		applyTheme();
		presenterText();
	}

	// the window is too narrow for the set-up panel beside a run; asked of a
	// media query, since window.innerWidth lays the page out first (at the
	// app's start: the whole page, before the panel goes)
	const narrow = () => matchMedia("(max-width: 1279.98px)").matches;

	applyTheme(store.get("theme") || "");
	return {setSetup, toast, relabel, setPresenter, presenting, narrow};
}
