//! The `--html` page in a real browser: every puzzle's page opened in headless Chromium and
//! compared with the `--show` frames of the same solution.
//!
//! For each row of [`pages`], the binary runs on the input with `--show-all` (`--show` for
//! a long solution) and `--html FILE`, `COLUMNS=1` so that frames stand one per row;
//! the frames are read back from standard output (for boxed frames, the characters out of
//! the boxes). Then Chromium opens `FILE#case=K&step=N` for step 0, a middle step and the
//! last step of each case (of the first [`CASES_CHECKED`]) and `--dump-dom` gives the DOM,
//! where the board canvas carries `data-board`, `data-step`, `data-steps`, and `#caption`
//! the caption: both must equal the `--show` frame. Each step is reached through another
//! (`&via=M`: step 0 from the middle, the middle from the last), so stepping back is checked
//! as well as forward. Cases are matched in order: the j-th
//! film on standard output is the j-th picker entry marked `data-film`.
//!
//! Nothing from outside the file: the page carries the Content-Security-Policy
//! `default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'`, so any
//! request would be blocked and logged on the console; each check fails on any console
//! line in Chromium's log (`--enable-logging=stderr --v=0`), on a script error (the page
//! sets `data-error`), and on `http:`, `https:`, `src=`, `href=`, `url(` or `@import`
//! anywhere in the page outside its JSON data, or a `<script src`, `<link`, `<img` or
//! `<iframe` in the DOM.
//!
//! The controls are driven too, on a copy of the page with a probe script (End, Left,
//! Home, Right, the buttons, the slider, a click in the move list, play to the end): each
//! must show the step it should.
//!
//! A screenshot of each page (the first case at its middle step) is saved as
//! `target/browser/NAME.png`, beside the page `NAME.html`.
//!
//! Without Chromium the suite says loudly that it skipped and how to install it
//! ([`INSTALL`]); under `CI=true` a missing browser is a failure.
//!
//! This module uses only `std` (and no crate to drive the browser: its command line is
//! all the checks need), so that it also builds alone under `xtask/tests/browser.rs`.

// Explicit paths, so that the module builds the same whether `main.rs` declares it or
// `xtask/tests/browser.rs` includes this file by its path.
#[path = "browser/chromium.rs"]
mod chromium;
#[path = "browser/controls.rs"]
mod controls;
#[path = "browser/dom.rs"]
mod dom;
#[path = "browser/frames.rs"]
mod frames;

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::crates;

pub use chromium::chromium;
use chromium::{dump, file_url, screenshot};
use controls::controls;
use dom::film_cases;
use frames::{compare, parse_show};

/// How to install the browser the suite needs (Debian).
pub const INSTALL: &str = "apt-get update && apt-get install -y chromium";

/// One page to check: which binary, on which input, with which extra arguments.
#[derive(Clone, Copy, Debug)]
pub struct PageCase {
    /// The name of the page and its screenshot under `target/browser/`.
    pub name: &'static str,
    /// The package whose binary writes the page.
    pub package: &'static str,
    /// An example program of the package instead of its binary.
    pub example: Option<&'static str>,
    /// The input, relative to the package's folder.
    pub input: &'static str,
    /// Extra arguments.
    pub args: &'static [&'static str],
    /// A long solution: `--show` (its first and last 20 steps) instead of `--show-all`, and
    /// the page must stay under [`LONG_PAGE_LIMIT`] bytes.
    pub long: bool,
    /// Written by `cargo xtask demo --html`.
    pub demo: bool,
}

const fn page(name: &'static str, package: &'static str, input: &'static str) -> PageCase {
    PageCase {
        name,
        package,
        example: None,
        input,
        args: &[],
        long: false,
        demo: true,
    }
}

/// A puzzle's statement sample, relative to its folder.
const SAMPLE: &str = "tests/cases/sample.in";

/// Every page the suite opens: each puzzle's statement sample (one per crate of
/// [`crates::all`]), a long solution, and the synthetic films of
/// `puzzle-frame/examples/film_demo.rs`.
pub fn pages() -> Vec<PageCase> {
    let mut pages: Vec<PageCase> = crates::all()
        .iter()
        .map(|puzzle| page(puzzle.name, puzzle.name, SAMPLE))
        .collect();
    pages.extend([BLOXORZ_SERPENTINE, FILM_DEMO, FILM_DEMO_LONG]);
    pages
}

