//! `urldiff conform` for the CLI and the end-to-end tests: the gate judges the run
//! (`urldiff_conform::run`), then [`execute`] renders the report files it was asked for, writes
//! them with bless's ledger files (`urldiff_corpus::atomic`, all or nothing), and returns what
//! to show; it prints nothing.

use std::path::PathBuf;
use urldiff_conform::bless::BlessChange;
use urldiff_conform::events::Events;
use urldiff_conform::timings::{self, Timings};
pub use urldiff_conform::{Phases, RunOptions};
use urldiff_oracles::suite::Suite;
use urldiff_oracles::Oracle;
use urldiff_reports::{ConformReport, Format};

/// What a run has to show; the caller prints it.
#[derive(Debug)]
pub struct Finished {
    /// 0 nothing unexpected, 1 unexpected divergences or a wrong ledger.
    pub code: u8,
    /// Everything the run found, as every report renders it.
    pub report: ConformReport,
    /// The terminal summary (at most `RunOptions::summary_width` columns a line).
    pub summary: String,
    /// The matrix and the findings, as written to `--matrix`.
    pub matrix: String,
    pub wall_seconds: f64,
    /// Where the wall time went.
    pub phases: Phases,
    /// With `--bless`: what changed in each ledger file.
    pub bless: Option<Vec<BlessChange>>,
    /// With `--timings`: where the time went, the writing of the reports included (the JSON
    /// report's copy, written during that phase, stops before it).
    pub timings: Option<Timings>,
}

/// Judge the run, then render and write its reports and bless's files. Errors are harness
/// failures (exit 2): those of `urldiff_conform::run`, and a report that cannot be written.
pub fn execute(
    opts: &RunOptions,
    oracles: &[Box<dyn Oracle>],
    suites: Vec<Suite>,
    events: &dyn Events,
) -> anyhow::Result<Finished> {
    let urldiff_conform::Judgement { code, report, wall_seconds, mut phases, bless } =
        urldiff_conform::run(opts, oracles, suites, events)?;
    let outputs = Outputs {
        json: opts.json.clone(),
        junit: opts.junit.clone(),
        matrix: opts.matrix.clone(),
        markdown: opts.markdown.clone(),
        html: opts.html.clone(),
    };
    let (summary, matrix) = phases.time("reports", || {
        let ledger: Vec<(PathBuf, &[u8])> = bless
            .iter()
            .flatten()
            .map(|change| (change.path.clone(), change.contents.as_bytes()))
            .collect();
        // The files are written on threads of their own while this one renders the summary
        // and the matrix, which the matrix file is then written from (made once, not twice).
        std::thread::scope(|scope| {
            let (matrix_sender, matrix_made) = std::sync::mpsc::channel();
            let written = scope.spawn(|| outputs.write_made(&report, ledger, Some(matrix_made)));
            let width = opts.summary_width.unwrap_or(urldiff_reports::plain::WIDTH);
            let summary = urldiff_reports::conform::terminal::render_to_width(&report, width);
            let matrix = urldiff_reports::conform::matrix::render(&report);
            // Not sent only when no matrix file was asked for (the writer has gone).
            let _ = matrix_sender.send(matrix.clone());
            written.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic))?;
            anyhow::Ok((summary, matrix))
        })
    })?;
    let timings = report.timings.clone().map(|mut t| {
        t.phases.extend(phases.0.last().map(|(name, s)| timings::phase(name, *s)));
        t
    });
    Ok(Finished { code, report, summary, matrix, wall_seconds, phases, bless, timings })
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

    /// Render every requested file of `report` and write them with `others` (bless's ledger
    /// files), all or nothing (`urldiff_corpus::atomic`): each file rendered and written on a
    /// thread of its own, JSON and JUnit streamed into the file as they are made.
    pub fn write(
        &self,
        report: &ConformReport,
        others: Vec<(PathBuf, &[u8])>,
    ) -> Result<(), urldiff_corpus::atomic::WriteError> {
        self.write_made(report, others, None)
    }

    /// [`Outputs::write`], the matrix file's text (`urldiff_reports::conform::matrix::render`
    /// of `report`) received from `matrix` when given, rather than made again.
    pub fn write_made(
        &self,
        report: &ConformReport,
        others: Vec<(PathBuf, &[u8])>,
        matrix: Option<std::sync::mpsc::Receiver<String>>,
    ) -> Result<(), urldiff_corpus::atomic::WriteError> {
        use urldiff_corpus::atomic::SendFill;
        let mut files: Vec<(PathBuf, SendFill)> = Vec::new();
        let mut matrix = matrix;
        for (path, format) in self.requested() {
            let made = if format == Format::Matrix { matrix.take() } else { None };
            let fill: SendFill = match made {
                Some(made) => Box::new(move |out| {
                    let text = made.recv().map_err(std::io::Error::other)?;
                    out.write_all(text.as_bytes())
                }),
                None => Box::new(move |out| urldiff_reports::render_to(report, format, out)),
            };
            files.push((path, fill));
        }
        for (path, contents) in others {
            files.push((path, Box::new(move |out| out.write_all(contents))));
        }
        urldiff_corpus::atomic::write_all_concurrently(files)
    }
}
