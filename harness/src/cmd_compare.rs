//! `urldiff compare [--base URL] INPUT`: every available oracle's answer, compared across
//! models through the projection, as a table grouped by agreement (default), a per-oracle
//! listing (`--wide`), one JSON object (`--json`), or a JSON Lines stream (`--jsonl`). The
//! table fits the terminal: `$COLUMNS`, else the terminal's width, else 100 columns.
//!
//! Exit codes: 0 when the comparison was printed, whether or not the oracles disagree (the
//! disagreement is the output, not a failure); 2 for a harness error (an unknown or
//! unavailable `--oracle`, two oracles with one name, an oracle losing answers, a write
//! error). A closed stdout (`| head -1`) ends the run quietly with 0.

use clap::Args;
use std::io::{BufRead, IsTerminal as _, Write};
use urldiff_corpus::request_loop::ErrorLine;
use urldiff_oracles::{default_oracles, RegistryConfig};
use urldiff_reports::compare_view::json::ComparedJson;
use urldiff_reports::compare_view::listing;
use urldiff_reports::compare_view::table::{self, Highlight};
use urldiff_triage::compared::{self as compare, Request, Selection};

/// How many `--jsonl` requests are answered as one batch.
const JSONL_BATCH: usize = 4096;

#[derive(Debug, Args)]
pub struct CompareArgs {
    /// The input to give every oracle (omit with --jsonl).
    #[arg(required_unless_present_any = ["jsonl", "explain_projection"])]
    pub input: Option<String>,
    /// Parse (or resolve) the input against this base URL.
    #[arg(long, conflicts_with = "jsonl")]
    pub base: Option<String>,
    /// Print one JSON object: input, base, answers, divergences, signature.
    #[arg(long, conflicts_with = "wide")]
    pub json: bool,
    /// Read JSON lines {"input": ..., "base": ...|null} from stdin; answer each with the
    /// --json object on one line, in order, after every 4096 lines and at the end of input.
    #[arg(long, conflicts_with_all = ["json", "wide"])]
    pub jsonl: bool,
    /// Show every oracle's whole answer, one field per line (the per-oracle listing).
    #[arg(long, alias = "long")]
    pub wide: bool,
    /// Ask only this oracle (repeatable). Unknown or unavailable: an error.
    #[arg(long = "oracle", value_name = "NAME")]
    pub oracles: Vec<String>,
    /// Print the projection, equivalence, severity and adapter-rule tables, and exit.
    #[arg(long)]
    pub explain_projection: bool,
}

pub fn run(args: CompareArgs) -> anyhow::Result<u8> {
    let mut out = std::io::stdout().lock();
    match write_run(&args, &mut out) {
        Ok(()) => Ok(0),
        Err(e) if is_broken_pipe(&e) => Ok(0),
        Err(e) => Err(e),
    }
}

/// A write error that only means the reader went away.
fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

fn write_run(args: &CompareArgs, out: &mut impl Write) -> anyhow::Result<()> {
    if args.explain_projection {
        out.write_all(urldiff_reports::explain_projection::explain().as_bytes())?;
        return Ok(out.flush()?);
    }
    let selection = compare::select(
        default_oracles(&RegistryConfig::from_env().map_err(anyhow::Error::msg)?),
        &args.oracles,
    )?;
    for (name, reason) in &selection.unavailable {
        eprintln!("{name}: unavailable: {}", urldiff_reports::hostile::first_line(reason));
    }
    if args.jsonl {
        return serve_jsonl(&selection, out);
    }
    let request =
        Request { input: args.input.clone().unwrap_or_default(), base: args.base.clone() };
    let compared = compare::compare_batch(&selection.oracles, std::slice::from_ref(&request))?;
    let compared = &compared[0];
    if args.json {
        let value = ComparedJson::of(&selection.oracles, compared);
        writeln!(out, "{}", serde_json::to_string_pretty(&value)?)?;
    } else if args.wide {
        out.write_all(listing::render(&selection.oracles, compared).as_bytes())?;
    } else {
        let colour = std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
        let highlight = if colour { Highlight::Colour } else { Highlight::Marker };
        let width = crate::terminal::width();
        out.write_all(table::render(&selection.oracles, compared, highlight, width).as_bytes())?;
    }
    Ok(out.flush()?)
}

/// One stdin line: a request, or the error line it gets.
enum Line {
    Request(Request),
    Error(String),
}

/// Read stdin as bytes, answer in batches of [`JSONL_BATCH`], one output line per input line
/// (blank lines are skipped), in order.
fn serve_jsonl(selection: &Selection, out: &mut impl Write) -> anyhow::Result<()> {
    let mut stdin = std::io::stdin().lock();
    let mut number = 0;
    loop {
        let mut lines = Vec::new();
        let mut requests = 0;
        let mut buf = Vec::new();
        while requests < JSONL_BATCH {
            buf.clear();
            if stdin.read_until(b'\n', &mut buf)? == 0 {
                break;
            }
            number += 1;
            if let Some(line) = read_line(&buf, number) {
                requests += usize::from(matches!(line, Line::Request(_)));
                lines.push(line);
            }
        }
        if lines.is_empty() {
            return Ok(());
        }
        answer_lines(selection, lines, out)?;
    }
}

/// A line's request, its error, or `None` for a blank line.
fn read_line(bytes: &[u8], number: usize) -> Option<Line> {
    let Ok(text) = std::str::from_utf8(bytes) else {
        return Some(Line::Error(format!("line {number}: not UTF-8")));
    };
    if text.trim().is_empty() {
        return None;
    }
    Some(match urldiff_corpus::request_line::parse_request(text.trim_end_matches(['\n', '\r'])) {
        Ok(r) => Line::Request(Request { input: r.input, base: r.base }),
        Err(why) => Line::Error(format!("line {number}: {why}")),
    })
}

fn answer_lines(
    selection: &Selection,
    lines: Vec<Line>,
    out: &mut impl Write,
) -> anyhow::Result<()> {
    let requests: Vec<Request> = lines
        .iter()
        .filter_map(|l| match l {
            Line::Request(r) => Some(r.clone()),
            Line::Error(_) => None,
        })
        .collect();
    let mut compared = compare::compare_batch(&selection.oracles, &requests)?.into_iter();
    for line in lines {
        let mut text = match line {
            Line::Error(error) => serde_json::to_string(&ErrorLine { error })?,
            Line::Request(_) => {
                let c = compared.next().expect("one comparison per request");
                serde_json::to_string(&ComparedJson::of(&selection.oracles, &c))?
            }
        };
        text.push('\n');
        out.write_all(text.as_bytes())?;
    }
    Ok(out.flush()?)
}
