//! urldiff-serve (`urldiff serve`): the live viewer (`/`), the runs dashboard (`/runs`) and the JSON API
//! (`/api/…`), on axum with tower-http's middleware, over one pool of oracles shared by every
//! request.
//!
//! - [`Server::new`] takes the oracles (the registry, built once at start-up; tests hand in
//!   their own), keeps the available ones, each behind a [`guard::Guarded`] deadline, and lists
//!   them as `urldiff oracles --json` does. Subprocess oracles keep their workers up between
//!   requests; a request takes one of [`ServeConfig::jobs`] permits and runs its oracle calls
//!   on blocking threads (every oracle side by side, as `urldiff compare` does), so concurrent
//!   requests run in parallel up to that many, and a subprocess oracle has at most that many
//!   workers.
//! - [`api`]: `POST /api/compare` (exactly `urldiff compare --json`, or a batch), `POST
//!   /api/view` (the same plus the table for the page), `POST /api/minimize`, `GET
//!   /api/oracles`, `GET /api/runs`. [`pages`]: `/`, `/runs`, `/runs/conform`, the assets;
//!   [`files`]: `/runs/file/<path>`, confined to the runs folder; [`runs`]: reading it;
//!   [`listen`]: the connection loop (a header-read time limit, a connection limit, a write
//!   limit); [`answers`]: a batch's answers streamed as they are serialized.
//!
//! Safety (docs/service.md, "Safety"): it parses and never fetches — no handler opens a
//! connection, and the oracles only parse (the one network client of urldiff, reqwest, is used
//! by `corpus sync` and by HTTP oracles a user configured, which post to their own service,
//! never to a parsed host); bodies over [`MAX_BODY_BYTES`] get 413, inputs over
//! [`MAX_INPUT_BYTES`] 400, every request has a time limit, every oracle call a deadline, and
//! it binds to loopback unless told otherwise ([`check_bind`]).
//!
//! ```
//! use urldiff_serve::check_bind;
//! // The service listens on loopback; another address only when asked, with a warning.
//! assert_eq!(check_bind("127.0.0.1:8080".parse().unwrap(), false).unwrap(), None);
//! assert!(check_bind("0.0.0.0:8080".parse().unwrap(), false).is_err());
//! assert!(check_bind("0.0.0.0:8080".parse().unwrap(), true).unwrap().is_some());
//! ```

pub mod answers;
pub mod api;
pub mod errors;
pub mod files;
pub mod guard;
pub mod listen;
pub mod pages;
pub mod runs;
pub mod view;

use anyhow::{bail, Context as _};
use axum::http::{header, HeaderName, HeaderValue, StatusCode};
use axum::routing::{get, post};
use axum::Router;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::timeout::TimeoutLayer;
use urldiff_oracles::registry::check_all;
use urldiff_oracles::subprocess::Timeouts;
use urldiff_oracles::{Availability, Oracle, RegistryConfig};
use urldiff_triage::Budget;

/// The largest request body: 1 MiB. Larger ones get 413.
pub const MAX_BODY_BYTES: usize = 1 << 20;
/// The longest input or base, in UTF-8 bytes. Longer ones get 400.
pub const MAX_INPUT_BYTES: usize = 8 * 1024;
/// The most cases in one batch.
pub const MAX_BATCH: usize = 1_000;
/// Where `urldiff serve` listens unless told otherwise.
pub const DEFAULT_ADDR: &str = "127.0.0.1:8484";
/// The per-case time limit of every oracle call.
pub const DEFAULT_CASE_LIMIT: Duration = Duration::from_secs(3);
/// The time limit of a whole request.
pub const DEFAULT_REQUEST_LIMIT: Duration = Duration::from_secs(30);
/// How long a client may take to send a request's headers.
pub const DEFAULT_HEADER_READ_TIMEOUT: Duration = Duration::from_secs(10);
/// How long an answer may wait for the client to read it before the connection is closed.
pub const DEFAULT_WRITE_TIMEOUT: Duration = Duration::from_secs(10);
/// The most cases whose answers all connections together may hold (computed, not yet
/// written): a batch waits for room before its oracles are asked. One connection holds at
/// most one batch ([`MAX_BATCH`]): it reads no next request while an answer is unwritten.
pub const MAX_HELD_CASES: usize = 8 * MAX_BATCH;
/// The most connections open at once, at most: see [`listen::default_max_connections`].
pub const MAX_CONNECTIONS: usize = 4_096;
/// What one minimization may spend (a request can ask for less, never more).
pub const DEFAULT_MINIMIZE: Budget = Budget { max_calls: 2_000, max_seconds: 10.0 };

