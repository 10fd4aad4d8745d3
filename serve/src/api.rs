//! The JSON API.
//!
//! - `POST /api/compare` `{"input": "…", "base": "…" | null}` answers exactly what `urldiff
//!   compare --json` prints for that input (the same `compare_batch` and `ComparedJson`);
//!   `{"cases": [{"input", "base"}, …]}` answers an array, one such object per case, every
//!   oracle answering the whole batch at once (at most [`MAX_BATCH`] cases).
//! - `POST /api/view` `{"input", "base"}`: the page's data (`view::View`).
//! - `POST /api/minimize` `{"input", "base", "max_calls"?, "max_seconds"?}`: the `urldiff
//!   minimize --json` object, bounded by the server's budget (a request may ask for less);
//!   header `x-urldiff-one-minimal: true|false`. When the oracles agree: 422 with
//!   `{"error": "nothing to minimize: …", "divergent": false}`.
//! - `GET /api/oracles`: `urldiff oracles --json`. `GET /api/runs`: the dashboard's data.
//!
//! Inputs and bases over [`MAX_INPUT_BYTES`] are a 400 naming the limit.

use super::errors::{ApiError, JsonBody};
use super::{AppState, MAX_BATCH, MAX_INPUT_BYTES};
use axum::extract::{Request as HttpRequest, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;
use std::sync::Arc;
use urldiff_oracles::{Oracle, OracleKind};
use urldiff_reports::compare_view::json::ComparedJson;
use urldiff_reports::compare_view::table;
use urldiff_triage::compared::{compare_batch, Compared, Request};
use urldiff_triage::{minimize as run_minimize, Budget, MinimizeError};

type Shared = State<Arc<AppState>>;

/// One input and its base.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CaseBody {
    pub input: String,
    #[serde(default)]
    pub base: Option<String>,
}

/// `{"input", "base"}` or `{"cases": [...]}`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CompareBody {
    #[serde(default)]
    pub input: Option<String>,
    #[serde(default)]
    pub base: Option<String>,
    #[serde(default)]
    pub cases: Option<Vec<CaseBody>>,
}

/// `{"input", "base", "max_calls"?, "max_seconds"?}`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MinimizeBody {
    pub input: String,
    #[serde(default)]
    pub base: Option<String>,
    #[serde(default)]
    pub max_calls: Option<usize>,
    #[serde(default)]
    pub max_seconds: Option<f64>,
}

/// The request's cases, checked; `true` when it was a batch.
fn requests_of(body: CompareBody) -> Result<(Vec<Request>, bool), ApiError> {
    let (cases, batch) = match (body.input, body.cases) {
        (Some(input), None) => (vec![CaseBody { input, base: body.base }], false),
        (None, Some(cases)) if body.base.is_none() => (cases, true),
        (None, Some(_)) => {
            return Err(ApiError::bad_request("a batch gives each case its own \"base\""))
        }
        (Some(_), Some(_)) => {
            return Err(ApiError::bad_request("give either \"input\" or \"cases\", not both"))
        }
        (None, None) => {
            return Err(ApiError::bad_request("give \"input\" (and \"base\"), or \"cases\""))
        }
    };
    if cases.len() > MAX_BATCH {
        return Err(ApiError::bad_request(format!(
            "{} cases in one batch; the limit is {MAX_BATCH}",
            cases.len()
        )));
    }
    let requests = cases
        .into_iter()
        .enumerate()
        .map(|(i, case)| {
            let at = if batch { format!("case {i}: ") } else { String::new() };
            check_length(&at, "input", &case.input)?;
            if let Some(base) = &case.base {
                check_length(&at, "base", base)?;
            }
            Ok(Request { input: case.input, base: case.base })
        })
        .collect::<Result<_, ApiError>>()?;
    Ok((requests, batch))
}

fn check_length(at: &str, what: &str, value: &str) -> Result<(), ApiError> {
    if value.len() > MAX_INPUT_BYTES {
        return Err(ApiError::bad_request(format!(
            "{at}the {what} is {} bytes long; the limit is {MAX_INPUT_BYTES} bytes (UTF-8)",
            value.len()
        )));
    }
    Ok(())
}

