// Filters the rows of the divergence table by class, oracle and severity. The filter lives in
// the URL fragment (#class=...&oracle=...&severity=...), so a link restores it; the selects,
// the class links and the clear button only change the fragment.
(function () {
  "use strict";
  var keys = ["class", "oracle", "severity"];
  var selects = {};
  keys.forEach(function (k) { selects[k] = document.getElementById("filter-" + k); });
  var count = document.getElementById("filter-count");
  var rows = Array.prototype.map.call(document.querySelectorAll("tr[data-row]"), function (row) {
    return {
      row: row,
      "class": JSON.parse(row.getAttribute("data-classes")),
      oracle: JSON.parse(row.getAttribute("data-oracles")),
      severity: [row.getAttribute("data-severity")]
    };
  });

  function wanted() {
    var params = new URLSearchParams(location.hash.replace(/^#/, ""));
    var want = {};
    keys.forEach(function (k) { want[k] = params.get(k) || ""; });
    return want;
  }

  function apply() {
    var want = wanted();
    keys.forEach(function (k) { if (selects[k]) { selects[k].value = want[k]; } });
    var shown = 0;
    rows.forEach(function (r) {
      var keep = keys.every(function (k) { return !want[k] || r[k].indexOf(want[k]) >= 0; });
      r.row.hidden = !keep;
      if (keep) { shown += 1; }
    });
    count.textContent = shown + " of " + rows.length + " divergences shown";
  }

  function fromSelects() {
    var params = new URLSearchParams();
    keys.forEach(function (k) { if (selects[k] && selects[k].value) { params.set(k, selects[k].value); } });
    location.hash = params.toString();
  }

  keys.forEach(function (k) { if (selects[k]) { selects[k].addEventListener("change", fromSelects); } });
  document.getElementById("filter-clear").addEventListener("click", function () { location.hash = ""; });
  window.addEventListener("hashchange", function () {
    apply();
    document.getElementById("filters").scrollIntoView();
  });
  apply();
  if (location.hash.length > 1) { document.getElementById("filters").scrollIntoView(); }
  document.body.setAttribute("data-filter-ready", "true");
})();
