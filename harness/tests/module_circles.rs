//! No crate's modules form a circle (issue 33): inside every folder of every crate's `src/`,
//! the folder's children (a file module, or a subfolder as one node) import each other one
//! way. An import is a `crate::…` or `super::…` path in code (comments are left out, and so
//! is a trailing `#[cfg(test)] mod tests`); it is an edge from the child holding it to the
//! child it names. The folder's own `lib.rs`/`main.rs`/`mod.rs` is the folder, not one of its
//! children: it declares them, and children reading what it defines (`super::x`) is no
//! circle. A failure prints each circle with the file and line of every import in it.
//!
//! In `reports`, the bottom layer (the table model, the hostile-text policy, the page shell,
//! plain text) imports no report module, so a report can be read, moved or deleted alone.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Every crate of the workspace with a `src/` (the fuzz workspace included).
const CRATES: &[&str] = &[
    "parser",
    "corpus",
    "oracles",
    "compare",
    "triage",
    "conform",
    "reports",
    "serve",
    "campaign",
    "harness",
    "browser-test",
    "fuzz",
];

/// `reports`' bottom layer: the top-level modules every report builds on.
const REPORTS_BOTTOM: &[&str] =
    &["table", "hostile", "page", "plain", "markdown_text", "html_text"];

/// One import: where it is written and the module path it names (from the crate root).
#[derive(Debug, Clone)]
struct Import {
    file: PathBuf,
    line: usize,
    target: Vec<String>,
}

/// A crate's modules: each source file's module path, and the imports written in it.
#[derive(Debug, Default)]
struct Modules {
    /// Every module path (a file, or a folder).
    modules: BTreeSet<Vec<String>>,
    /// Module path of the file → its imports.
    imports: Vec<(Vec<String>, Import)>,
}

/// The module path of a source file under `src`: `table/mod.rs` and `table.rs` are `[table]`,
/// `lib.rs` and `main.rs` are `[]`.
fn module_path(src: &Path, file: &Path) -> Vec<String> {
    let relative = file.strip_prefix(src).unwrap();
    let mut parts: Vec<String> =
        relative.iter().map(|p| p.to_string_lossy().into_owned()).collect();
    let last = parts.pop().unwrap();
    let stem = last.trim_end_matches(".rs");
    let at_folder = matches!(stem, "mod") || (parts.is_empty() && matches!(stem, "lib" | "main"));
    if !at_folder {
        parts.push(stem.to_owned());
    }
    parts
}

fn rust_files(dir: &Path, found: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.push(path);
        }
    }
}

/// The code of a source file: comment lines dropped, and everything from a `#[cfg(test)]`
/// followed by an inline `mod tests {` on (test modules read their parent, which is no
/// circle; `mod tests;` declares a file, which is read as one of the folder's children).
fn code_lines(text: &str) -> Vec<(usize, &str)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut code = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("#[cfg(test)]")
            && lines[i + 1..]
                .iter()
                .map(|l| l.trim_start())
                .find(|l| !l.is_empty())
                .is_some_and(|l| l.starts_with("mod tests {"))
        {
            break;
        }
        if trimmed.starts_with("//") {
            continue;
        }
        let without_comment = match line.find("// ") {
            Some(at) if !line[..at].contains('"') => &line[..at],
            _ => line,
        };
        code.push((i + 1, without_comment));
    }
    code
}

