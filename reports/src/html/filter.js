// Filters the rows of a report's table by class, oracle and severity. The filter lives in the
// URL fragment (#class=...&oracle=...&severity=...), so a link restores it; the selects, the
// class links and the clear button only change the fragment. A fragment that names none of
// the filter's keys is an anchor (#class-host-confusion): the browser scrolls to it and the
// filter stays as it was. A page without a filter bar only gets marked ready.
(function () {
  "use strict";
  var keys = ["class", "oracle", "severity"];
  var filters = document.getElementById("filters");
  if (!filters) { document.body.setAttribute("data-filter-ready", "true"); return; }
  var selects = {};
  keys.forEach(function (k) { selects[k] = document.getElementById("filter-" + k); });
  var count = document.getElementById("filter-count");
  var noun = count.getAttribute("data-noun") || "divergences";
  var rows = Array.prototype.map.call(document.querySelectorAll("tr[data-row]"), function (row) {
    return {
      row: row,
      "class": JSON.parse(row.getAttribute("data-classes")),
      oracle: JSON.parse(row.getAttribute("data-oracles")),
      severity: [row.getAttribute("data-severity")]
    };
  });
  var want = { "class": "", oracle: "", severity: "" };
  // The bar is sticky: scrolling to it would not move a page already past it, so a filter
  // scrolls to the top of the bar's section (its heading, the bar, the table's head).
  var section = filters.closest("section") || filters;

  function isFilter(hash) {
    var text = hash.replace(/^#/, "");
    if (!text) { return true; }
    var params = new URLSearchParams(text);
    return keys.some(function (k) { return params.has(k); });
  }

  function read() {
    var params = new URLSearchParams(location.hash.replace(/^#/, ""));
    keys.forEach(function (k) { want[k] = params.get(k) || ""; });
  }

  function apply() {
    keys.forEach(function (k) { if (selects[k]) { selects[k].value = want[k]; } });
    var shown = 0;
    rows.forEach(function (r) {
      var keep = keys.every(function (k) { return !want[k] || r[k].indexOf(want[k]) >= 0; });
      r.row.hidden = !keep;
      if (keep) { shown += 1; }
    });
    count.textContent = shown + " of " + rows.length + " " + noun + " shown";
  }

  function fromSelects() {
    var params = new URLSearchParams();
    keys.forEach(function (k) { if (selects[k] && selects[k].value) { params.set(k, selects[k].value); } });
    location.hash = params.toString();
  }

  keys.forEach(function (k) { if (selects[k]) { selects[k].addEventListener("change", fromSelects); } });
  document.getElementById("filter-clear").addEventListener("click", function () { location.hash = ""; });
  window.addEventListener("hashchange", function () {
    if (!isFilter(location.hash)) { return; }
    read();
    apply();
    section.scrollIntoView();
  });
  if (isFilter(location.hash)) { read(); }
  apply();
  if (location.hash.length > 1 && isFilter(location.hash)) { section.scrollIntoView(); }
  document.body.setAttribute("data-filter-ready", "true");
})();
