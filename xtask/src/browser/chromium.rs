//! Headless Chromium: finding it, and running it on a page with a fresh profile.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use super::dom::element_attributes;

/// How long one Chromium run may take.
const BROWSER_TIMEOUT: Duration = Duration::from_secs(120);

/// Headless Chromium: `$CHROMIUM`, else `chromium`, `chromium-browser` or `google-chrome`
/// on the `PATH`.
pub fn chromium() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("CHROMIUM").map(PathBuf::from) {
        return path.is_file().then_some(path);
    }
    let dirs = std::env::var_os("PATH")?;
    ["chromium", "chromium-browser", "google-chrome"]
        .iter()
        .flat_map(|name| std::env::split_paths(&dirs).map(move |d| d.join(name)))
        .find(|p| p.is_file())
}

/// `file://` address of a file.
pub(super) fn file_url(path: &Path) -> String {
    let absolute = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    let mut url = String::from("file://");
    for byte in absolute.to_string_lossy().bytes() {
        match byte {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'/' | b'-' | b'_' | b'.' | b'~' => {
                url.push(byte as char)
            }
            _ => url.push_str(&format!("%{byte:02X}")),
        }
    }
    url
}

/// Headless Chromium on `url` with `extra` arguments and a fresh profile: its standard
/// output and error. Fails on a console message or a script error.
pub(super) fn chromium_run(
    browser: &Path,
    url: &str,
    extra: &[String],
) -> Result<(String, String), String> {
    static RUNS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = RUNS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let profile = std::env::temp_dir().join(format!("xtask-browser-{}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&profile);
    let budget = "--virtual-time-budget=";
    let default_budget = format!("{budget}3000");
    let budget: &[String] = if extra.iter().any(|a| a.starts_with(budget)) {
        &[]
    } else {
        std::slice::from_ref(&default_budget)
    };
    let mut child = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--enable-logging=stderr",
            "--v=0",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(budget)
        .args(extra)
        .arg(url)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run {}: {e}", browser.display()))?;
    // Read both pipes on threads so that a full pipe cannot stall the browser.
    let mut stdout = child.stdout.take();
    let mut stderr = child.stderr.take();
    let out_reader = std::thread::spawn(move || read_all(stdout.as_mut()));
    let err_reader = std::thread::spawn(move || read_all(stderr.as_mut()));
    let started = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break Ok(status),
            Ok(None) if started.elapsed() > BROWSER_TIMEOUT => {
                let _ = child.kill();
                let _ = child.wait();
                break Err(format!("Chromium took over {BROWSER_TIMEOUT:?} on {url}"));
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(20)),
            Err(e) => break Err(format!("waiting for Chromium: {e}")),
        }
    };
    let out = out_reader.join().unwrap_or_default();
    let err = err_reader.join().unwrap_or_default();
    let _ = std::fs::remove_dir_all(&profile);
    let status = status?;
    if !status.success() {
        return Err(format!("Chromium exited with {status} on {url}"));
    }
    let console: Vec<&str> = err.lines().filter(|l| l.contains(":CONSOLE")).collect();
    if !console.is_empty() {
        return Err(format!("console output on {url}:\n{}", console.join("\n")));
    }
    Ok((out, err))
}

pub(super) fn read_all(pipe: Option<&mut impl std::io::Read>) -> String {
    let mut bytes = Vec::new();
    if let Some(pipe) = pipe {
        let _ = pipe.read_to_end(&mut bytes);
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// The DOM of `url` after its scripts ran; fails on a script error or a request for
/// anything outside the file.
pub(super) fn dump(browser: &Path, url: &str) -> Result<(String, String), String> {
    dump_with(browser, url, &[])
}

/// [`dump`] with more arguments for Chromium.
pub(super) fn dump_with(
    browser: &Path,
    url: &str,
    extra: &[String],
) -> Result<(String, String), String> {
    let mut args = vec!["--dump-dom".to_string()];
    args.extend_from_slice(extra);
    let (dom, err) = chromium_run(browser, url, &args)?;
    if let Some(attrs) = element_attributes(&dom, "<html") {
        if let Some((_, message)) = attrs.iter().find(|(n, _)| n == "data-error") {
            return Err(format!("script error on {url}: {message}"));
        }
    } else {
        return Err(format!("no page at {url}"));
    }
    for outside in ["<script src", "<link", "<img", "<iframe"] {
        if dom.contains(outside) {
            return Err(format!("the DOM of {url} holds {outside}"));
        }
    }
    Ok((dom, err))
}

/// A screenshot of `url` at 1200 x 800 into `png`.
pub(super) fn screenshot(browser: &Path, url: &str, png: &Path) -> Result<(), String> {
    let _ = std::fs::remove_file(png);
    chromium_run(
        browser,
        url,
        &[
            "--window-size=1200,800".to_string(),
            "--hide-scrollbars".to_string(),
            format!("--screenshot={}", png.display()),
        ],
    )?;
    if png.exists() {
        Ok(())
    } else {
        Err(format!("no screenshot at {}", png.display()))
    }
}