/// Run `work` on a blocking thread once a permit is free: oracle calls block, and at most
/// `jobs` requests make them at once.
async fn blocking<T: Send + 'static>(
    state: &Arc<AppState>,
    work: impl FnOnce(&AppState) -> T + Send + 'static,
) -> Result<T, ApiError> {
    let permit = Arc::clone(&state.permits).acquire_owned().await.map_err(ApiError::internal)?;
    let state = Arc::clone(state);
    tokio::task::spawn_blocking(move || {
        let _permit = permit;
        work(&state)
    })
    .await
    .map_err(ApiError::internal)
}

async fn compared(
    state: &Arc<AppState>,
    requests: Vec<Request>,
) -> Result<Vec<Compared>, ApiError> {
    blocking(state, move |s| compare_batch(&s.oracles, &requests))
        .await?
        .map_err(ApiError::internal)
}

/// One input: the bytes `urldiff compare --json` prints (pretty, with its line end). A batch:
/// an array of the same objects.
///
/// The answers are held under [`AppState::held`]'s permits (one per case, taken before the
/// oracles are asked, so a batch waits while other connections hold too many), and a batch is
/// written as it is serialized, a few cases at a time ([`crate::answers::Streamed`]), never
/// built whole: a client that does not read holds one batch's answers and one chunk, until
/// the write limit closes its connection.
pub async fn compare(State(state): Shared, JsonBody(body): JsonBody<CompareBody>) -> Response {
    let result = async {
        let (requests, batch) = requests_of(body)?;
        let cases = u32::try_from(requests.len()).map_err(ApiError::internal)?;
        let held =
            Arc::clone(&state.held).acquire_many_owned(cases).await.map_err(ApiError::internal)?;
        let all = compared(&state, requests).await?;
        if batch {
            let body = crate::answers::Streamed::new(Arc::clone(&state), all, held);
            let json = [(header::CONTENT_TYPE, "application/json")];
            return Ok(json.into_response().map(|_| axum::body::Body::new(body)));
        }
        let value = ComparedJson::of(&state.oracles, &all[0]);
        let mut text = serde_json::to_string_pretty(&value).map_err(ApiError::internal)?;
        text.push('\n');
        Ok::<_, ApiError>(([(header::CONTENT_TYPE, "application/json")], text).into_response())
    };
    result.await.unwrap_or_else(IntoResponse::into_response)
}

pub async fn view(State(state): Shared, JsonBody(body): JsonBody<CaseBody>) -> Response {
    let result = async {
        let (requests, _) =
            requests_of(CompareBody { input: Some(body.input), base: body.base, cases: None })?;
        let all = compared(&state, requests).await?;
        let grid = table::grid(&state.oracles, &all[0]);
        let view = super::view::View::of(&state.oracles, &state.unavailable, &grid, &all[0]);
        Ok::<_, ApiError>(Json(view).into_response())
    };
    result.await.unwrap_or_else(IntoResponse::into_response)
}

/// The 422 answer of `POST /api/minimize` when the oracles agree.
#[derive(Debug, serde::Serialize)]
struct NotDivergent {
    error: String,
    divergent: bool,
}

/// The budget of one minimization: what the request asks, within the server's.
fn budget_of(body: &MinimizeBody, limit: Budget) -> Budget {
    Budget {
        max_calls: body.max_calls.unwrap_or(limit.max_calls).clamp(1, limit.max_calls),
        max_seconds: body
            .max_seconds
            .filter(|s| s.is_finite() && *s > 0.0)
            .map_or(limit.max_seconds, |s| s.min(limit.max_seconds)),
    }
}

