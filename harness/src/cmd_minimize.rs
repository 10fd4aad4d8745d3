//! `urldiff minimize [--base URL] [--oracle NAME]... [--json] INPUT`: shrink a divergent input
//! (and its base) while its divergence signature among the chosen oracles stays the same
//! (`urldiff_triage::minimize`).
//!
//! Exit codes: 0 when a result was printed; 1 when the oracles agree on the input (nothing to
//! minimize, said in one line on stderr); 2 for a harness error (an unknown or unavailable
//! `--oracle`, an oracle that answered wrongly).

use clap::Args;
use urldiff_triage::select::{refs, select_oracles};
use urldiff_triage::{minimize, Budget, MinimizeError, Request};

#[derive(Debug, Args)]
pub struct MinimizeArgs {
    /// The divergent input.
    pub input: String,
    /// Parse the input against this base (minimized too, or dropped when not needed).
    #[arg(long)]
    pub base: Option<String>,
    /// Preserve the signature among these oracles only (repeatable; default: every available
    /// oracle except the expectation tables).
    #[arg(long = "oracle", value_name = "NAME")]
    pub oracles: Vec<String>,
    /// Print {"original", "base", "minimized", "minimized_base", "signature", "oracle_calls",
    /// "seconds"}.
    #[arg(long)]
    pub json: bool,
    /// Stop after this many distinct candidates (the best so far is printed).
    #[arg(long, default_value_t = Budget::DEFAULT_MAX_CALLS)]
    pub max_calls: usize,
    /// Stop after this many seconds (the best so far is printed).
    #[arg(long, default_value_t = Budget::DEFAULT_MAX_SECONDS, value_parser = budget_seconds)]
    pub max_seconds: f64,
}

/// A time budget in seconds: a finite number above 0 (NaN would disable the budget, infinity
/// makes it none). Every `--…max-seconds`/`--minimize-seconds` option reads it this way.
pub fn budget_seconds(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(seconds) if seconds.is_finite() && seconds > 0.0 => Ok(seconds),
        _ => Err(format!("`{text}` is not a time budget: give a number of seconds above 0")),
    }
}

pub fn run(args: MinimizeArgs) -> anyhow::Result<u8> {
    let selection = select_oracles(&args.oracles)?;
    for (name, reason) in &selection.unavailable {
        eprintln!("{name}: unavailable: {}", urldiff_reports::hostile::first_line(reason));
    }
    let oracles = refs(&selection.oracles);
    if let Some(base) = &args.base {
        // As `urldiff compare` says it: the broken base is minimized like any input.
        if let Err(why) = urldiff_parser::Url::parse(base, None) {
            eprintln!(
                "urldiff minimize: note: the base {base:?} does not parse (WHATWG): {why}; it \
                 is minimized as it is, and WHATWG-model oracles fail on every candidate"
            );
        }
    }
    let original = Request::new(args.input.clone(), args.base.as_deref());
    let budget = Budget { max_calls: args.max_calls, max_seconds: args.max_seconds };
    let m = match minimize(&oracles, &original, budget) {
        Ok(m) => m,
        Err(MinimizeError::NotDivergent { .. }) => {
            eprintln!(
                "urldiff minimize: nothing to minimize: the {} oracles agree on {:?}",
                oracles.len(),
                args.input
            );
            return Ok(1);
        }
        Err(MinimizeError::Ask(e)) => return Err(e.into()),
    };
    if let Some(note) = urldiff_triage::minimized_json::budget_note(&m) {
        eprintln!("urldiff minimize: {note}");
    }
    if args.json {
        let value = urldiff_triage::minimized_json::MinimizedJson::of(&m);
        urldiff::outln!("{}", serde_json::to_string_pretty(&value)?);
    } else {
        urldiff::out!("{}", urldiff_triage::minimized_json::for_person(&oracles, &m));
    }
    Ok(0)
}