/// The Content-Security-Policy of the pages urldiff serve makes: scripts, styles and requests
/// only from urldiff itself (no inline code, nothing from elsewhere).
pub const PAGE_CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
    img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; \
    frame-ancestors 'none'";

/// The policy of report pages served from the runs folder, which carry their own inline
/// style and script (allowed by hash in their own `<meta>` policy, which also applies): a
/// sandbox without same-origin, so a report can reach nothing of the server.
pub const REPORT_CSP: &str = "sandbox allow-scripts; default-src 'none'; \
    script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; \
    frame-ancestors 'none'";

/// How the server runs.
#[derive(Clone, Debug)]
pub struct ServeConfig {
    /// The runs folder the dashboard reads.
    pub runs: PathBuf,
    /// Each case's time limit in every oracle call.
    pub case_limit: Duration,
    /// Each request's time limit.
    pub request_limit: Duration,
    /// How long a client may take to send a request's headers (the first, and each next one
    /// on a kept-alive connection); then the connection is closed.
    pub header_read_timeout: Duration,
    /// The most connections open at once; further ones wait to be accepted.
    pub max_connections: usize,
    /// How long an answer may wait for the client to read it; then the connection is closed.
    pub write_timeout: Duration,
    /// How many requests do oracle work at once.
    pub jobs: usize,
    /// The most a minimization may spend.
    pub minimize: Budget,
    /// Accept requests for any `Host` (set with a non-loopback address).
    pub allow_remote: bool,
}

impl ServeConfig {
    /// The defaults, reading `runs`.
    pub fn new(runs: PathBuf) -> ServeConfig {
        ServeConfig {
            runs,
            case_limit: DEFAULT_CASE_LIMIT,
            request_limit: DEFAULT_REQUEST_LIMIT,
            header_read_timeout: DEFAULT_HEADER_READ_TIMEOUT,
            max_connections: listen::default_max_connections(),
            write_timeout: DEFAULT_WRITE_TIMEOUT,
            jobs: std::thread::available_parallelism().map_or(2, |n| n.get()).max(2),
            minimize: DEFAULT_MINIMIZE,
            allow_remote: false,
        }
    }

    /// The registry's configuration: subprocess workers get the per-case limit.
    pub fn registry_config(&self) -> anyhow::Result<RegistryConfig> {
        let mut config = RegistryConfig::from_env().map_err(anyhow::Error::msg)?;
        config.timeouts = Timeouts { case: self.case_limit, ..config.timeouts };
        Ok(config)
    }
}

/// The project's `out/` (the nearest folder up with a `corpus/expected/`), else `./out`.
pub fn default_runs_dir() -> PathBuf {
    urldiff_corpus::project::find().unwrap_or_else(|| PathBuf::from(".")).join("out")
}

/// Refuse a non-loopback address unless `allow_remote`; with it, the warning to print.
pub fn check_bind(addr: SocketAddr, allow_remote: bool) -> anyhow::Result<Option<String>> {
    if addr.ip().is_loopback() {
        return Ok(None);
    }
    if !allow_remote {
        bail!(
            "refusing to listen on {addr}: it is not a loopback address, so anyone who can reach \
             this machine could use the service. Pass --allow-remote to do it anyway."
        );
    }
    Ok(Some(format!(
        "warning: listening on {addr}, which is not loopback: anyone who can reach it can use \
         the viewer, the API and the runs folder's reports"
    )))
}

