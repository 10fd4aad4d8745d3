//! Tables are rendered in one place: `reports/src/table/` (the model and one renderer per
//! format). A Markdown table rule (`|---`, `|--:`), an HTML table tag (`<table`, `<thead`,
//! `<tr>`) or a maud `thead`/`tbody` anywhere else in the workspace's Rust sources means a
//! table written by hand again, with its own field list and escaping: build a
//! `urldiff_reports::table::Table` instead. Comments may show tables; code may not.
//!
//! The terminal layout is there too, once: `Table::terminal_with` fits a table to a width
//! (side by side, else in blocks). A `fn vertical`/`fn horizontal`, a padding helper (`fn pad`,
//! `pad_left`, `plain::pad`) or a format width taken from a variable (`{:w$}`, `{:>w$}`)
//! anywhere else means a second fit-or-vertical layout drawn by hand: build a `Table` and pick
//! its `TerminalLayout`.

use regex::Regex;
use std::path::{Path, PathBuf};

/// The one folder allowed to write tables.
const TABLE_RENDERERS: &str = "reports/src/table";

/// The crates whose sources are checked (the fuzz workspace has no reports).
const CRATES: &[&str] = &[
    "parser", "corpus", "oracles", "compare", "triage", "reports", "serve", "campaign", "harness",
];

fn repository() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf()
}

/// Every `.rs` file under `dir`, recursively.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

fn hand_written_table() -> Regex {
    let formats = r"\|---|\|--:|<table|<thead|<tbody|<tr[ >]|\bthead\s*\{|\btbody\s*\{";
    let layout = r"\bfn (vertical|horizontal|pad|pad_left)\b|\bpad_left\(|\bplain::pad\b";
    let computed_width = r"\{[\w.]*:[<>^]?\w+\$\}";
    Regex::new(&format!("{formats}|{layout}|{computed_width}")).unwrap()
}

/// `(file:line, line)` of every code line (not a comment) of `files` that writes a table.
fn offenders(root: &Path, files: &[PathBuf]) -> Vec<String> {
    let pattern = hand_written_table();
    let mut out = Vec::new();
    for file in files {
        let relative = file.strip_prefix(root).unwrap_or(file);
        if relative.starts_with(TABLE_RENDERERS) {
            continue;
        }
        let text = std::fs::read_to_string(file).unwrap();
        for (n, line) in text.lines().enumerate() {
            if line.trim_start().starts_with("//") || !pattern.is_match(line) {
                continue;
            }
            out.push(format!("{}:{}: {}", relative.display(), n + 1, line.trim()));
        }
    }
    out
}

#[test]
fn no_table_is_rendered_outside_the_table_module() {
    let root = repository();
    let mut files = Vec::new();
    for krate in CRATES {
        rust_files(&root.join(krate).join("src"), &mut files);
    }
    files.sort();
    assert!(files.len() > 100, "the sources were not found under {}", root.display());
    let found = offenders(&root, &files);
    assert!(found.is_empty(), "tables or terminal layouts written by hand:\n{}", found.join("\n"));
}

#[test]
fn the_check_finds_each_kind_of_hand_written_table() {
    let dir = tempfile::tempdir().unwrap();
    let lines = [
        r#"out.push_str("|---|---|\n");"#,
        r#"let rule = "|--:|";"#,
        r#"write!(out, "<table><tr><td>{x}</td></tr></table>");"#,
        r#"html! { thead { tr { th { "a" } } } }"#,
        r#"html! { tbody { } }"#,
        r#"fn vertical(grid: &Grid, width: usize) -> String {"#,
        r#"fn pad(s: &str, w: usize) -> String {"#,
        r#"let cell = plain::pad_left(&n.to_string(), 5);"#,
        r#"let _ = write!(out, "{:label_w$}", row.label);"#,
        r#"let _ = write!(out, "  {name:>w$}");"#,
    ];
    let mut files = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let file = dir.path().join(format!("f{i}.rs"));
        std::fs::write(&file, format!("// |---| in a comment is fine\n{line}\n")).unwrap();
        files.push(file);
    }
    let found = offenders(dir.path(), &files);
    assert_eq!(found.len(), lines.len(), "{found:?}");
    assert!(found.iter().all(|f| f.contains(":2: ")), "comments are not flagged: {found:?}");
}

#[test]
fn the_check_leaves_fixed_widths_and_other_pads_alone() {
    let dir = tempfile::tempdir().unwrap();
    let lines = [
        r#"let _ = writeln!(out, "    {:>9}: {}", "reason", why);"#,
        r#"format!("{fence}{pad}{s}{pad}{fence}")"#,
        r#"let padded = padding(&have) >= padding(&fixed);"#,
        r#"fn vertically_aligned() {}"#,
    ];
    let file = dir.path().join("innocent.rs");
    std::fs::write(&file, lines.join("\n")).unwrap();
    let found = offenders(dir.path(), &[file]);
    assert!(found.is_empty(), "{found:?}");
}
