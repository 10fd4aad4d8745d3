//! The report files a run writes (every one through `urldiff_corpus::atomic`, all or nothing)
//! from the finished [`ConformReport`] (`urldiff_reports::evaluate::RunResult::finish`).

use std::path::PathBuf;
use urldiff_reports::{ConformReport, Format};

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
