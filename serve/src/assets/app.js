// urldiff serve's viewer. Asks POST /api/view as you type (debounced) and draws what it
// answers: the compare table (fields as rows, oracles grouped by agreement, the groups under
// the standard they claim, differing cells marked, the fields every oracle reads alike folded
// below the ones that differ), the reference's validation errors with links to the standard, the verdict, the
// classes and severity. Every string from the server goes into the page as text (never as
// HTML), with control and invisible code points shown as marked \u{…}. The state lives in the
// URL fragment (#input=…&base=…&escapes=1), so a link restores the view.
"use strict";

const DEBOUNCE_MS = 200;
const $ = (id) => document.getElementById(id);
const fields = { input: $("input"), base: $("base"), escapes: $("escapes") };
let pending = null; // the AbortController of the request in flight
let timer = 0;
let asked = 0; // sequence number of the latest request

// --- escapes ---------------------------------------------------------------------------

// Decode \u{hex}, \t, \n, \r and \\ (other backslashes stay as typed). A surrogate or an
// out-of-range code point becomes U+FFFD, as a USVString conversion would.
function decodeEscapes(text) {
  return text.replace(/\\(u\{([0-9A-Fa-f]{1,6})\}|[tnr\\])/g, (all, what, hex) => {
    if (hex !== undefined) {
      const cp = parseInt(hex, 16);
      const bad = cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff);
      return String.fromCodePoint(bad ? 0xfffd : cp);
    }
    return { t: "\t", n: "\n", r: "\r", "\\": "\\" }[what];
  });
}

// The inverse, for loading a string into the fields in escapes mode.
function encodeEscapes(text) {
  let out = "";
  for (const ch of text) {
    if (ch === "\\") out += "\\\\";
    else if (ch === "\t") out += "\\t";
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (isHidden(ch)) out += "\\u{" + ch.codePointAt(0).toString(16) + "}";
    else out += ch;
  }
  return out;
}

// The code points the reports escape (HIDDEN_RANGES, from /assets/hidden.js: the one
// hostile-text policy, urldiff_reports::hostile): controls, invisible and format characters,
// spaces but U+0020, private-use, unassigned and newly assigned code points, U+FFFD.
function isHidden(ch) {
  const cp = ch.codePointAt(0);
  let lo = 0, hi = HIDDEN_RANGES.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const [first, last] = HIDDEN_RANGES[mid];
    if (cp < first) hi = mid - 1;
    else if (cp > last) lo = mid + 1;
    else return true;
  }
  return false;
}

// Text as DOM nodes, hidden code points as marked \u{…}.
function textNodes(parent, text) {
  let run = "";
  const chars = [...text];
  // Spaces at either end are escaped too (the policy's edge spaces: a renderer trims them).
  const lead = chars.findIndex((c) => c !== " ");
  const start = lead < 0 ? chars.length : lead;
  let end = chars.length;
  while (end > start && chars[end - 1] === " ") end--;
  for (const [i, ch] of chars.entries()) {
    if (isHidden(ch) || i < start || i >= end) {
      if (run) parent.appendChild(document.createTextNode(run));
      run = "";
      const mark = el("span", "ctl", "\\u{" + ch.codePointAt(0).toString(16) + "}");
      parent.appendChild(mark);
    } else {
      run += ch;
    }
  }
  if (run) parent.appendChild(document.createTextNode(run));
  return parent;
}

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

// --- state in the fragment ---------------------------------------------------------------

function fragmentOf(state) {
  const parts = ["input=" + encodeURIComponent(state.input)];
  if (state.base !== "") parts.push("base=" + encodeURIComponent(state.base));
  if (state.escapes) parts.push("escapes=1");
  return "#" + parts.join("&");
}

