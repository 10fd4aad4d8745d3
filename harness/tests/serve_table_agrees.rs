//! The compare table is drawn twice from one model: `urldiff serve`'s page builds it in
//! JavaScript (`serve/src/assets/app.js`, `renderTable`) from the `table` of `POST /api/view`,
//! and the Rust table model draws it (`urldiff_reports::compare_view::table::grid_table`, the
//! table of `urldiff compare`, here rendered as HTML). For several inputs this test takes the
//! model the server sent, draws it both ways in one page of Debian's headless chromium and
//! reads both back from the DOM: the same columns (the same oracles in each), the same rows,
//! the same cells silent or speaking, the same cells highlighted, and the same text in each
//! cell, except where the two show a value's characters differently on purpose (the page
//! places a value between styled quotes as it is; the text table writes `\` and `"` as `\\`
//! and `\"`, and hidden code points as escapes), where the presence and the highlight are
//! still compared. Skipped with one line where chromium is not installed.

mod serve_support;

use serde_json::{json, Value};
use serve_support::*;
use std::collections::BTreeMap;
use std::time::Duration;
use urldiff_browser_test::{self as browser, Chromium, Tab};
use urldiff_compare::Projected;
use urldiff_oracles::{default_oracles, Oracle, RegistryConfig};
use urldiff_reports::compare_view::table::{grid_table, Grid, GridCell, GridRow};

const WAIT: Duration = Duration::from_secs(60);

/// Inputs (and bases) whose tables differ in shape: special and opaque URLs, a failure on one
/// side, an empty query, a backslash the two standards read apart, a relative reference.
const INPUTS: &[(&str, Option<&str>)] = &[
    ("HTTP://EXAMPLE.com:80/a/../b?q#f", None),
    ("http://evil.example\\@good.example/", None),
    ("http://[::1", None),
    ("http://a/?", None),
    ("g;x?y#s", Some("http://a/b/c/d;p?q")),
    ("mailto:someone@example.com", None),
];

/// The oracles that run in every build (no runtime needed), in registry order.
fn in_process_oracles() -> Vec<Box<dyn Oracle>> {
    let wanted = ["reference", "reference-rfc3986", "rfc3986-regex", "rust-url", "ada"];
    let config = RegistryConfig::from_env().expect("registry config");
    default_oracles(&config).into_iter().filter(|o| wanted.contains(&o.name())).collect()
}

/// The model of `POST /api/view`'s `table` as the Rust grid it was made from.
fn grid_of(table: &Value) -> Grid {
    let columns = serde_json::from_value(table["columns"].clone()).expect("columns");
    let cell = |c: &Value| -> Option<GridCell> {
        if c.is_null() {
            return None;
        }
        let value = match c["state"].as_str() {
            Some("defined") => Projected::Defined(c["value"].as_str().unwrap().to_owned()),
            Some("undefined") => Projected::Undefined,
            Some("empty-or-undefined") => Projected::EmptyOrUndefined,
            other => panic!("a cell state: {other:?}"),
        };
        let shown = c["shown"].as_str().unwrap().to_owned();
        Some(GridCell { value, shown, differs: c["differs"].as_bool().unwrap() })
    };
    let rows = table["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| GridRow {
            label: r["label"].as_str().unwrap().to_owned(),
            cells: r["cells"].as_array().unwrap().iter().map(cell).collect(),
        })
        .collect();
    Grid { columns, rows }
}

/// One drawn table read back: each column's oracles, and per row label each column's cell
/// (`null`: silent) as `[text, highlighted]`, columns in the model's order.
#[derive(Debug, PartialEq, serde::Deserialize)]
struct Drawn {
    columns: Vec<Vec<String>>,
    rows: BTreeMap<String, Vec<Option<(String, bool)>>>,
}

/// The page's table (`#compare-table`): columns by their `data-column` (the model's index; the
/// page groups them by standard), every row (the agreeing ones are there, folded).
const READ_PAGE: &str = r#"(() => {
  const t = document.getElementById('compare-table');
  const heads = Array.from(t.querySelectorAll('th.column'));
  const columns = [];
  heads.forEach(th => { columns[Number(th.dataset.column)] =
    Array.from(th.querySelectorAll('.oracle')).map(d => d.textContent); });
  const rows = {};
  t.querySelectorAll('tbody tr[data-field]').forEach(tr => {
    const cells = [];
    tr.querySelectorAll('td[data-column]').forEach(td => {
      cells[Number(td.dataset.column)] = td.classList.contains('silent') ? null
        : [td.textContent, td.classList.contains('differs')];
    });
    rows[tr.dataset.field] = cells;
  });
  return { columns, rows };
})()"#;

