//! The printing [`Events`]: a progress bar on a terminal (indicatif), plain lines otherwise.
//! Both write to stderr, so stdout carries only results.

use indicatif::{ProgressBar, ProgressStyle};
use urldiff_conform::events::Events;

/// A progress bar on stderr; skipped oracles are printed above it.
#[derive(Debug)]
pub struct TerminalEvents {
    bar: ProgressBar,
    label: &'static str,
}

impl TerminalEvents {
    pub fn new(label: &'static str) -> Self {
        TerminalEvents { bar: ProgressBar::hidden(), label }
    }

    /// A line above the bar (or just a line before the bar is shown).
    fn line(&self, text: String) {
        if self.bar.is_hidden() {
            eprintln!("{text}");
        } else {
            self.bar.println(text);
        }
    }
}

impl Events for TerminalEvents {
    fn data_skipped(&self, what: &str, reason: &str) {
        self.line(format!("{}: skipping {what}: {reason}", self.label));
    }

    fn run_started(&self, _oracles: usize, answers: u64) {
        self.bar.set_length(answers);
        let template =
            format!("{} [{{elapsed_precise}}] {{bar:40}} {{pos}}/{{len}} answers", self.label);
        let style = ProgressStyle::with_template(&template)
            .unwrap_or_else(|_| ProgressStyle::default_bar());
        self.bar.set_style(style);
        self.bar.set_draw_target(indicatif::ProgressDrawTarget::stderr());
    }

    fn oracle_skipped(&self, oracle: &str, reason: &str) {
        self.line(format!("{}: skipping {oracle}: {reason}", self.label));
    }

    fn answered(&self, _oracle: &str, count: usize) {
        self.bar.inc(count as u64);
    }

    fn run_finished(&self) {
        self.bar.finish_and_clear();
    }
}

/// One line per event on stderr (logs, CI).
#[derive(Debug)]
pub struct PlainEvents {
    label: &'static str,
}

impl PlainEvents {
    pub fn new(label: &'static str) -> Self {
        PlainEvents { label }
    }
}

impl Events for PlainEvents {
    fn data_skipped(&self, what: &str, reason: &str) {
        eprintln!("{}: skipping {what}: {reason}", self.label);
    }

    fn oracle_skipped(&self, oracle: &str, reason: &str) {
        eprintln!("{}: skipping {oracle}: {reason}", self.label);
    }

    fn oracle_started(&self, oracle: &str, seconds: f64) {
        eprintln!("{}: {oracle} started in {seconds:.2} s", self.label);
    }

    fn oracle_finished(&self, oracle: &str, cases: usize, seconds: f64) {
        eprintln!("{}: {oracle} answered {cases} cases in {seconds:.2} s", self.label);
    }
}

/// The events for a run on this stderr: a bar on a terminal, lines otherwise.
pub fn for_stderr(label: &'static str) -> Box<dyn Events> {
    use std::io::IsTerminal as _;
    if std::io::stderr().is_terminal() {
        Box::new(TerminalEvents::new(label))
    } else {
        Box::new(PlainEvents::new(label))
    }
}

/// Triage's progress on stderr: a line per stage, and the minimizations as a bar on a
/// terminal or as a line at every quarter otherwise.
#[derive(Debug)]
pub struct TriageProgress {
    bar: ProgressBar,
}

impl TriageProgress {
    pub fn new() -> Self {
        use std::io::IsTerminal as _;
        let bar = if std::io::stderr().is_terminal() {
            ProgressBar::new(0)
        } else {
            ProgressBar::hidden()
        };
        TriageProgress { bar }
    }
}

impl urldiff_triage::events::TriageEvents for TriageProgress {
    fn asked(&self, cases: usize, seconds: f64) {
        eprintln!("triage: every oracle answered {cases} cases in {seconds:.2} s");
    }