function readFragment() {
  const state = { input: "", base: "", escapes: false };
  const hash = location.hash.replace(/^#/, "");
  if (!hash) return null;
  for (const part of hash.split("&")) {
    const eq = part.indexOf("=");
    const key = eq < 0 ? part : part.slice(0, eq);
    let value = "";
    try {
      value = decodeURIComponent(eq < 0 ? "" : part.slice(eq + 1));
    } catch (e) {
      continue;
    }
    if (key === "input") state.input = value;
    else if (key === "base") state.base = value;
    else if (key === "escapes") state.escapes = value === "1";
  }
  return state;
}

function fieldState() {
  return { input: fields.input.value, base: fields.base.value, escapes: fields.escapes.checked };
}

// What the API gets: the fields, decoded in escapes mode; an empty base is no base.
function requestOf(state) {
  const decode = state.escapes ? decodeEscapes : (s) => s;
  return { input: decode(state.input), base: state.base === "" ? null : decode(state.base) };
}

// --- asking -----------------------------------------------------------------------------

function status(text, cls) {
  const node = $("status");
  node.textContent = text;
  node.className = cls || "";
}

function schedule() {
  clearTimeout(timer);
  timer = setTimeout(ask, DEBOUNCE_MS);
  showDecoded();
}

function showDecoded() {
  const state = fieldState();
  const node = $("decoded");
  node.replaceChildren();
  if (!state.escapes) {
    node.hidden = true;
    return;
  }
  const request = requestOf(state);
  node.appendChild(document.createTextNode("decoded input: "));
  node.appendChild(textNodes(el("code", "input"), request.input));
  if (request.base !== null) {
    node.appendChild(document.createTextNode(" base: "));
    node.appendChild(textNodes(el("code", "base"), request.base));
  }
  node.hidden = false;
}

async function ask() {
  const state = fieldState();
  const share = fragmentOf(state);
  $("share").href = share;
  if (location.hash !== share) history.replaceState(null, "", share);
  if (state.input === "") {
    $("result").hidden = true;
    document.body.dataset.state = "empty";
    status("type a URL");
    return;
  }
  const request = requestOf(state);
  if (pending) pending.abort();
  pending = new AbortController();
  const mine = ++asked;
  document.body.dataset.state = "asking";
  status("asking every oracle…");
  const started = performance.now();
  try {
    const response = await fetch("/api/view", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(request),
      signal: pending.signal,
    });
    const answer = await response.json();
    if (mine !== asked) return;
    if (!response.ok) {
      document.body.dataset.state = "error";
      status(answer.error || response.statusText, "error");
      return;
    }
    render(answer);
    // What the view shows, for whoever checks the page (the browser test).
    document.body.dataset.shown = JSON.stringify(request);
    const ms = Math.round(performance.now() - started);
    status(`${answer.compare.answers.length} oracles answered in ${ms} ms`);
    document.body.dataset.state = "ready";
  } catch (e) {
    if (e.name === "AbortError") return;
    if (mine === asked) {
      document.body.dataset.state = "error";
      status("the server did not answer: " + e.message, "error");
    }
  }
}

// --- drawing ----------------------------------------------------------------------------

const WORD_ROWS = ["outcome", "validation-errors", "valid-url-string"];

function cellNode(row, cell) {
  const td = el("td");
  if (!cell) {
    td.className = "silent";
    return td;
  }
  if (cell.differs) {
    td.classList.add("differs");
    td.dataset.differs = "true";
  }
  if (cell.state === "undefined") {
    td.appendChild(el("span", "undef", "undefined"));
  } else if (cell.state === "empty-or-undefined") {
    td.appendChild(el("span", "either", "\"\"|undef"));
    td.title = "empty or undefined: a WHATWG getter (or urlsplit) cannot tell them apart";
  } else if (WORD_ROWS.includes(row.label)) {
    td.appendChild(textNodes(el("span", "word"), cell.shown));
  } else if (cell.value === "") {
    td.appendChild(el("span", "empty", "\"\""));
    td.title = "defined and empty";
  } else {
    const code = el("code", "value");
    code.appendChild(el("span", "quote", "\""));
    textNodes(code, cell.value);
    code.appendChild(el("span", "quote", "\""));
    td.appendChild(code);
  }
  return td;
}

// Columns grouped by the standard their oracles claim, in this order.
const STANDARD_ORDER = ["whatwg", "rfc3986", "rfc2396", "none", "mixed"];
const STANDARD_TITLES = {
  whatwg: "WHATWG URL Standard",
  rfc3986: "RFC 3986",
  rfc2396: "RFC 2396",
  none: "no standard",
  mixed: "several standards",
};

// The columns' indices, grouped by standard (stable within a group).
function columnOrder(table) {
  const rank = (i) => {
    const r = STANDARD_ORDER.indexOf((table.standards || [])[i]);
    return r < 0 ? STANDARD_ORDER.length : r;
  };
  return table.columns.map((_, i) => i).sort((a, b) => rank(a) - rank(b) || a - b);
}

// Whether every column that speaks about the row shows the same.
function rowAgrees(row) {
  return row.cells.every((cell) => !cell || !cell.differs);
}

