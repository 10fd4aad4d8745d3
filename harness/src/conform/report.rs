//! The finished report of a run: the [`ConformReport`] that `urldiff_reports` renders, with
//! the run's wall time, exit code and the adapter rules of the oracles that ran, and the
//! report files a run writes (every one through [`crate::atomic`], all or nothing).

use crate::conform::evaluate::RunResult;
use std::path::PathBuf;
use urldiff_reports::data::RuleRow;
use urldiff_reports::{ConformReport, Format};

/// The report of a finished run. `exit_code` is what the process exits with (0 for
/// `--bless`, else the gate's code).
pub fn finish(result: RunResult, wall_seconds: f64, exit_code: u8) -> ConformReport {
    let mut report = result.report;
    report.wall_seconds = wall_seconds;
    report.exit_code = exit_code;
    let names = report.oracles.iter().map(|o| o.info.name.as_str());
    report.adapter_rules =
        urldiff_compare::rules::rules_of(names).into_iter().map(RuleRow::from).collect();
    report
}

/// The report files to write: where, and in which format.
#[derive(Clone, Debug, Default)]
pub struct Outputs {
    pub json: Option<PathBuf>,
    pub junit: Option<PathBuf>,
    /// The matrix text (`make conform` writes out/conform/matrix.txt).
    pub matrix: Option<PathBuf>,
    pub markdown: Option<PathBuf>,
    pub html: Option<PathBuf>,
}

impl Outputs {
    /// Every requested file with its format.
    pub fn requested(&self) -> Vec<(PathBuf, Format)> {
        let all = [
            (&self.matrix, Format::Matrix),
            (&self.json, Format::Json),
            (&self.junit, Format::Junit),
            (&self.markdown, Format::Markdown),
            (&self.html, Format::Html),
        ];
        all.into_iter().filter_map(|(path, format)| Some((path.clone()?, format))).collect()
    }

    /// Render every requested file of `report`.
    pub fn render(&self, report: &ConformReport) -> anyhow::Result<Vec<(PathBuf, Vec<u8>)>> {
        self.requested()
            .into_iter()
            .map(|(path, format)| Ok((path, urldiff_reports::render(report, format)?)))
            .collect()
    }
}
