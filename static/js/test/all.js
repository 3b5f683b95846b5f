// Imports every test file; test.html and any other runner call run().
import "./layout.test.js";
import "./events.test.js";
import "./causality.test.js";
import "./i18n.test.js";
import "./params.test.js";
import "./tr.test.js";
import "./tree.test.js";
import "./treemodel.test.js";
import "./gridlayout.test.js";
import "./grouplayout.test.js";
import "./barriers.test.js";
import "./grid.test.js";
import "./values.test.js";
import "./expdata.test.js";
import "./vocab.test.js";
import "./model.test.js";
import "./views.test.js";
import "./clocks.test.js";
import "./labels.test.js";
import "./graph.test.js";
import "./keys.test.js";
import "./spans.test.js";
import "./toolexports.test.js";
import "./offline.test.js";
import "./names.test.js";
import "./flights.test.js";

export {run} from "./harness.js";
