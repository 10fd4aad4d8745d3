// Filters the rows of a report by class, oracle and severity, and pages them. The rows' values
// come from the JSON block #filter-data ({classes: [...], oracles: [...], rows: [[id, [class
// index...], [oracle index...], severity]], page_size}), never from attributes. The filter lives in the URL fragment
// (#class=...&oracle=...&severity=...&page=N), so a link restores it; the selects, the class
// links, the pager and the clear button only change the fragment. A fragment that names none
// of the filter's keys is an anchor (#group-12): the page holding it is shown, a collapsed
// group there is opened, and the browser scrolls to it. A page without a filter bar only gets
// marked ready.
(function () {
  "use strict";
  var keys = ["class", "oracle", "severity"];
  var filters = document.getElementById("filters");
  var block = document.getElementById("filter-data");
  if (!filters || !block) { document.body.setAttribute("data-filter-ready", "true"); return; }
  var data = JSON.parse(block.textContent);
  var selects = {};
  keys.forEach(function (k) { selects[k] = document.getElementById("filter-" + k); });
  var count = document.getElementById("filter-count");
  var noun = count.getAttribute("data-noun") || "rows";
  var pageSize = data.page_size || 0;
  var status = document.getElementById("page-status");
  var rows = data.rows.map(function (r) {
    return {
      id: r[0],
      row: document.getElementById(r[0]),
      "class": r[1].map(function (i) { return data.classes[i]; }),
      oracle: r[2].map(function (i) { return data.oracles[i]; }),
      severity: [r[3]]
    };
  }).filter(function (r) { return r.row; });
  var want = { "class": "", oracle: "", severity: "" };
  var page = 1;
  var pages = 1;
  // The bar is sticky: scrolling to it would not move a page already past it, so a filter
  // scrolls to the top of the bar's section (its heading, the bar, the table's head).
  var section = filters.closest("section") || filters;

  function isFilter(hash) {
    var text = hash.replace(/^#/, "");
    if (!text) { return true; }
    var params = new URLSearchParams(text);
    return keys.concat(["page"]).some(function (k) { return params.has(k); });
  }

  function read() {
    var params = new URLSearchParams(location.hash.replace(/^#/, ""));
    keys.forEach(function (k) { want[k] = params.get(k) || ""; });
    page = parseInt(params.get("page") || "1", 10) || 1;
  }

  function kept(r) {
    return keys.every(function (k) { return !want[k] || r[k].indexOf(want[k]) >= 0; });
  }

  function apply() {
    keys.forEach(function (k) { if (selects[k]) { selects[k].value = want[k]; } });
    var matching = rows.filter(kept);
    pages = pageSize ? Math.max(1, Math.ceil(matching.length / pageSize)) : 1;
    page = Math.min(Math.max(page, 1), pages);
    var from = pageSize ? (page - 1) * pageSize : 0;
    var to = pageSize ? from + pageSize : matching.length;
    var shown = {};
    matching.slice(from, to).forEach(function (r) { shown[r.id] = true; });
    rows.forEach(function (r) { r.row.hidden = !shown[r.id]; });
    count.textContent = matching.length + " of " + rows.length + " " + noun + " shown";
    if (status) { status.textContent = "page " + page + " of " + pages; }
  }

  function toHash(p) {
    var params = new URLSearchParams();
    keys.forEach(function (k) { if (selects[k] && selects[k].value) { params.set(k, selects[k].value); } });
    if (p > 1) { params.set("page", String(p)); }
    location.hash = params.toString();
  }

  // An anchor inside a row: show the row's page and open it.
  function reveal(hash) {
    var target = document.getElementById(decodeURIComponent(hash.replace(/^#/, "")));
    if (!target) { return; }
    var row = target.closest("[data-row]");
    var index = rows.filter(kept).findIndex(function (r) { return r.row === row; });
    if (index < 0) { return; }
    if (pageSize) { page = Math.floor(index / pageSize) + 1; apply(); }
    if (row.tagName === "DETAILS") { row.open = true; }
    target.scrollIntoView();
  }

  keys.forEach(function (k) { if (selects[k]) { selects[k].addEventListener("change", function () { toHash(1); }); } });
  document.getElementById("filter-clear").addEventListener("click", function () { location.hash = ""; });
  if (status) {
    document.getElementById("page-prev").addEventListener("click", function () { toHash(Math.max(1, page - 1)); });
    document.getElementById("page-next").addEventListener("click", function () { toHash(Math.min(pages, page + 1)); });
  }
  window.addEventListener("hashchange", function () {
    if (!isFilter(location.hash)) { reveal(location.hash); return; }
    read();
    apply();
    section.scrollIntoView();
  });
  if (isFilter(location.hash)) { read(); }
  apply();
  if (location.hash.length > 1) {
    if (isFilter(location.hash)) { section.scrollIntoView(); } else { reveal(location.hash); }
  }
  document.body.setAttribute("data-filter-ready", "true");
})();
