//! Every error the API answers is JSON, `{"error": "…"}`, with a status that says whose fault
//! it is: 400 for a request that is not what the API takes (bad JSON, a missing field, an input
//! over the length limit), 413 for a body over the size limit, 404/403 for files, 500 for a
//! harness error (an oracle that lost its worker), 503 for a request over its time limit.
//!
//! [`JsonBody`] is axum's `Json` extractor with its rejections turned into such errors, and
//! [`json_errors`] is the last middleware: an error response that is not JSON yet (tower-http's
//! 413 for a declared length over the limit, its time-out response) gets the JSON body too.

use axum::body::Bytes;
use axum::extract::{FromRequest, Request, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::time::Duration;

/// An API error: a status and the message of `{"error": …}`.
#[derive(Debug)]
pub struct ApiError {
    pub status: StatusCode,
    pub message: String,
}

impl ApiError {
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError { status, message: message.into() }
    }

    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }

    pub fn internal(error: impl std::fmt::Display) -> ApiError {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, format!("{error:#}"))
    }
}

/// `{"error": "…"}`, every error's body.
#[derive(Debug, serde::Serialize)]
struct ErrorBody {
    error: String,
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, axum::Json(ErrorBody { error: self.message })).into_response()
    }
}

/// A JSON request body whose rejections are [`ApiError`]s: 413 over the size limit, 400 for
/// anything else (no `Content-Type: application/json`, not UTF-8, not JSON, not the expected
/// shape). Lone-surrogate escapes (`"\uD800"`) are read as U+FFFD, as `urldiff compare
/// --jsonl` reads them (a USVString conversion), so the API and the command answer alike.
#[derive(Debug)]
pub struct JsonBody<T>(pub T);

impl<S, T> FromRequest<S> for JsonBody<T>
where
    T: serde::de::DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, ApiError> {
        let is_json =
            request.headers().get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).is_some_and(
                // Media types are case-insensitive (RFC 9110, 8.3.1).
                |v| {
                    v.split(';')
                        .next()
                        .is_some_and(|t| t.trim().eq_ignore_ascii_case("application/json"))
                },
            );
        if !is_json {
            return Err(ApiError::bad_request("send the body with Content-Type: application/json"));
        }
        let bytes = match Bytes::from_request(request, state).await {
            Ok(bytes) => bytes,
            Err(e) if e.status() == StatusCode::PAYLOAD_TOO_LARGE => {
                return Err(ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, too_large_message()))
            }
            Err(e) => return Err(ApiError::bad_request(e.body_text())),
        };
        let text = std::str::from_utf8(&bytes)
            .map_err(|e| ApiError::bad_request(format!("the body is not UTF-8: {e}")))?;
        let (value, _) = urldiff_corpus::usv_json::parse(text)
            .map_err(|e| ApiError::bad_request(format!("the body is not valid JSON: {e}")))?;
        serde_json::from_value(value).map(JsonBody).map_err(|e| {
            ApiError::bad_request(format!("the body is not a request this endpoint takes: {e}"))
        })
    }
}

fn too_large_message() -> String {
    format!("the request body is over the limit of {} bytes (1 MiB)", super::MAX_BODY_BYTES)
}

/// The last middleware: an error status whose body is not JSON gets `{"error": …}` (the
/// reason phrase, or the limit for a 413), so every error of the API reads the same way.
pub async fn json_errors(
    State(request_limit): State<Duration>,
    request: Request,
    next: Next,
) -> Response {
    let response = next.run(request).await;
    let status = response.status();
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    if !(status.is_client_error() || status.is_server_error()) || is_json {
        return response;
    }
    let message = match status {
        StatusCode::PAYLOAD_TOO_LARGE => too_large_message(),
        StatusCode::SERVICE_UNAVAILABLE => format!(
            "the request took longer than its time limit ({} ms)",
            request_limit.as_millis()
        ),
        other => other.canonical_reason().unwrap_or("error").to_owned(),
    };
    let mut fixed = ApiError::new(status, message).into_response();
    for (name, value) in response.headers() {
        if name != header::CONTENT_TYPE && name != header::CONTENT_LENGTH {
            fixed.headers_mut().insert(name, value.clone());
        }
    }
    fixed.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    fixed
}
