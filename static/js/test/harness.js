// A very small test harness for the pure modules: test(name, fn) registers a
// test; run() executes them all and returns {passed, failed, failures}.

const tests = [];

export function test(name, fn) {
	tests.push({name, fn});
}

export class AssertionError extends Error {}

export function ok(cond, msg = "expected a true value") {
	if (!cond) throw new AssertionError(msg);
}

export function eq(got, want, msg = "") {
	if (!deepEqual(got, want)) {
		throw new AssertionError(`${msg ? msg + ": " : ""}got ${show(got)}, want ${show(want)}`);
	}
}

export function near(got, want, eps = 1e-6, msg = "") {
	if (!(Math.abs(got - want) <= eps)) {
		throw new AssertionError(`${msg ? msg + ": " : ""}got ${got}, want ${want} ± ${eps}`);
	}
}

function show(v) {
	if (v instanceof Set) return "Set" + JSON.stringify([...v].sort((a, b) => a - b));
	try {
		return JSON.stringify(v);
	} catch {
		return String(v);
	}
}

export function deepEqual(a, b) {
	if (Object.is(a, b)) return true;
	if (a instanceof Set && b instanceof Set) return a.size === b.size && [...a].every((x) => b.has(x));
	if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
	if (Array.isArray(a) !== Array.isArray(b)) return false;
	const ka = Object.keys(a);
	const kb = Object.keys(b);
	return ka.length === kb.length && ka.every((k) => deepEqual(a[k], b[k]));
}

export async function run() {
	const failures = [];
	let passed = 0;
	for (const {name, fn} of tests) {
		try {
			await fn();
			passed++;
		} catch (e) {
			failures.push({test: name, error: String(e && e.message ? e.message : e)});
		}
	}
	return {passed, failed: failures.length, failures};
}
