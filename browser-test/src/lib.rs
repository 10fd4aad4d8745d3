//! Test support for urldiff's browser tests: launches Debian's `chromium` headless (never a
//! downloaded browser) with a fresh profile, and offers the few things the tests do with a
//! page: open a file or URL, click, type, evaluate JavaScript, take a screenshot.
//!
//! A test starts with [`Chromium::launch_or_skip`], which prints one line and returns `None`
//! where chromium is not installed (`apt-get install chromium`), so `make test` passes on a
//! machine without it (unless `$URLDIFF_REQUIRE` lists `chromium`: then it fails, see
//! `urldiff_corpus::required`). `URLDIFF_CHROMIUM=/path` picks another binary.
//!
//! Used by the reports crate's HTML test; `urldiff serve`'s browser test is meant to use it
//! too, so there is one place that knows how to drive the browser.
//!
//! ```
//! // A report page is opened by its `file://` URL, with the fragment that selects a view.
//! let dir = tempfile::tempdir().unwrap();
//! std::fs::write(dir.path().join("report.html"), "<p>report</p>").unwrap();
//! let url = urldiff_browser_test::file_url(&dir.path().join("report.html"), "divergences").unwrap();
//! assert!(url.starts_with("file:///") && url.ends_with("/report.html#divergences"), "{url}");
//! ```

use anyhow::{anyhow, bail, Context};
use headless_chrome::protocol::cdp::Page::CaptureScreenshotFormatOption;
use headless_chrome::{Browser, LaunchOptions};
use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

pub use headless_chrome::{Element, Tab};

/// Where Debian's package puts the browser.
pub const DEFAULT_CHROMIUM: &str = "/usr/bin/chromium";

/// The flags chromium runs with: headless, no sandbox (tests may run as root in a container),
/// and nothing that reaches the network on its own.
pub const FLAGS: [&str; 8] = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
];

/// The browser binary to use: `URLDIFF_CHROMIUM`, else [`DEFAULT_CHROMIUM`].
pub fn chromium_path() -> PathBuf {
    std::env::var_os("URLDIFF_CHROMIUM")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(DEFAULT_CHROMIUM))
}

/// A running headless chromium with its own temporary profile (deleted when dropped).
pub struct Chromium {
    browser: Browser,
    _profile: tempfile::TempDir,
}

impl std::fmt::Debug for Chromium {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Chromium").finish_non_exhaustive()
    }
}

impl Chromium {
    /// Launch chromium, or print one line naming `test` and return `None` when it is not
    /// installed. A chromium that is installed but fails to start is an error.
    pub fn launch_or_skip(test: &str) -> anyhow::Result<Option<Chromium>> {
        let path = chromium_path();
        if !path.is_file() {
            let why = format!(
                "no chromium at {} (apt-get install chromium, or set URLDIFF_CHROMIUM)",
                path.display()
            );
            urldiff_corpus::required::skip("chromium", test, &why);
            return Ok(None);
        }
        Chromium::launch(&path, (1280, 900)).map(Some)
    }

    /// Launch the chromium at `path` with a window of `size` pixels.
    pub fn launch(path: &Path, size: (u32, u32)) -> anyhow::Result<Chromium> {
        let profile = tempfile::tempdir().context("creating a chromium profile folder")?;
        let options = LaunchOptions {
            path: Some(path.to_owned()),
            headless: true,
            sandbox: false,
            enable_gpu: false,
            window_size: Some(size),
            user_data_dir: Some(profile.path().to_owned()),
            disable_default_args: true,
            args: FLAGS.iter().map(OsStr::new).collect(),
            idle_browser_timeout: Duration::from_secs(120),
            ..LaunchOptions::default()
        };
        let browser =
            Browser::new(options).map_err(|e| anyhow!("starting {}: {e:#}", path.display()))?;
        Ok(Chromium { browser, _profile: profile })
    }

    /// A new tab showing `url`, loaded.
    pub fn open(&self, url: &str) -> anyhow::Result<Arc<Tab>> {
        let tab = self.browser.new_tab().map_err(|e| anyhow!("opening a tab: {e:#}"))?;
        tab.set_default_timeout(Duration::from_secs(30));
        tab.navigate_to(url).map_err(|e| anyhow!("opening {url}: {e:#}"))?;
        tab.wait_until_navigated().map_err(|e| anyhow!("loading {url}: {e:#}"))?;
        Ok(tab)
    }
}

/// The `file://` URL of a file, with `fragment` (without `#`) when not empty.
pub fn file_url(path: &Path, fragment: &str) -> anyhow::Result<String> {
    let path = path.canonicalize().with_context(|| format!("finding {}", path.display()))?;
    let Some(text) = path.to_str() else { bail!("{} is not UTF-8", path.display()) };
    let mut url = String::from("file://");
    for b in text.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'/' | b'-' | b'_' | b'.' | b'~' => {
                url.push(b as char)
            }
            _ => url.push_str(&format!("%{b:02X}")),
        }
    }
    if !fragment.is_empty() {
        url.push('#');
        url.push_str(fragment);
    }
    Ok(url)
}

/// Evaluate a JavaScript expression in the page and return its value as JSON (`null` for
/// `undefined`).
pub fn eval(tab: &Tab, expression: &str) -> anyhow::Result<serde_json::Value> {
    let wrapped = format!("JSON.stringify(({expression}))");
    let result =
        tab.evaluate(&wrapped, false).map_err(|e| anyhow!("evaluating {expression}: {e:#}"))?;
    match result.value {
        Some(serde_json::Value::String(json)) => Ok(serde_json::from_str(&json)?),
        _ => Ok(serde_json::Value::Null),
    }
}

/// Wait until `expression` is true in the page (at most `timeout`).
pub fn wait_for(tab: &Tab, expression: &str, timeout: Duration) -> anyhow::Result<()> {
    let start = std::time::Instant::now();
    loop {
        if eval(tab, expression)? == serde_json::Value::Bool(true) {
            return Ok(());
        }
        if start.elapsed() > timeout {
            bail!("timed out waiting for {expression}");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Click the element `selector` finds (a real mouse click at its middle).
pub fn click(tab: &Tab, selector: &str) -> anyhow::Result<()> {
    let element = tab.find_element(selector).map_err(|e| anyhow!("finding {selector}: {e:#}"))?;
    element.click().map_err(|e| anyhow!("clicking {selector}: {e:#}"))?;
    Ok(())
}

/// Focus the element `selector` finds and type `text` with the keyboard.
pub fn type_into(tab: &Tab, selector: &str, text: &str) -> anyhow::Result<()> {
    let element = tab.find_element(selector).map_err(|e| anyhow!("finding {selector}: {e:#}"))?;
    element.focus().map_err(|e| anyhow!("focusing {selector}: {e:#}"))?;
    tab.type_str(text).map_err(|e| anyhow!("typing into {selector}: {e:#}"))?;
    Ok(())
}

/// Save a PNG screenshot of what the window shows to `path` (its folder is created).
pub fn screenshot(tab: &Tab, path: &Path) -> anyhow::Result<()> {
    let png = tab
        .capture_screenshot(CaptureScreenshotFormatOption::Png, None, None, true)
        .map_err(|e| anyhow!("taking a screenshot: {e:#}"))?;
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    }
    std::fs::write(path, png).with_context(|| format!("writing {}", path.display()))
}
