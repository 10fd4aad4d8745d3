//! `urldiff serve [--addr 127.0.0.1:PORT] [--runs DIR] [--allow-remote] [...]`: the live viewer,
//! the runs dashboard and the JSON API (the `urldiff-serve` crate).
//!
//! Loopback only unless `--allow-remote` (then with a warning on stderr). The oracles are
//! checked once at start-up (the subprocess workers start then); the ones that cannot run are
//! named on stderr, one line each. Runs until interrupted (exit 130 on Ctrl-C); exit 2 when it
//! cannot start (a refused or busy address, an unreadable oracle configuration).

use clap::Args;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;
use urldiff_oracles::default_oracles;
use urldiff_serve::{self as serve, ServeConfig, Server};

#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The address to listen on. A non-loopback address needs --allow-remote.
    #[arg(long, default_value = serve::DEFAULT_ADDR)]
    pub addr: SocketAddr,
    /// Listen on a non-loopback address (anyone who can reach it can use the service).
    #[arg(long)]
    pub allow_remote: bool,
    /// The runs folder the dashboard shows (default: the project's out/).
    #[arg(long, value_name = "DIR")]
    pub runs: Option<PathBuf>,
    /// Each case's time limit in an oracle call, in milliseconds.
    #[arg(long, value_name = "MS", default_value_t = 3_000,
          value_parser = clap::value_parser!(u64).range(1..=600_000))]
    pub case_timeout_ms: u64,
    /// Each request's time limit, in milliseconds.
    #[arg(long, value_name = "MS", default_value_t = 30_000,
          value_parser = clap::value_parser!(u64).range(100..=3_600_000))]
    pub request_timeout_ms: u64,
    /// How many requests do oracle work at once (default: the number of CPUs, at least 2).
    #[arg(long)]
    pub jobs: Option<usize>,
    /// The most oracle calls a minimization may make.
    #[arg(long, default_value_t = serve::DEFAULT_MINIMIZE.max_calls)]
    pub minimize_max_calls: usize,
    /// The most seconds a minimization may take.
    #[arg(long, default_value_t = serve::DEFAULT_MINIMIZE.max_seconds,
          value_parser = crate::cmd_minimize::budget_seconds)]
    pub minimize_max_seconds: f64,
}

pub fn run(args: ServeArgs) -> anyhow::Result<u8> {
    if let Some(warning) = serve::check_bind(args.addr, args.allow_remote)? {
        eprintln!("{warning}");
    }
    let mut config = ServeConfig::new(args.runs.unwrap_or_else(serve::default_runs_dir));
    config.case_limit = Duration::from_millis(args.case_timeout_ms);
    config.request_limit = Duration::from_millis(args.request_timeout_ms);
    config.jobs = args.jobs.unwrap_or(config.jobs).max(1);
    config.minimize.max_calls = args.minimize_max_calls.max(1);
    config.minimize.max_seconds = args.minimize_max_seconds;
    config.allow_remote = args.allow_remote;
    let listener = std::net::TcpListener::bind(args.addr)
        .map_err(|e| anyhow::anyhow!("cannot listen on {}: {e}", args.addr))?;
    let oracles = default_oracles(&config.registry_config()?);
    let runs = config.runs.clone();
    let server = Server::new(config, oracles)?;
    for (name, reason) in server.unavailable() {
        eprintln!("{name}: unavailable: {}", urldiff_reports::hostile::first_line(reason));
    }
    let running = server.start(listener)?;
    urldiff::outln!("urldiff serve: http://{}/ (runs: {})", running.addr, runs.display());
    urldiff::output::flush()?;
    running.wait()?;
    Ok(0)
}