    fn kept(&self, divergent: usize, expected: usize, minimizations: usize) {
        eprintln!(
            "triage: {divergent} divergent, {expected} of them expected by the ledger; \
             {minimizations} minimizations"
        );
        self.bar.set_length(minimizations as u64);
        let style = ProgressStyle::with_template("triage [{elapsed_precise}] {bar:40} {pos}/{len}")
            .unwrap_or_else(|_| ProgressStyle::default_bar());
        self.bar.set_style(style);
    }

    fn minimized(&self, done: usize, total: usize) {
        if !self.bar.is_hidden() {
            self.bar.set_position(done as u64);
        } else if total >= 8 && done % total.div_ceil(4) == 0 {
            eprintln!("triage: minimized {done}/{total}");
        }
    }

    fn finished(&self, _groups: usize) {
        self.bar.finish_and_clear();
    }
}

/// A fuzz campaign's progress on stderr: a spinner line with execs/s, corpus size and new
/// signatures on a terminal, a plain line every 30 s otherwise.
#[derive(Debug)]
pub struct CampaignProgress {
    bar: Option<ProgressBar>,
    last_line: std::sync::Mutex<Option<std::time::Instant>>,
}

impl CampaignProgress {
    pub fn new() -> Self {
        use std::io::IsTerminal as _;
        let bar = std::io::stderr().is_terminal().then(|| {
            let bar = ProgressBar::new_spinner();
            bar.set_style(
                ProgressStyle::with_template("fuzz {spinner} {msg}")
                    .unwrap_or_else(|_| ProgressStyle::default_spinner()),
            );
            bar
        });
        CampaignProgress { bar, last_line: std::sync::Mutex::new(None) }
    }

    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }

    fn line(&self, text: &str) {
        match &self.bar {
            Some(bar) => bar.println(text),
            None => eprintln!("{text}"),
        }
    }
}

/// The progress line of a campaign: the running target's executions first, then the
/// campaign's total (a second target's line once showed the total as its own).
fn campaign_line(s: &urldiff_campaign::status::Status, target: &str, target_execs: u64) -> String {
    format!(
        "{target}: {target_execs} execs ({} in the campaign), {:.0} exec/s, corpus {}, {} new \
         signatures, {} crashes, {} s left",
        s.execs,
        s.execs_per_sec,
        s.corpus_size,
        s.new_signatures,
        s.crashes,
        s.seconds_left.unwrap_or(0)
    )
}

impl urldiff_campaign::CampaignEvents for CampaignProgress {
    fn note(&self, message: &str) {
        self.line(&format!("fuzz: {message}"));
    }

    fn progress(&self, s: &urldiff_campaign::status::Status, target: &str, target_execs: u64) {
        let text = campaign_line(s, target, target_execs);
        match &self.bar {
            Some(bar) => {
                bar.set_message(text);
                bar.tick();
            }
            None => {
                let mut last = self.last_line.lock().unwrap_or_else(|p| p.into_inner());
                if last.is_none_or(|t| t.elapsed().as_secs() >= 30) {
                    *last = Some(std::time::Instant::now());
                    eprintln!("fuzz: {text}");
                }
            }
        }
    }

    fn triage_started(&self, findings: usize) {
        self.line(&format!("fuzz: triaging {findings} findings through every available oracle"));
    }
}

#[cfg(test)]
mod tests {
    use super::campaign_line;
    use urldiff_campaign::status::{CampaignState, Resume, Status, STATUS_SCHEMA_VERSION};

    #[test]
    fn a_targets_line_counts_its_own_executions_then_the_campaigns() {
        let status = Status {
            schema_version: STATUS_SCHEMA_VERSION,
            state: CampaignState::Running,
            pid: None,
            started: None,
            updated: None,
            deadline: None,
            targets: vec!["differential".into(), "structured".into()],
            jobs: Some(1),
            execs: 1_000,
            execs_per_sec: 50.0,
            corpus_size: 7,
            new_signatures: 2,
            crashes: 0,
            seconds_left: Some(30),
            resume: Resume::default(),
        };
        let line = campaign_line(&status, "structured", 300);
        assert!(
            line.starts_with("structured: 300 execs (1000 in the campaign), 50 exec/s"),
            "{line}"
        );
    }
}