let showAgreeing = false;

function headRows(table, order) {
  const groups = el("tr", "standards");
  groups.appendChild(el("th", "corner"));
  let run = null;
  for (const i of order) {
    const standard = (table.standards || [])[i] || "none";
    if (run && run.dataset.standard === standard) {
      run.colSpan += 1;
      continue;
    }
    run = el("th", "standard", STANDARD_TITLES[standard] || standard);
    run.dataset.standard = standard;
    run.colSpan = 1;
    groups.appendChild(run);
  }
  const tr = el("tr");
  tr.appendChild(el("th", "corner", "field"));
  for (const i of order) {
    const th = el("th", "column");
    th.dataset.column = String(i);
    th.dataset.oracles = JSON.stringify(table.columns[i]);
    table.columns[i].forEach((name) => th.appendChild(el("div", "oracle", name)));
    tr.appendChild(th);
  }
  const head = el("thead");
  head.append(groups, tr);
  return head;
}

function bodyRow(row, order) {
  const tr = el("tr");
  tr.dataset.field = row.label;
  tr.appendChild(el("th", "field", row.label));
  for (const i of order) {
    const td = cellNode(row, row.cells[i]);
    td.dataset.column = String(i);
    tr.appendChild(td);
  }
  return tr;
}

// The fields the oracles read differently first; the ones every oracle agrees on after,
// folded behind a toggle, so that with many oracles what differs is what shows.
function renderTable(table) {
  const node = $("compare-table");
  node.replaceChildren();
  const order = columnOrder(table);
  node.appendChild(headRows(table, order));
  const body = el("tbody");
  const differing = table.rows.filter((row) => !rowAgrees(row));
  const agreeing = table.rows.filter(rowAgrees);
  differing.forEach((row) => body.appendChild(bodyRow(row, order)));
  if (agreeing.length > 0) {
    const toggle = el("tr", "agree-toggle");
    const cell = el("td");
    cell.colSpan = order.length + 1;
    const button = el("button", "toggle-agreeing",
      (showAgreeing ? "hide the " : "show the ") + agreeing.length +
      " fields every oracle reads alike");
    button.type = "button";
    button.addEventListener("click", () => {
      showAgreeing = !showAgreeing;
      renderTable(table);
    });
    cell.appendChild(button);
    toggle.appendChild(cell);
    body.appendChild(toggle);
    for (const row of agreeing) {
      const tr = bodyRow(row, order);
      tr.classList.add("agreeing");
      tr.hidden = !showAgreeing;
      body.appendChild(tr);
    }
  }
  node.appendChild(body);
}

function renderVerdict(view) {
  const node = $("verdict");
  node.replaceChildren();
  if (view.base_failure) {
    const p = el("p", "note", "The base does not parse (WHATWG): ");
    p.appendChild(textNodes(el("span"), view.base_failure));
    node.appendChild(p);
  }
  const p = el("p", "verdict-line");
  if (view.severity) {
    p.appendChild(el("span", "sev sev-" + view.severity, view.severity));
    p.appendChild(document.createTextNode(" "));
    const classes = el("span", "classes");
    view.classes.forEach((c, i) => {
      if (i) classes.appendChild(document.createTextNode(", "));
      const span = el("span", "class-id", c.id);
      if (c.explanation) span.title = c.explanation;
      classes.appendChild(span);
    });
    p.appendChild(classes);
  } else {
    p.appendChild(el("span", "agree", "every oracle agrees on every shared field"));
  }
  node.appendChild(p);
}

function renderReference(view) {
  const node = $("reference");
  node.replaceChildren();
  const ref = view.reference;
  if (!ref) return;
  const errors = el("p", "ref-errors");
  errors.appendChild(el("strong", null, "reference validation errors: "));
  if (ref.errors.length === 0) errors.appendChild(el("span", "none", "none"));
  ref.errors.forEach((e, i) => {
    if (i) errors.appendChild(document.createTextNode(", "));
    const link = el(e.href ? "a" : "span", "error-name", e.name);
    if (e.href) {
      link.href = e.href;
      link.rel = "noopener noreferrer";
      link.target = "_blank";
      link.title = "this error in the URL Standard's validation-error table";
    }
    errors.appendChild(link);
    if (e.position !== null) errors.appendChild(document.createTextNode(" at " + e.position));
  });
  node.appendChild(errors);
  if (ref.valid_url_string !== null) {
    const valid = el("p", "ref-valid");
    valid.appendChild(el("strong", null, "valid URL string (reference): "));
    valid.appendChild(textNodes(el("span", "verdict-text"), ref.valid_url_string));
    node.appendChild(valid);
  }
}