fn is_ident(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// The paths a `use` tree or path expression names after its first segment: `a::b`,
/// `{a::b, c::{d, e}}`, `a::{self, b}`. Stops at the first character that ends a path.
fn paths_after(text: &str) -> Vec<Vec<String>> {
    let (paths, _) = parse_tree(text);
    paths
}

/// Parses one path or brace group at the start of `text`; returns the paths and the bytes read.
fn parse_tree(text: &str) -> (Vec<Vec<String>>, usize) {
    let mut prefix = Vec::new();
    let mut at = 0;
    loop {
        let rest = &text[at..];
        if let Some(group) = rest.strip_prefix('{') {
            let mut paths = Vec::new();
            let mut read = 1;
            let mut inner = group;
            loop {
                let skipped = inner.len() - inner.trim_start_matches([' ', '\n', ',']).len();
                inner = &inner[skipped..];
                read += skipped;
                if inner.is_empty() || inner.starts_with('}') {
                    read += usize::from(!inner.is_empty());
                    break;
                }
                let (sub, used) = parse_tree(inner);
                if used == 0 {
                    break;
                }
                for s in sub {
                    paths.push(prefix.iter().cloned().chain(s).collect());
                }
                inner = &inner[used..];
                read += used;
            }
            if paths.is_empty() {
                paths.push(prefix);
            }
            return (paths, at + read);
        }
        let len = rest.find(|c: char| !is_ident(c)).unwrap_or(rest.len());
        if len == 0 {
            return (vec![prefix], at);
        }
        let segment = &rest[..len];
        if segment != "self" {
            prefix.push(segment.to_owned());
        }
        at += len;
        match text[at..].strip_prefix("::") {
            Some(_) => at += 2,
            None => return (vec![prefix], at),
        }
    }
}

/// The imports of one file whose module path is `here`.
fn imports_of(file: &Path, text: &str, here: &[String]) -> Vec<Import> {
    let mut found = Vec::new();
    // `use` trees span lines: join the code and keep each byte's line.
    let code = code_lines(text);
    let mut joined = String::new();
    let mut line_at = Vec::new();
    for (line, text) in code {
        joined.push_str(text);
        joined.push('\n');
        line_at.extend(std::iter::repeat_n(line, text.len() + 1));
    }
    for start in ["crate::", "super::"] {
        for (at, _) in joined.match_indices(start) {
            if at > 0 && is_ident(joined[..at].chars().next_back().unwrap()) {
                continue;
            }
            let mut base: Vec<String> = Vec::new();
            let mut rest = &joined[at..];
            if start == "super::" {
                // `super` is the module above this file's (`table/html.rs` → `table`,
                // `table/mod.rs` → the crate root); each further `super` one more.
                let supers = count_leading_supers(rest);
                rest = &rest[supers * "super::".len()..];
                base = here[..here.len().saturating_sub(supers)].to_vec();
            } else {
                rest = &rest["crate::".len()..];
            }
            for path in paths_after(rest) {
                let target: Vec<String> = base.iter().cloned().chain(path).collect();
                found.push(Import { file: file.to_owned(), line: line_at[at], target });
            }
        }
    }
    found
}

fn count_leading_supers(mut text: &str) -> usize {
    let mut n = 0;
    while let Some(rest) = text.strip_prefix("super::") {
        n += 1;
        text = rest;
    }
    n
}

fn read_crate(src: &Path) -> Modules {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    files.sort();
    let mut modules = Modules::default();
    for file in &files {
        let here = module_path(src, file);
        let text = std::fs::read_to_string(file).unwrap();
        for import in imports_of(file, &text, &here) {
            modules.imports.push((here.clone(), import));
        }
        // Every prefix of a module path is a module (a folder).
        for end in 1..=here.len() {
            modules.modules.insert(here[..end].to_vec());
        }
    }
    modules
}

/// An edge between two children of one folder, with the imports that make it.
type Edges = BTreeMap<(String, String), Vec<Import>>;

/// For each folder (module path), the edges between its children.
fn edges_by_folder(modules: &Modules) -> BTreeMap<Vec<String>, Edges> {
    let mut by_folder: BTreeMap<Vec<String>, Edges> = BTreeMap::new();
    for (from, import) in &modules.imports {
        // The longest common folder of the two paths, as long as both go one level deeper.
        let shared = from.iter().zip(&import.target).take_while(|(a, b)| a == b).count();
        if shared >= from.len() {
            continue; // an import of the file's own module or below it
        }
        let folder = from[..shared].to_vec();
        let (Some(a), Some(b)) = (from.get(shared), import.target.get(shared)) else { continue };
        let mut child = folder.clone();
        child.push(b.clone());
        if !modules.modules.contains(&child) {
            continue; // an item the folder itself defines
        }
        by_folder
            .entry(folder)
            .or_default()
            .entry((a.clone(), b.clone()))
            .or_default()
            .push(import.clone());
    }
    by_folder
}

/// One circle in `edges`, as the children in order, if there is one.
fn find_circle(edges: &Edges) -> Option<Vec<String>> {
    let mut next: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for (a, b) in edges.keys() {
        next.entry(a).or_default().push(b);
    }
    // Depth-first search with a path stack; a node on the stack met again closes a circle.
    fn visit<'a>(
        node: &'a str,
        next: &BTreeMap<&'a str, Vec<&'a str>>,
        stack: &mut Vec<&'a str>,
        done: &mut BTreeSet<&'a str>,
    ) -> Option<Vec<String>> {
        if let Some(at) = stack.iter().position(|n| *n == node) {
            return Some(stack[at..].iter().map(|s| s.to_string()).collect());
        }
        if !done.insert(node) {
            return None;
        }
        stack.push(node);
        for n in next.get(node).into_iter().flatten() {
            if let Some(circle) = visit(n, next, stack, done) {
                return Some(circle);
            }
        }
        stack.pop();
        None
    }
    let mut done = BTreeSet::new();
    for node in next.keys() {
        if let Some(circle) = visit(node, &next, &mut Vec::new(), &mut done) {
            return Some(circle);
        }
    }
    None
}