/// A solution of thousands of rolls on a 500 x 500 board.
pub const BLOXORZ_SERPENTINE: PageCase = PageCase {
    long: true,
    demo: false,
    ..page(
        "bloxorz-serpentine",
        "bloxorz",
        "tests/cases/serpentine_500.in",
    )
};

/// The synthetic films: several cases, one without a solution, a boxed film, markup to
/// escape, a cropped board.
pub const FILM_DEMO: PageCase = PageCase {
    example: Some("film_demo"),
    demo: false,
    ..page("film-demo", "puzzle-frame", "examples/film_demo.in")
};

/// A synthetic solution of 41,783 moves on a 500 x 500 board.
pub const FILM_DEMO_LONG: PageCase = PageCase {
    example: Some("film_demo"),
    long: true,
    demo: false,
    ..page(
        "film-demo-long",
        "puzzle-frame",
        "examples/film_demo_long.in",
    )
};

/// The cases of a page that are checked.
pub const CASES_CHECKED: usize = 6;
/// The most bytes a page of a long solution may take.
pub const LONG_PAGE_LIMIT: u64 = 8 << 20;

/// What the suite found.
#[derive(Clone, Debug, Default)]
pub struct BrowserReport {
    /// Checks that passed.
    pub passed: usize,
    /// Checks that failed.
    pub failed: usize,
    /// One line per failure, and the pages and screenshots written.
    pub messages: Vec<String>,
    /// Why the suite did not run (no browser, outside CI).
    pub skipped: Option<String>,
}

impl BrowserReport {
    fn check(&mut self, what: &str, result: Result<(), String>) {
        match result {
            Ok(()) => self.passed += 1,
            Err(e) => {
                self.failed += 1;
                self.messages.push(format!("FAILED {what}: {e}"));
            }
        }
    }
}

/// Runs every page of [`pages`], building the binaries into the workspace's target folder.
pub fn run(root: &Path) -> Result<BrowserReport, String> {
    let target = target_dir(root);
    run_pages(root, &target, &target.join("browser"), &pages())
}

/// Runs `pages`, building into `target`, writing pages and screenshots into `out_dir`.
/// `Err` when the suite could not run at all (no browser under `CI=true` in this process's
/// environment, a failed build); failed checks are counted in the report.
pub fn run_pages(
    root: &Path,
    target: &Path,
    out_dir: &Path,
    pages: &[PageCase],
) -> Result<BrowserReport, String> {
    let Some(browser) = chromium() else {
        return missing_browser(std::env::var("CI").is_ok_and(|v| v == "true"));
    };
    std::fs::create_dir_all(out_dir)
        .map_err(|e| format!("cannot create {}: {e}", out_dir.display()))?;
    let binaries = build(root, target, pages)?;
    let mut report = BrowserReport::default();
    for (page, binary) in pages.iter().zip(binaries) {
        check_page(root, &browser, out_dir, page, &binary, &mut report);
    }
    Ok(report)
}

/// Without a browser: a loud skip, or under CI (`ci`) a failure.
fn missing_browser(ci: bool) -> Result<BrowserReport, String> {
    let message = format!(
        "Chromium not found: the --html browser tests were SKIPPED. Install it with `{INSTALL}` (as root)"
    );
    if ci {
        return Err(format!(
            "Chromium not found, and under CI=true the --html browser tests must run: install it with `{INSTALL}` (as root)"
        ));
    }
    // Straight to the standard error stream, past a test harness's capture of `eprintln!`.
    let _ = writeln!(std::io::stderr(), "\n!!! {message}\n");
    Ok(BrowserReport {
        skipped: Some(message),
        ..BrowserReport::default()
    })
}

/// Writes each puzzle's sample page (the rows of [`pages`] marked `demo`) under
/// `target/demo/`, building the release binaries; the paths written.
pub fn write_demo_pages(root: &Path) -> Result<Vec<PathBuf>, String> {
    let target = target_dir(root);
    let pages: Vec<PageCase> = pages().into_iter().filter(|p| p.demo).collect();
    let dir = target.join("demo");
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let mut build = cargo(root);
    build.args(["build", "--release", "--quiet"]);
    for p in &pages {
        build.args(["--package", p.package]);
    }
    run_status(&mut build, "the release build")?;
    let mut written = Vec::new();
    for p in &pages {
        let file = dir.join(format!("{}.html", p.name));
        let binary = target.join("release").join(p.package);
        run_binary(root, &binary, p, &file)?;
        written.push(file);
    }
    Ok(written)
}

/// `cargo`, as the one that runs us, working in `root`.
fn cargo(root: &Path) -> Command {
    let program = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut cmd = Command::new(program);
    cmd.current_dir(root);
    cmd
}

