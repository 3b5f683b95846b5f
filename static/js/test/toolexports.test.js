import {test, eq} from "./harness.js";
import {exportURL, fileNameOf, TOOL_EXPORTS} from "../app/toolexports.js";
import {has} from "../i18n/i18n.js";

test("tool exports: the URL names the run, the format and the step on the screen", () => {
	eq(exportURL("0a1b", "dot", 12), "/api/runs/0a1b/export?format=dot&step=12");
	eq(exportURL("0a1b", "tikz", 0), "/api/runs/0a1b/export?format=tikz&step=0");
	eq(exportURL("a/b", "shiviz", null), "/api/runs/a%2Fb/export?format=shiviz");
});

test("tool exports: the file is named as the server says", () => {
	eq(fileNameOf('attachment; filename="bully-seed3-step4.dot"', "x"), "bully-seed3-step4.dot");
	eq(fileNameOf("attachment; filename=bully-seed3.tex", "x"), "bully-seed3.tex");
	eq(fileNameOf(null, "run-dot.txt"), "run-dot.txt");
});

test("tool exports: every button has its text and title", () => {
	for (const {key} of TOOL_EXPORTS) {
		eq(has(key) && has(key + "Title"), true, key);
	}
});
