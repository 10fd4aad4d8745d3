//! The terminal summary of `urldiff conform`: at most [`WIDTH`] columns a line, whatever the
//! oracle and suite names. Per-oracle totals (the full oracles × suites matrix goes to the
//! matrix, Markdown and HTML reports), lost answers, the ledgered divergences by class and
//! severity (every high-severity class with an example; the largest few of each lower
//! severity), the unexpected divergences, the wrong ledger entries and the PASS/FAIL line.

use crate::classes::{ledgered_by_class, values_line, ClassGroup};
use crate::data::ConformReport;
use crate::matrix::SHOWN_DIVERGENCES;
use crate::plain::{self, first_line, fit, one_line, pad, pad_left};
use urldiff_compare::Severity;

/// The widest line of the summary, in columns.
pub const WIDTH: usize = 100;

/// The class column: the longest class id of the table.
const CLASS_WIDTH: usize = 30;

/// How many classes of each severity below high the summary lists.
const SHOWN_LOWER_CLASSES: usize = 5;

/// Lines, each cut to [`WIDTH`] columns.
#[derive(Debug, Default)]
struct Lines(String);

impl Lines {
    fn line(&mut self, text: &str) {
        self.0.push_str(&fit(text, WIDTH));
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

/// The terminal summary of a run.
pub fn render(report: &ConformReport) -> String {
    let mut out = Lines::default();
    let cases: usize = report.suites.iter().map(|s| s.cases).sum();
    out.line(&format!(
        "Conformance: {} oracles × {} suites, {cases} cases (the full matrix: --matrix, \
         --markdown, --html)",
        report.oracles.len(),
        report.suites.len(),
    ));
    out.blank();
    oracle_totals(&mut out, report);
    out.line(&format!("Crashed or timed out: {}", plain::lost_text(report)));
    ledgered(&mut out, report);
    let mut unexpected = String::new();
    crate::matrix::write_unexpected(&mut unexpected, report, SHOWN_DIVERGENCES);
    out.text(&unexpected);
    out.text(&plain::ledger_problems(report));
    out.blank();
    // The verdict and the skipped count on one line (the gate's one-line answer); the reasons
    // below it, one per skipped oracle.
    let skipped: Vec<_> = report.skipped().collect();
    let n = skipped.len();
    let plural = if n == 1 { "" } else { "s" };
    let colon = if n == 0 { "" } else { ":" };
    out.line(&format!("{}; {n} oracle{plural} skipped{colon}", plain::verdict_counts(report)));
    for (name, reason) in skipped {
        out.line(&format!("  {}: {}", one_line(name), first_line(reason)));
    }
    out.0
}

/// One row per oracle: its cells summed over the suites, time and version.
fn oracle_totals(out: &mut Lines, report: &ConformReport) {
    let name_w = report.oracles.iter().map(|o| plain::width(&o.info.name)).chain([6]).max();
    let name_w = name_w.unwrap_or(6).min(20);
    let header = ["passed", "failed", "ledgered", "no-opinion", "lost", "time"];
    let widths = [8, 8, 10, 12, 6, 9];
    let mut head = pad("oracle", name_w);
    for (h, w) in header.iter().zip(widths) {
        head.push_str(&pad_left(h, w));
    }
    out.line(&format!("{head}  version"));
    for o in &report.oracles {
        let name = pad(&fit(&one_line(&o.info.name), name_w), name_w);
        if let Some(reason) = &o.skipped {
            out.line(&format!("{name}  skipped: {}", first_line(reason)));
            continue;
        }
        let cells = report.cells.iter().filter(|c| c.oracle == o.info.name);
        let mut sums = [0usize; 4];
        for c in cells {
            for (sum, n) in sums.iter_mut().zip([c.passed, c.failed, c.ledgered, c.no_opinion]) {
                *sum += n;
            }
        }
        let values = [
            sums[0].to_string(),
            sums[1].to_string(),
            sums[2].to_string(),
            sums[3].to_string(),
            (o.crashed + o.timed_out).to_string(),
            format!("{:.2} s", o.seconds),
        ];
        let mut row = name;
        for (v, w) in values.iter().zip(widths) {
            row.push_str(&pad_left(v, w));
        }
        out.line(&format!("{row}  {}", one_line(&o.info.version)));
    }
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
    for severity in [Severity::High, Severity::Medium, Severity::Low, Severity::Info] {
        let of: Vec<&ClassGroup> = groups.iter().filter(|g| g.severity == severity).collect();
        let shown = if severity == Severity::High { of.len() } else { SHOWN_LOWER_CLASSES };
        for g in of.iter().take(shown) {
            group_line(out, g, severity == Severity::High);
        }
        if of.len() > shown {
            let rest: usize = of[shown..].iter().map(|g| g.members.len()).sum();
            left_out.push((severity, of.len() - shown, rest));
        }
    }
    for (severity, classes, divergences) in left_out {
        out.line(&format!(
            "  … {classes} more {} classes ({divergences} divergences): see the Markdown or HTML \
             report",
            severity.name()
        ));
    }
}

/// `  high     10  backslash-confusion            python-urllib, …`, and for a high class the
/// example under it: `e.g. python-urllib <case>: host "127.0.0.1" → "evil.com"; …`.
fn group_line(out: &mut Lines, g: &ClassGroup, with_example: bool) {
    let oracles: Vec<&str> = g.oracles.iter().copied().collect();
    out.line(&format!(
        "  {} {}  {} {}",
        pad(g.severity.name(), 6),
        pad_left(&g.members.len().to_string(), 5),
        pad(&one_line(&g.class.label), CLASS_WIDTH),
        one_line(&oracles.join(", "))
    ));
    if with_example {
        let e = g.example;
        out.line(&format!(
            "                e.g. {} {}: {}",
            one_line(&e.oracle),
            e.name,
            values_line(e)
        ));
    }
}
