//! Where a conform run's time went (`urldiff conform --timings`, the data is
//! `urldiff_conform::timings::Timings`): the run's phases, the oracles and the suites as three
//! terminal tables ([`terminal`]).

use crate::table::{Cell, Table};
use urldiff_conform::timings::Timings;

/// Seconds as the tables show them.
fn seconds(s: f64) -> Cell {
    Cell::text(format!("{s:.3}"))
}

/// The phases, the oracles and the suites as three terminal tables (each fitted to `width`),
/// with the driver's and the oracles' totals under the phases.
pub fn terminal(timings: &Timings, width: usize) -> String {
    let mut phases = Table::new(&["phase", "by", "seconds"]).right_aligned(&[2]);
    for p in &timings.phases {
        phases.row(vec![Cell::text(&p.phase), Cell::text(&p.by), seconds(p.seconds)]);
    }
    for by in ["driver", "oracles"] {
        let total: f64 = timings.phases.iter().filter(|p| p.by == by).map(|p| p.seconds).sum();
        phases.row(vec![Cell::text("total"), Cell::text(by), seconds(total)]);
    }
    let mut oracles = Table::new(&["oracle", "kind", "start-up s", "answers s", "skipped"])
        .right_aligned(&[2, 3]);
    for o in &timings.oracles {
        oracles.row(vec![
            Cell::text(&o.oracle),
            Cell::text(&o.kind),
            seconds(o.start_up_seconds),
            seconds(o.answer_seconds),
            Cell::text(o.skipped.as_deref().and_then(|s| s.lines().next()).unwrap_or("")),
        ]);
    }
    let mut suites = Table::new(&["suite", "cases", "evaluate s"]).right_aligned(&[1, 2]);
    for s in &timings.suites {
        suites.row(vec![Cell::text(&s.suite), Cell::number(s.cases), seconds(s.evaluate_seconds)]);
    }
    format!(
        "timings: phases\n{}\ntimings: oracles\n{}\ntimings: suites\n{}",
        phases.terminal(width),
        oracles.terminal(width),
        suites.terminal(width)
    )
}
