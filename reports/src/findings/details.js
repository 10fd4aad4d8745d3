// Builds a group's details of findings.html when it is first opened, from the JSON block
// #group-details ({oracles: [...], classes: [[id, anchor]], groups: [[fields, classes,
// validation errors, minimized, originals, count, id]]}, group-N being groups[N - 1]; a field
// is [name, grade, severity, [[oracle indices, segments]]], the baseline first). Every string there is already made
// visible by the report; this script only places it as text (textContent), never as markup.
(function () {
  "use strict";
  var block = document.getElementById("group-details");
  if (!block) { return; }
  var data = JSON.parse(block.textContent);
  var marks = { "=": null, "-": "del", "+": "ins", "?": "span" };

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) { e.className = cls; }
    if (text !== undefined) { e.textContent = text; }
    return e;
  }

  function value(segments) {
    var code = el("code", "diff");
    segments.forEach(function (s) {
      var tag = marks[s[0]];
      if (!tag) { code.appendChild(document.createTextNode(s[1])); return; }
      code.appendChild(el(tag, tag === "span" ? "undef" : "", s[1]));
    });
    return code;
  }

  function field(f) {
    var table = el("table", "values");
    var head = table.insertRow().appendChild(el("th", "", ""));
    head.colSpan = 2;
    head.appendChild(el("span", "fname", f[0]));
    head.appendChild(el("span", "grade", f[1]));
    head.appendChild(el("span", "sev sev-" + f[2], f[2]));
    f[3].forEach(function (v, i) {
      var row = table.insertRow();
      var names = v[0].map(function (o) { return data.oracles[o]; }).join(", ");
      row.appendChild(el("td", "who", names));
      row.appendChild(el("td", i === 0 ? "baseline" : "other")).appendChild(value(v[1]));
    });
    return table;
  }

  function build(details, g) {
    var body = el("div", "body");
    g[0].forEach(function (f) { body.appendChild(field(f)); });
    var classes = body.appendChild(el("div", "meta", "classes: "));
    g[1].forEach(function (c, i) {
      if (i > 0) { classes.appendChild(document.createTextNode(", ")); }
      var a = classes.appendChild(el("a", "class-ref", data.classes[c][0]));
      a.href = "#" + data.classes[c][1];
    });
    var errors = g[2].length ? g[2].join(", ") : "none";
    classes.appendChild(document.createTextNode("; validation errors: " + errors));
    body.appendChild(el("div", "meta", g[3]));
    var originals = "first " + g[4].length + " of " + g[5] + ": " + g[4].join("; ");
    body.appendChild(el("div", "meta", originals + "; group " + g[6]));
    details.appendChild(body);
  }

  document.addEventListener("toggle", function (event) {
    var details = event.target;
    if (!details.open || details.dataset.built) { return; }
    var n = parseInt((details.id || "").replace(/^group-/, ""), 10);
    var g = data.groups[n - 1];
    if (!g) { return; }
    details.dataset.built = "true";
    build(details, g);
  }, true);
})();