function line(parent, label, text) {
  const p = el("p", "note-line");
  p.appendChild(el("strong", null, label));
  p.appendChild(textNodes(el("span"), text));
  parent.appendChild(p);
}

function renderNotes(view) {
  const node = $("notes");
  node.replaceChildren();
  view.notes.forEach((n) => line(node, "", n));
  if (view.no_opinion.length) line(node, "no opinion: ", view.no_opinion.join(", "));
  view.unavailable.forEach((u) => line(node, "unavailable here: ", u.name + ": " + u.reason));
  line(node, "summary: ", view.summary);
  line(node, "signature " + view.signature.id + ": ", view.signature.line);
}

function render(view) {
  renderVerdict(view);
  renderTable(view.table);
  renderReference(view);
  renderNotes(view);
  $("result").hidden = false;
}

// --- minimizing -------------------------------------------------------------------------

let minimized = null;

async function minimize() {
  const request = requestOf(fieldState());
  if (request.input === "") return;
  const button = $("minimize");
  button.disabled = true;
  status("minimizing (bounded by the server's budget)…");
  document.body.dataset.minimize = "running";
  try {
    const response = await fetch("/api/minimize", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(request),
    });
    const answer = await response.json();
    const proven = response.headers.get("x-urldiff-one-minimal") === "true";
    showMinimized(response.ok ? answer : null, answer.error, proven);
    status(response.ok ? `minimized in ${answer.seconds.toFixed(2)} s` : answer.error,
      response.ok ? "" : "error");
  } catch (e) {
    status("the server did not answer: " + e.message, "error");
  } finally {
    button.disabled = false;
    document.body.dataset.minimize = "done";
  }
}

function showMinimized(result, error, proven) {
  const body = $("minimized-body");
  body.replaceChildren();
  minimized = result;
  $("load-minimized").hidden = !result;
  $("minimized").hidden = false;
  if (!result) {
    body.appendChild(textNodes(el("p", "note"), error || "no result"));
    return;
  }
  const p = el("p");
  p.appendChild(el("strong", null, "minimized: "));
  p.appendChild(textNodes(el("code", "input minimized-input"), result.minimized));
  if (result.minimized_base !== null) {
    p.appendChild(document.createTextNode(" against "));
    p.appendChild(textNodes(el("code", "base"), result.minimized_base));
  }
  body.appendChild(p);
  const facts = `${result.original.length} → ${result.minimized.length} UTF-16 units, ` +
    `${result.oracle_calls} oracle calls, ${result.seconds.toFixed(3)} s, ` +
    (proven ? "1-minimal" : "not proven 1-minimal (the budget ran out)");
  body.appendChild(el("p", "note", facts));
  line(body, "signature: ", result.signature);
}

function loadMinimized() {
  if (!minimized) return;
  const needsEscapes = fields.escapes.checked ||
    [...minimized.minimized + (minimized.minimized_base || "")].some(isHidden);
  const put = needsEscapes ? encodeEscapes : (s) => s;
  fields.escapes.checked = needsEscapes;
  fields.input.value = put(minimized.minimized);
  fields.base.value = minimized.minimized_base === null ? "" : put(minimized.minimized_base);
  ask();
}

// --- wiring -----------------------------------------------------------------------------

function restore() {
  const state = readFragment();
  if (!state) return false;
  fields.input.value = state.input;
  fields.base.value = state.base;
  fields.escapes.checked = state.escapes;
  showDecoded();
  ask();
  return true;
}

fields.input.addEventListener("input", schedule);
fields.base.addEventListener("input", schedule);
fields.escapes.addEventListener("change", schedule);
$("form").addEventListener("submit", (e) => {
  e.preventDefault();
  clearTimeout(timer);
  ask();
});
$("minimize").addEventListener("click", minimize);
$("load-minimized").addEventListener("click", loadMinimized);
window.addEventListener("hashchange", () => {
  const state = readFragment();
  const now = fieldState();
  if (state && fragmentOf(state) !== fragmentOf(now)) restore();
});
if (!restore()) {
  document.body.dataset.state = "empty";
  status("type a URL");
}
document.body.dataset.ready = "true";