/// The folder cargo builds into for the workspace at `root`.
fn target_dir(root: &Path) -> PathBuf {
    match std::env::var_os("CARGO_TARGET_DIR") {
        Some(dir) => root.join(dir),
        None => root.join("target"),
    }
}

fn run_status(cmd: &mut Command, what: &str) -> Result<(), String> {
    let status = cmd
        .status()
        .map_err(|e| format!("cannot run {what}: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("{what} failed: {status}"))
    }
}

/// Builds every binary and example `pages` need (debug profile) into `target`; the binary
/// of each page, in order.
fn build(root: &Path, target: &Path, pages: &[PageCase]) -> Result<Vec<PathBuf>, String> {
    // The binaries in one build and the examples in another: an example brings in
    // dev-dependencies, whose features (a crate's `testkit`) must not leak into the
    // binaries the suite tests.
    for examples in [false, true] {
        let mut cmd = cargo(root);
        cmd.args(["build", "--quiet"])
            .env("CARGO_TARGET_DIR", target);
        let mut any = false;
        for p in pages {
            if p.example.is_some() != examples || !root.join(p.package).join("Cargo.toml").exists()
            {
                continue;
            }
            any = true;
            cmd.args(["--package", p.package]);
            match p.example {
                Some(example) => cmd.args(["--example", example]),
                None => cmd.args(["--bin", p.package]),
            };
        }
        if any {
            run_status(&mut cmd, "cargo build of the page binaries")?;
        }
    }
    let debug = target.join("debug");
    Ok(pages
        .iter()
        .map(|p| match p.example {
            Some(example) => debug.join("examples").join(example),
            None => debug.join(p.package),
        })
        .collect())
}

/// Runs `binary` on the page's input with `--show-all` (or `--show`), `--html file` and
/// `COLUMNS=1`; its standard output.
fn run_binary(root: &Path, binary: &Path, page: &PageCase, file: &Path) -> Result<String, String> {
    let input_path = root.join(page.package).join(page.input);
    let input = std::fs::File::open(&input_path)
        .map_err(|e| format!("cannot open {}: {e}", input_path.display()))?;
    let show = if page.long { "--show" } else { "--show-all" };
    let _ = std::fs::remove_file(file);
    let output = Command::new(binary)
        .args([show, "--html"])
        .arg(file)
        .args(page.args)
        .env("COLUMNS", "1")
        .stdin(input)
        .stderr(Stdio::piped())
        .output()
        .map_err(|e| format!("cannot run {}: {e}", binary.display()))?;
    if !output.status.success() {
        return Err(format!(
            "{} exited with {}: {}",
            binary.display(),
            output.status,
            String::from_utf8_lossy(&output.stderr).trim()
        ));
    }
    if !file.exists() {
        return Err(format!(
            "{} wrote no page at {} (does its main loop call printing.finish()?)",
            binary.display(),
            file.display()
        ));
    }
    Ok(String::from_utf8_lossy(&output.stdout).into_owned())
}

/// Every check of one page, counted in `report`.
fn check_page(
    root: &Path,
    browser: &Path,
    out_dir: &Path,
    page: &PageCase,
    binary: &Path,
    report: &mut BrowserReport,
) {
    let name = page.name;
    if !root.join(page.package).join("Cargo.toml").exists() {
        report.check(
            name,
            Err(format!("no crate {} in the workspace", page.package)),
        );
        return;
    }
    let file = out_dir.join(format!("{name}.html"));
    let stdout = match run_binary(root, binary, page, &file) {
        Ok(stdout) => stdout,
        Err(e) => return report.check(name, Err(e)),
    };
    let html = std::fs::read_to_string(&file).unwrap_or_default();
    report.check(&format!("{name}: self-contained"), self_contained(&html));
    if page.long {
        let size = html.len() as u64;
        let within = if size <= LONG_PAGE_LIMIT {
            Ok(())
        } else {
            Err(format!("{size} bytes, over {LONG_PAGE_LIMIT}"))
        };
        report.check(&format!("{name}: page size {size} bytes"), within);
    }
    let films = parse_show(&stdout);
    let url = file_url(&file);
    let listing = dump(browser, &format!("{url}#case=1&step=0"));
    let with_film = match listing {
        Ok((dom, _)) => film_cases(&dom),
        Err(e) => return report.check(&format!("{name}: open"), Err(e)),
    };
    let matched = if with_film.len() == films.len() && !films.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "{} picker entries with a film, {} films on standard output",
            with_film.len(),
            films.len()
        ))
    };
    report.check(&format!("{name}: one picker entry per film"), matched);
    for (film, &k) in films.iter().zip(&with_film).take(CASES_CHECKED) {
        let n = film.steps;
        // The middle step, or the shown step nearest to it (a long solution's --show leaves
        // out its middle).
        let middle = film
            .frames
            .iter()
            .map(|f| f.step)
            .min_by_key(|&s| s.abs_diff(n / 2))
            .unwrap_or(0);
        // Each step is reached from another one, back and forth: 0 from the middle, the
        // middle from the end, the end from the start.
        let mut wanted = vec![(0, middle), (middle, n), (n, 0)];
        wanted.dedup_by_key(|w| w.0);
        for (step, via) in wanted {
            let what = format!("{name}: case {k} step {step}/{n} (via {via})");
            let Some(frame) = film.frames.iter().find(|f| f.step == step) else {
                report.check(&what, Err("not in the --show output".into()));
                continue;
            };
            let dom = dump(browser, &format!("{url}#case={k}&step={step}&via={via}"));
            report.check(&what, dom.and_then(|(dom, _)| compare(&dom, k, frame, n)));
        }
    }
    if let (Some(film), Some(&k)) = (films.iter().find(|f| f.steps >= 2), with_film.first()) {
        let k = films
            .iter()
            .zip(&with_film)
            .find(|(f, _)| f.steps >= 2)
            .map_or(k, |(_, &k)| k);
        let what = format!("{name}: controls and keys on case {k}");
        report.check(&what, controls(browser, &file, &html, k, film.steps));
    }
    if let (Some(film), Some(&k)) = (films.first(), with_film.first()) {
        let png = out_dir.join(format!("{name}.png"));
        let shot = screenshot(
            browser,
            &format!("{url}#case={k}&step={}", film.steps / 2),
            &png,
        );
        report.check(&format!("{name}: screenshot {}", png.display()), shot);
        report
            .messages
            .push(format!("{name}: {} and {}", file.display(), png.display()));
    }
}