/// The children of a folder in some circle: those that reach themselves again.
fn in_circles(edges: &Edges) -> Vec<String> {
    let mut reach: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    for (a, b) in edges.keys() {
        reach.entry(a).or_default().insert(b);
    }
    // Transitive closure by repetition: the folders are small.
    loop {
        let mut grown = false;
        for node in reach.keys().copied().collect::<Vec<_>>() {
            let further: BTreeSet<&str> = reach[node]
                .iter()
                .flat_map(|n| reach.get(n).into_iter().flatten())
                .copied()
                .collect();
            let set = reach.get_mut(node).unwrap();
            let before = set.len();
            set.extend(further);
            grown |= set.len() > before;
        }
        if !grown {
            break;
        }
    }
    reach.iter().filter(|(n, r)| r.contains(*n)).map(|(n, _)| n.to_string()).collect()
}

/// Each circle of a crate as evidence: the folder, the children and an import per step.
fn circles(crate_dir: &Path) -> Vec<String> {
    let modules = read_crate(&crate_dir.join("src"));
    let mut problems = Vec::new();
    for (folder, edges) in edges_by_folder(&modules) {
        let Some(circle) = find_circle(&edges) else { continue };
        let mut text = format!(
            "{}/src/{}: {} → {}",
            crate_dir.file_name().unwrap().to_string_lossy(),
            folder.join("/"),
            circle.join(" → "),
            circle[0]
        );
        text.push_str(&format!(" (all children in circles: {})", in_circles(&edges).join(", ")));
        for (i, a) in circle.iter().enumerate() {
            let b = &circle[(i + 1) % circle.len()];
            let import = &edges[&(a.clone(), b.clone())][0];
            text.push_str(&format!(
                "\n    {a} → {b}: {}:{} names {}",
                import.file.display(),
                import.line,
                import.target.join("::")
            ));
        }
        problems.push(text);
    }
    problems
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

#[test]
fn no_crate_has_a_module_circle() {
    let mut problems = Vec::new();
    for name in CRATES {
        problems.extend(circles(&root().join(name)));
    }
    assert!(problems.is_empty(), "module circles:\n{}", problems.join("\n"));
}

#[test]
fn reports_bottom_layer_imports_no_report() {
    let modules = read_crate(&root().join("reports/src"));
    let mut problems = Vec::new();
    for (from, import) in &modules.imports {
        let (Some(a), Some(b)) = (from.first(), import.target.first()) else { continue };
        let is_module = modules.modules.contains(std::slice::from_ref(b));
        if REPORTS_BOTTOM.contains(&a.as_str())
            && is_module
            && !REPORTS_BOTTOM.contains(&b.as_str())
        {
            problems.push(format!(
                "{a} imports the report module {b}: {}:{} names {}",
                import.file.display(),
                import.line,
                import.target.join("::")
            ));
        }
    }
    assert!(problems.is_empty(), "reports' bottom layer imports reports:\n{}", problems.join("\n"));
}

#[test]
fn a_planted_circle_is_caught() {
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path().join("planted/src");
    std::fs::create_dir_all(src.join("table")).unwrap();
    let files = [
        ("lib.rs", "pub mod classes;\npub mod table;\npub mod data;\n"),
        ("classes.rs", "// crate::table in a comment is no import\nuse crate::data::Row;\n"),
        ("data.rs", "use crate::{hostile, table::{self, Cell}};\n"),
        ("table/mod.rs", "pub mod html;\npub struct Cell;\n"),
        ("table/html.rs", "use super::Cell;\nfn f() { super::super::classes::tag(); }\n"),
        ("hostile.rs", "#[cfg(test)]\nmod tests {\n    use crate::classes::x;\n}\n"),
    ];
    for (path, text) in files {
        std::fs::write(src.join(path), text).unwrap();
    }
    let found = circles(&dir.path().join("planted"));
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].starts_with("planted/src/: classes → data → table → classes"), "{}", found[0]);
    assert!(found[0].contains("table/html.rs:2 names classes::tag"), "{}", found[0]);
    // A folder's children reading the folder itself is no circle.
    std::fs::write(src.join("classes.rs"), "use crate::hostile;\n").unwrap();
    assert_eq!(circles(&dir.path().join("planted")), Vec::<String>::new());
}

#[test]
fn a_test_module_in_a_file_ends_no_reading() {
    let text = "#[cfg(test)]\nmod tests;\n\nuse crate::table::Cell;\n#[cfg(test)]\nmod tests {\n    use crate::x;\n}\n";
    let found = imports_of(Path::new("a.rs"), text, &["a".to_owned()]);
    let targets: Vec<Vec<String>> = found.into_iter().map(|i| i.target).collect();
    assert_eq!(targets, [vec!["table", "Cell"]]);
}

#[test]
fn use_trees_are_read_whole() {
    assert_eq!(
        paths_after("{a::b, c::{self, d}}, x;"),
        [vec!["a", "b"], vec!["c"], vec!["c", "d"]]
    );
    assert_eq!(paths_after("plain::fit(s, 9)"), [vec!["plain", "fit"]]);
}