pub async fn minimize(State(state): Shared, JsonBody(body): JsonBody<MinimizeBody>) -> Response {
    if let Err(e) = check_length("", "input", &body.input)
        .and_then(|()| body.base.as_deref().map_or(Ok(()), |b| check_length("", "base", b)))
    {
        return e.into_response();
    }
    let budget = budget_of(&body, state.config.minimize);
    let original = urldiff_triage::Request::new(body.input, body.base.as_deref());
    let result = blocking(&state, move |s| {
        // As `urldiff minimize`: every available oracle but the expectation tables.
        let oracles: Vec<&dyn Oracle> = s
            .oracles
            .iter()
            .map(|o| o.as_ref())
            .filter(|o| o.kind() != OracleKind::ExpectationTable)
            .collect();
        let count = oracles.len();
        // Boxed: a minimization's error carries an oracle's evidence, and is rare.
        run_minimize(&oracles, &original, budget).map_err(|e| Box::new((e, count, original)))
    })
    .await;
    match result {
        Err(e) => e.into_response(),
        Ok(Ok(m)) => {
            let mut response =
                Json(urldiff_triage::minimized_json::MinimizedJson::of(&m)).into_response();
            let proof = HeaderValue::from_static(if m.one_minimal { "true" } else { "false" });
            response.headers_mut().insert("x-urldiff-one-minimal", proof);
            response
        }
        Ok(Err(failed)) => minimize_failed(*failed),
    }
}

/// Why a minimization gave no result, as a response.
fn minimize_failed(failed: (MinimizeError, usize, urldiff_triage::Request)) -> Response {
    match failed {
        (MinimizeError::NotDivergent { .. }, count, original) => {
            let message =
                format!("nothing to minimize: the {count} oracles agree on {:?}", original.input);
            let body = NotDivergent { error: message, divergent: false };
            (StatusCode::UNPROCESSABLE_ENTITY, Json(body)).into_response()
        }
        (MinimizeError::Ask(e), _, _) => ApiError::internal(e).into_response(),
    }
}

pub async fn oracles(
    State(state): Shared,
) -> Json<Vec<urldiff_reports::oracle_listing::OracleRow>> {
    Json(state.listing.clone())
}

pub async fn runs(State(state): Shared) -> Response {
    match state.on_runs(super::runs::dashboard).await {
        Ok(dashboard) => Json(dashboard).into_response(),
        Err(e) => e.into_response(),
    }
}

pub async fn not_found(request: HttpRequest) -> ApiError {
    ApiError::new(StatusCode::NOT_FOUND, format!("no such page: {}", request.uri().path()))
}

/// Bound to loopback, answer only requests addressed to a loopback name (`localhost`,
/// `127.0.0.1`, `[::1]`, …): a page elsewhere that rebinds its own name to 127.0.0.1 (DNS
/// rebinding) gets 421 instead of the API.
pub async fn loopback_host_only(request: HttpRequest, next: Next) -> Response {
    let host = request.headers().get(header::HOST).and_then(|h| h.to_str().ok()).unwrap_or("");
    if is_loopback_host(host) {
        return next.run(request).await;
    }
    ApiError::new(
        StatusCode::MISDIRECTED_REQUEST,
        format!("this server answers loopback names only, not Host {host:?}"),
    )
    .into_response()
}

/// `localhost`, or a loopback IP address, with or without a port.
pub fn is_loopback_host(host: &str) -> bool {
    // `name`, `name:port`, `[v6]` or `[v6]:port`, the port all digits: nothing else (a host
    // such as `127.0.0.1:80@evil.com` is not a loopback name with a port).
    let (name, port) = match host.strip_prefix('[') {
        Some(rest) => match rest.split_once(']') {
            Some((name, "")) => (name, None),
            Some((name, after)) => match after.strip_prefix(':') {
                Some(port) => (name, Some(port)),
                None => return false,
            },
            None => return false,
        },
        None => match host.split_once(':') {
            Some((name, port)) => (name, Some(port)),
            None => (host, None),
        },
    };
    let port_ok = match port {
        None => true,
        Some(port) => port.bytes().all(|b| b.is_ascii_digit()),
    };
    port_ok
        && (name.eq_ignore_ascii_case("localhost")
            || name.parse::<std::net::IpAddr>().is_ok_and(|ip| ip.is_loopback()))
}