/// The page loads nothing from elsewhere: its policy, and no address or reference outside
/// its JSON data.
fn self_contained(html: &str) -> Result<(), String> {
    let policy =
        "content=\"default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'\"";
    if !html.contains(policy) {
        return Err("no Content-Security-Policy default-src 'none'".into());
    }
    let outside: String = match html.split_once("id=\"films\">") {
        Some((head, rest)) => {
            let tail = rest.split_once("</script>").map_or("", |(_, t)| t);
            format!("{head}{tail}")
        }
        None => return Err("no JSON data".into()),
    };
    for word in ["http:", "https:", "src=", "href=", "url(", "@import"] {
        if outside.contains(word) {
            return Err(format!("the page mentions '{word}'"));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn root() -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .parent()
            .map(Path::to_path_buf)
            .unwrap_or_default()
    }

    #[test]
    fn a_missing_browser_skips_loudly_but_fails_under_ci() {
        let skipped = missing_browser(false).unwrap();
        assert_eq!(skipped.passed + skipped.failed, 0);
        assert!(skipped.skipped.unwrap().contains(INSTALL));
        let failed = missing_browser(true).unwrap_err();
        assert!(
            failed.starts_with("Chromium not found, and under CI=true"),
            "{failed}"
        );
        assert!(failed.contains(INSTALL), "{failed}");
    }

    /// The synthetic pages in headless Chromium (skipped, loudly, without a browser outside
    /// CI). The puzzles' rows of [`pages`] run through [`run`] (`cargo xtask verify`).
    /// The pages go to a folder of this process's own, so that two `cargo test` at once do
    /// not write them over each other.
    #[test]
    fn film_demo_pages_in_chromium() {
        let root = root();
        let target = target_dir(&root).join("browser-test");
        let pages = target.join(format!("pages-{}", std::process::id()));
        let result = run_pages(&root, &target, &pages, &[FILM_DEMO, FILM_DEMO_LONG]);
        let _ = std::fs::remove_dir_all(&pages);
        let report = result.unwrap_or_else(|e| panic!("{e}"));
        for m in &report.messages {
            eprintln!("{m}");
        }
        eprintln!(
            "browser checks: {} passed, {} failed",
            report.passed, report.failed
        );
        if report.skipped.is_none() {
            assert!(report.passed > 0);
        }
        assert_eq!(report.failed, 0, "{:#?}", report.messages);
    }
}