/// What every handler shares.
pub struct AppState {
    /// The available oracles, guarded, in registry order.
    pub oracles: Vec<Box<dyn Oracle>>,
    /// `urldiff oracles --json`, as listed at start-up.
    pub listing: Vec<urldiff_reports::oracle_listing::OracleRow>,
    /// (name, reason) of each oracle that cannot run.
    pub unavailable: Vec<(String, String)>,
    pub permits: Arc<tokio::sync::Semaphore>,
    /// Permits for reading the runs folder ([`RUNS_JOBS`] at once; see [`AppState::on_runs`]).
    pub runs_permits: Arc<tokio::sync::Semaphore>,
    /// One permit per case whose answer is held ([`MAX_HELD_CASES`]): taken before a batch
    /// is asked, given back when its answer is written or dropped.
    pub held: Arc<tokio::sync::Semaphore>,
    pub config: ServeConfig,
}

/// How many requests read the runs folder at once (dashboard loads can be triggered by any
/// page the user visits, `<img src=…/runs>`): the rest wait their turn, within their time limit.
pub const RUNS_JOBS: usize = 4;

impl AppState {
    /// Run `work` on the runs folder on a blocking thread, once one of the [`RUNS_JOBS`]
    /// permits is free.
    pub async fn on_runs<T: Send + 'static>(
        &self,
        work: impl FnOnce(&std::path::Path) -> T + Send + 'static,
    ) -> Result<T, errors::ApiError> {
        let permit = Arc::clone(&self.runs_permits)
            .acquire_owned()
            .await
            .map_err(errors::ApiError::internal)?;
        let runs = self.config.runs.clone();
        tokio::task::spawn_blocking(move || {
            let _permit = permit;
            work(&runs)
        })
        .await
        .map_err(errors::ApiError::internal)
    }
}

impl std::fmt::Debug for AppState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let names: Vec<&str> = self.oracles.iter().map(|o| o.name()).collect();
        f.debug_struct("AppState").field("oracles", &names).field("config", &self.config).finish()
    }
}

/// The service, ready to be started.
#[derive(Debug, Clone)]
pub struct Server {
    state: Arc<AppState>,
}

impl Server {
    /// Check every oracle (starting the subprocess workers, side by side), list them, and keep
    /// the available ones behind their deadlines. Two oracles with one name are an error.
    pub fn new(config: ServeConfig, oracles: Vec<Box<dyn Oracle>>) -> anyhow::Result<Server> {
        urldiff_triage::compared::check_unique_names(&oracles)?;
        let checks = check_all(&oracles.iter().map(|o| o.as_ref()).collect::<Vec<_>>());
        let listing = urldiff_reports::oracle_listing::rows(&oracles);
        let mut available: Vec<Box<dyn Oracle>> = Vec::new();
        let mut unavailable = Vec::new();
        for (oracle, check) in oracles.into_iter().zip(checks) {
            match check {
                Availability::Available => available.push(Box::new(guard::Guarded::new(
                    oracle,
                    config.case_limit,
                    guard::past_the_request(config.request_limit, config.case_limit),
                ))),
                Availability::Unavailable { reason } => {
                    unavailable.push((oracle.name().to_owned(), reason))
                }
            }
        }
        let permits = Arc::new(tokio::sync::Semaphore::new(config.jobs.max(1)));
        let runs_permits = Arc::new(tokio::sync::Semaphore::new(RUNS_JOBS));
        let held = Arc::new(tokio::sync::Semaphore::new(MAX_HELD_CASES));
        let state = AppState {
            oracles: available,
            listing,
            unavailable,
            permits,
            runs_permits,
            held,
            config,
        };
        Ok(Server { state: Arc::new(state) })
    }

    /// The names of the oracles that answer, in registry order.
    pub fn oracle_names(&self) -> Vec<&str> {
        self.state.oracles.iter().map(|o| o.name()).collect()
    }

    /// The oracles that could not run, with their reasons.
    pub fn unavailable(&self) -> &[(String, String)] {
        &self.state.unavailable
    }

