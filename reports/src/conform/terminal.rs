//! The terminal summary of `urldiff conform`: at most the terminal's width (else [`WIDTH`])
//! columns a line, whatever the oracle and suite names; no line ends in spaces. Per-oracle
//! totals (a [`Table`] fitted to the width; the full oracles × suites matrix goes to the
//! matrix, Markdown and HTML reports), lost answers, the ledgered divergences by class and
//! severity (every high-severity class with an example; the largest few of each lower
//! severity), the unexpected divergences, the wrong ledger entries and the PASS/FAIL line.

use super::classes::{ledgered_by_class, values_line, ClassGroup};
use super::matrix::SHOWN_DIVERGENCES;
use crate::plain::{first_line, fit, one_line};
use crate::table::{Cell, Table, TerminalLayout};
use urldiff_compare::Severity;
use urldiff_conform::report::ConformReport;

/// The widest line of the summary, in columns, when no width is given.
pub const WIDTH: usize = 100;

/// The narrowest width the summary is fitted to (a smaller one is taken as this).
const MIN_WIDTH: usize = 40;

/// How far the class table is indented under its heading.
const INDENT: &str = "  ";

/// How many classes of each severity below high the summary lists.
const SHOWN_LOWER_CLASSES: usize = 5;

/// Lines, each cut to `width` columns.
#[derive(Debug)]
struct Lines(String, usize);

impl Lines {
    fn line(&mut self, text: &str) {
        self.0.push_str(fit(text, self.1).trim_end());
        self.0.push('\n');
    }

    fn blank(&mut self) {
        self.0.push('\n');
    }

    /// Every line of a multi-line text.
    fn text(&mut self, text: &str) {
        for line in text.lines() {
            self.line(line);
        }
    }
}

/// The terminal summary of a run, at most [`WIDTH`] columns wide.
pub fn render(report: &ConformReport) -> String {
    render_to_width(report, WIDTH)
}

/// The terminal summary of a run, at most `width` columns wide (the terminal's).
pub fn render_to_width(report: &ConformReport, width: usize) -> String {
    let mut out = Lines(String::new(), width.max(MIN_WIDTH));
    let cases: usize = report.suites.iter().map(|s| s.cases).sum();
    out.line(&format!(
        "Conformance: {} oracles × {} suites, {cases} cases (the full matrix: --matrix, \
         --markdown, --html)",
        report.oracles.len(),
        report.suites.len(),
    ));
    out.blank();
    oracle_totals(&mut out, report);
    out.line(&format!("Crashed or timed out: {}", super::text::lost_text(report)));
    ledgered(&mut out, report);
    let mut unexpected = String::new();
    super::matrix::write_unexpected(&mut unexpected, report, SHOWN_DIVERGENCES);
    out.text(&unexpected);
    out.text(&super::text::ledger_problems(report));
    out.blank();
    // The verdict and the skipped count on one line (the gate's one-line answer); the reasons
    // below it, one per skipped oracle.
    let skipped: Vec<_> = report.skipped().collect();
    let n = skipped.len();
    let plural = if n == 1 { "" } else { "s" };
    let colon = if n == 0 { "" } else { ":" };
    out.line(&format!(
        "{}; {n} oracle{plural} skipped{colon}",
        super::text::verdict_counts(report)
    ));
    for (name, reason) in skipped {
        out.line(&format!("  {}: {}", one_line(name), first_line(reason)));
    }
    out.0
}

/// One row per oracle: its cells summed over the suites, lost answers, time and version (or
/// why it was skipped), fitted to the width.
fn oracle_totals(out: &mut Lines, report: &ConformReport) {
    let titles =
        ["oracle", "passed", "failed", "ledgered", "no-opinion", "lost", "time", "version"];
    let mut table = Table::new(&titles).right_aligned(&[1, 2, 3, 4, 5, 6]);
    for o in &report.oracles {
        let mut row = vec![Cell::text(&o.info.name)];
        if let Some(reason) = &o.skipped {
            row.extend(std::iter::repeat_n(Cell::default(), 6));
            row.push(Cell::text(format!("skipped: {}", first_line(reason))));
            table.row(row);
            continue;
        }
        let cells = report.cells.iter().filter(|c| c.oracle == o.info.name);
        let mut sums = [0usize; 4];
        for c in cells {
            for (sum, n) in sums.iter_mut().zip([c.passed, c.failed, c.ledgered, c.no_opinion]) {
                *sum += n;
            }
        }
        row.extend(sums.map(Cell::number));
        row.push(Cell::number(o.crashed + o.timed_out));
        row.push(Cell::text(format!("{:.2} s", o.seconds)));
        row.push(Cell::text(&o.info.version));
        table.row(row);
    }
    out.0.push_str(&table.terminal(out.1));
}

/// The ledgered divergences by class and severity.
fn ledgered(out: &mut Lines, report: &ConformReport) {
    let groups = ledgered_by_class(report);
    if groups.is_empty() {
        return;
    }
    out.blank();
    out.line(&format!(
        "Ledgered divergences by class and severity ({}; one may be in several classes: urldiff \
         triage --explain-classes):",
        report.ledgered().count()
    ));
    let mut left_out: Vec<(Severity, usize, usize)> = Vec::new();
    let mut table =
        Table::new(&["severity", "divergences", "class", "oracles"]).right_aligned(&[1]);
    for severity in [Severity::High, Severity::Medium, Severity::Low, Severity::Info] {
        let of: Vec<&ClassGroup> = groups.iter().filter(|g| g.severity == severity).collect();
        let shown = if severity == Severity::High { of.len() } else { SHOWN_LOWER_CLASSES };
        for g in of.iter().take(shown) {
            class_row(&mut table, g, severity == Severity::High);
        }
        if of.len() > shown {
            let rest: usize = of[shown..].iter().map(|g| g.members.len()).sum();
            left_out.push((severity, of.len() - shown, rest));
        }
    }
    let layout = TerminalLayout { width: out.1 - INDENT.len(), head: false, ..Default::default() };
    for line in table.terminal_with(&layout).lines() {
        out.line(&format!("{INDENT}{line}"));
    }
    for (severity, classes, divergences) in left_out {
        out.line(&format!(
            "  … {classes} more {} classes ({divergences} divergences): see the Markdown or HTML \
             report",
            severity.name()
        ));
    }
}

/// A class's row (`high  10  backslash-confusion  python-urllib, …`), and for a high class
/// its example as the row's note: `e.g. python-urllib <case>: host "127.0.0.1" → "evil.com"`.
fn class_row(table: &mut Table, g: &ClassGroup, with_example: bool) {
    let oracles: Vec<&str> = g.oracles.iter().copied().collect();
    let cells = vec![
        Cell::severity(g.severity),
        Cell::number(g.members.len()),
        Cell::text(&g.class.label),
        Cell::text(oracles.join(", ")),
    ];
    if with_example {
        let e = g.example;
        let note = format!("e.g. {} {}: {}", one_line(&e.oracle), e.name, values_line(e));
        table.row_with_note(cells, Cell::text(note));
    } else {
        table.row(cells);
    }
}
