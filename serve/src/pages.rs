//! The pages: the viewer (`/`, a static page whose script asks `/api/view`), the runs
//! dashboard (`/runs`, rendered by `urldiff_reports::dashboard` from the files), the
//! conform report (`/runs/conform`, rendered again from `conform/run.json` by the conform
//! report's own renderer), the files of the runs folder (`/runs/file/<path>`) and the assets.
//!
//! Everything the pages use is served by urldiff itself (no external script, style or font),
//! and their Content-Security-Policy allows nothing else ([`super::PAGE_CSP`]); report pages
//! get [`super::REPORT_CSP`].

use super::errors::ApiError;
use super::{files, runs, AppState, REPORT_CSP};
use axum::extract::{Path, State};
use axum::http::{header, HeaderValue, StatusCode, Uri};
use axum::response::{Html, IntoResponse, Response};
use maud::{html, Markup, DOCTYPE};
use std::sync::Arc;
use urldiff_reports::html_text::Visible;

/// The viewer page.
const INDEX: &str = include_str!("assets/index.html");
/// Its script.
const APP_JS: &str = include_str!("assets/app.js");
/// The viewer's and the dashboard's style (after the reports' own).
const SERVE_CSS: &str = include_str!("assets/serve.css");

/// The code points the reports' hostile-text policy escapes, as the script's
/// `HIDDEN_RANGES` (`[[first, last], …]`): one policy for the pages and the viewer.
pub fn hidden_js() -> &'static str {
    static SCRIPT: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    SCRIPT.get_or_init(|| {
        let ranges = urldiff_reports::hostile::escaped_ranges();
        let pairs: Vec<[u32; 2]> = ranges.iter().map(|&(a, b)| [a, b]).collect();
        format!(
            "// The code points urldiff's hostile-text policy escapes (urldiff_reports::hostile).\n\
             const HIDDEN_RANGES = {};\n",
            serde_json::to_string(&pairs).unwrap_or_else(|_| "[]".to_owned())
        )
    })
}

pub async fn index() -> Html<&'static str> {
    Html(INDEX)
}

pub async fn asset(Path(name): Path<String>) -> Response {
    let (body, content_type) = match name.as_str() {
        "app.js" => (APP_JS, "text/javascript; charset=utf-8"),
        "serve.css" => (SERVE_CSS, "text/css; charset=utf-8"),
        "hidden.js" => (hidden_js(), "text/javascript; charset=utf-8"),
        "report.css" => (urldiff_reports::page::STYLE, "text/css; charset=utf-8"),
        _ => return ApiError::new(StatusCode::NOT_FOUND, "no such asset").into_response(),
    };
    ([(header::CONTENT_TYPE, content_type)], body).into_response()
}

/// A page of urldiff serve around `header` and `body`, with its style sheets (a maud
/// template; the dashboard's markup comes from its own).
fn page(title: &str, refresh: bool, header: Markup, body: Markup) -> String {
    let page = html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                @if refresh { meta http-equiv="refresh" content="10"; }
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { (Visible(title)) }
                link rel="stylesheet" href="/assets/report.css";
                link rel="stylesheet" href="/assets/serve.css";
            }
            body.runs { header { (header) } main { (body) } }
        }
    };
    page.into_string()
}

pub async fn runs_page(State(state): State<Arc<AppState>>) -> Response {
    let dashboard = match state.on_runs(runs::dashboard).await {
        Ok(dashboard) => dashboard,
        Err(e) => return e.into_response(),
    };
    let live = urldiff_reports::dashboard::any_live(&dashboard);
    let (header, body) = urldiff_reports::dashboard::render(&dashboard);
    Html(page("urldiff runs", live, header, body)).into_response()
}

/// The conform report, rendered again from `conform/run.json`.
pub async fn conform_report(State(state): State<Arc<AppState>>) -> Response {
    // Through the file endpoint's checks: a `conform/` linked out of the runs folder is refused.
    let read = state
        .on_runs(|runs_dir| {
            let (path, _) = files::resolve(runs_dir, runs::CONFORM_RUN)?;
            files::read_regular_text(&path).map_err(|e| {
                let message = format!(
                    "no conform run to show ({}: {e}); run make conform",
                    runs::CONFORM_RUN
                );
                ApiError::new(StatusCode::NOT_FOUND, message)
            })
        })
        .await;
    let text = match read {
        Ok(Ok(text)) => text,
        Ok(Err(e)) | Err(e) => return e.into_response(),
    };
    match urldiff_conform::saved::conform_from_text(&text) {
        Ok(report) => report_page(urldiff_reports::conform::html::render(&report)),
        Err(e) => ApiError::new(StatusCode::NOT_FOUND, format!("{}: {e}", runs::CONFORM_RUN))
            .into_response(),
    }
}

/// An HTML report with the report policy.
fn report_page(html: String) -> Response {
    let mut response = Html(html).into_response();
    response
        .headers_mut()
        .insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(REPORT_CSP));
    response
}

/// `/runs/file/<path>`: the path is read from the request's own (percent-encoded) path, to
/// bytes, so that a file whose name is not UTF-8 can be named.
pub async fn runs_file(State(state): State<Arc<AppState>>, uri: Uri) -> Response {
    let encoded = uri.path().strip_prefix("/runs/file/").unwrap_or_default().to_owned();
    let found = state
        .on_runs(move |runs| {
            let rel = files::requested_path(&encoded).ok_or_else(|| {
                ApiError::bad_request(format!("refused path {encoded:?}: a bad percent-escape"))
            })?;
            let (path, content_type) = files::resolve_path(runs, &rel)?;
            let bytes = files::read_regular(&path).map_err(|e| {
                let rel = rel.display();
                ApiError::new(StatusCode::NOT_FOUND, format!("\"{rel}\" cannot be read: {e}"))
            })?;
            Ok::<_, ApiError>((bytes, content_type))
        })
        .await;
    match found {
        Ok(Ok((bytes, content_type))) => {
            let mut response = ([(header::CONTENT_TYPE, content_type)], bytes).into_response();
            if content_type.starts_with("text/html") {
                response
                    .headers_mut()
                    .insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(REPORT_CSP));
            }
            response
        }
        Ok(Err(e)) | Err(e) => e.into_response(),
    }
}