    /// The routes and the middleware.
    pub fn router(&self) -> Router {
        let config = &self.state.config;
        let header = |name: HeaderName, value: &'static str| {
            SetResponseHeaderLayer::if_not_present(name, HeaderValue::from_static(value))
        };
        let mut router = Router::new()
            .route("/", get(pages::index))
            .route("/runs", get(pages::runs_page))
            .route("/runs/conform", get(pages::conform_report))
            .route("/runs/file/{*path}", get(pages::runs_file))
            .route("/assets/{name}", get(pages::asset))
            .route("/api/compare", post(api::compare))
            .route("/api/view", post(api::view))
            .route("/api/minimize", post(api::minimize))
            .route("/api/oracles", get(api::oracles))
            .route("/api/runs", get(api::runs))
            .fallback(api::not_found)
            .with_state(Arc::clone(&self.state))
            .layer(axum::extract::DefaultBodyLimit::disable())
            .layer(RequestBodyLimitLayer::new(MAX_BODY_BYTES))
            .layer(TimeoutLayer::with_status_code(
                StatusCode::SERVICE_UNAVAILABLE,
                config.request_limit,
            ))
            .layer(header(header::CONTENT_SECURITY_POLICY, PAGE_CSP))
            .layer(header(header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
            .layer(header(header::REFERRER_POLICY, "no-referrer"))
            .layer(header(header::X_FRAME_OPTIONS, "DENY"))
            .layer(header(HeaderName::from_static("cross-origin-opener-policy"), "same-origin"))
            .layer(header(HeaderName::from_static("cross-origin-resource-policy"), "same-origin"))
            .layer(header(header::CACHE_CONTROL, "no-store"))
            .layer(axum::middleware::from_fn_with_state(config.request_limit, errors::json_errors));
        if !config.allow_remote {
            router = router.layer(axum::middleware::from_fn(api::loopback_host_only));
        }
        router
    }

    /// Serve on `listener` from a runtime of its own, on a thread of its own, until the
    /// [`Running`] handle is stopped or dropped.
    pub fn start(&self, listener: std::net::TcpListener) -> anyhow::Result<Running> {
        listener.set_nonblocking(true).context("setting up the listener")?;
        // The standard library listens with a backlog of 128: a burst of clients beyond it
        // (or beyond the connection limit) had its connections dropped and retried a second
        // later. Listening again sets the backlog (the system caps it at its own maximum).
        #[cfg(unix)]
        rustix::net::listen(&listener, listen::BACKLOG).context("setting up the listener")?;
        let addr = listener.local_addr().context("reading the listener's address")?;
        let router = self.router();
        let limits = listen::Limits {
            header_read: self.state.config.header_read_timeout,
            max_connections: self.state.config.max_connections,
            write: self.state.config.write_timeout,
        };
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .thread_name("urldiff-serve")
            .enable_all()
            .build()
            .context("starting the server's runtime")?;
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let thread = std::thread::Builder::new().name("urldiff-serve".into()).spawn(move || {
            let served = runtime.block_on(async move {
                let listener = tokio::net::TcpListener::from_std(listener)?;
                listen::serve(listener, router, limits, async {
                    let _ = stopped.await;
                })
                .await;
                anyhow::Ok(())
            });
            // Oracle calls abandoned past their requests' limits may still be waiting for their
            // guards: stopping does not wait for them.
            runtime.shutdown_background();
            served
        })?;
        let held = Arc::clone(&self.state.held);
        Ok(Running { addr, stop: Some(stop), thread: Some(thread), held })
    }
}

/// A server that is running.
#[derive(Debug)]
pub struct Running {
    pub addr: SocketAddr,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<anyhow::Result<()>>>,
    held: Arc<tokio::sync::Semaphore>,
}

impl Running {
    /// How many cases' answers the connections hold now (asked or computed, not yet written;
    /// at most [`MAX_HELD_CASES`]).
    pub fn held_cases(&self) -> usize {
        MAX_HELD_CASES - self.held.available_permits()
    }

    /// Wait until the server ends (it only ends on an error, or when stopped).
    pub fn wait(mut self) -> anyhow::Result<()> {
        match self.thread.take().map(std::thread::JoinHandle::join) {
            Some(Ok(result)) => result,
            Some(Err(_)) => bail!("the server thread panicked"),
            None => Ok(()),
        }
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}