/// The Rust-drawn table (`#rust-table`): a column of labels, then the model's columns in order;
/// a title's oracles are its lines (one `<br>` between two).
const READ_RUST: &str = r#"(() => {
  const t = document.querySelector('#rust-table table');
  const split = th => th.innerHTML.split('<br>').map(h => {
    const d = document.createElement('div'); d.innerHTML = h; return d.textContent; });
  const columns = Array.from(t.querySelectorAll('thead th')).slice(1).map(split);
  const rows = {};
  t.querySelectorAll('tbody tr').forEach(tr => {
    const tds = Array.from(tr.querySelectorAll('td'));
    rows[tds[0].textContent] = tds.slice(1).map(td => td.textContent === '' ? null
      : [td.textContent, td.classList.contains('differs')]);
  });
  return { columns, rows };
})()"#;

fn read(tab: &Tab, expression: &str) -> anyhow::Result<Drawn> {
    let value = browser::eval(tab, expression)?;
    assert!(!value.is_null(), "the table was not read: {expression}");
    Ok(serde_json::from_value(value)?)
}

/// Whether the two drawings may show this value's characters differently (see the module
/// documentation).
fn written_apart(value: &str) -> bool {
    value.chars().any(|c| matches!(c, '\\' | '"') || c.is_control() || c.is_whitespace())
}

#[test]
fn the_pages_table_and_the_text_table_agree() -> anyhow::Result<()> {
    let Some(chromium) = Chromium::launch_or_skip("the_pages_table_and_the_text_table_agree")?
    else {
        return Ok(());
    };
    let runs = tempfile::tempdir()?;
    let server = start(config(runs.path()), in_process_oracles());
    let tab = chromium.open(&format!("http://{}/", server.addr))?;
    browser::wait_for(&tab, "document.body.dataset.ready === 'true'", WAIT)?;
    for &(input, base) in INPUTS {
        let model = post(server.addr, "/api/view", &compare_body(input, base)).json();
        let grid = grid_of(&model["table"]);
        // The page draws the model for this input.
        let fragment = match base {
            Some(b) => format!("#input={}&base={}", encode(input), encode(b)),
            None => format!("#input={}", encode(input)),
        };
        browser::eval(&tab, &format!("location.hash = {}", json!(fragment)))?;
        let shown = json!({"input": input, "base": base}).to_string();
        browser::wait_for(
            &tab,
            &format!(
                "document.body.dataset.state === 'ready' && document.body.dataset.shown === {}",
                json!(shown)
            ),
            WAIT,
        )?;
        let page = read(&tab, READ_PAGE)?;
        // The Rust table of the same model, drawn beside it.
        let html = grid_table(&grid).html(None).into_string();
        let place = "(html => { const d = document.getElementById('rust-table') || \
                     document.body.appendChild(document.createElement('div')); \
                     d.id = 'rust-table'; d.innerHTML = html; return true; })";
        assert_eq!(browser::eval(&tab, &format!("{place}({})", json!(html)))?, json!(true));
        let rust = read(&tab, READ_RUST)?;
        let at = format!("{input:?} against {base:?}");
        assert_eq!(page.columns, grid.columns, "{at}: the page's columns");
        assert_eq!(rust.columns, grid.columns, "{at}: the text table's columns");
        assert_eq!(page.rows.len(), grid.rows.len(), "{at}: the page's rows");
        assert_eq!(rust.rows.len(), grid.rows.len(), "{at}: the text table's rows");
        for row in &grid.rows {
            let (p, r) = (&page.rows[&row.label], &rust.rows[&row.label]);
            assert_eq!(p.len(), r.len(), "{at}, {}", row.label);
            for (k, ((p, r), cell)) in p.iter().zip(r).zip(&row.cells).enumerate() {
                let here = format!("{at}, row {} column {k}", row.label);
                assert_eq!(p.is_some(), r.is_some(), "{here}: silent in one only");
                let (Some((p_text, p_differs)), Some((r_text, r_differs))) = (p, r) else {
                    continue;
                };
                assert_eq!(p_differs, r_differs, "{here}: highlighted in one only");
                let value = match &cell.as_ref().unwrap().value {
                    Projected::Defined(v) => v.as_str(),
                    _ => "",
                };
                if !written_apart(value) {
                    assert_eq!(p_text, r_text, "{here}");
                }
            }
        }
    }
    Ok(())
}

/// `encodeURIComponent`: every byte but the unreserved marks percent-encoded.
fn encode(text: &str) -> String {
    let keep = |b: u8| b.is_ascii_alphanumeric() || b"-_.!~*'()".contains(&b);
    text.bytes()
        .map(|b| if keep(b) { (b as char).to_string() } else { format!("%{b:02X}") })
        .collect()
}
