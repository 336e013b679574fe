//! The `--html` page in a real browser: every puzzle's page opened in headless Chromium and
//! compared with the `--show` frames of the same solution.
//!
//! For each row of [`PAGES`], the binary runs on the input with `--show-all` (`--show` for
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

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

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
    /// The input, relative to the workspace root.
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

/// Every page the suite opens: each puzzle's statement sample, a long solution, and the
/// synthetic films of `grid-common/examples/film_demo.rs`.
pub const PAGES: &[PageCase] = &[
    page(
        "huarongdao",
        "huarongdao",
        "huarongdao/tests/cases/sample.in",
    ),
    page("bloxorz", "bloxorz", "bloxorz/tests/cases/sample.in"),
    page(
        "snake-maze",
        "snake-maze",
        "snake-maze/tests/cases/sample.in",
    ),
    page("card-swap", "card-swap", "card-swap/tests/cases/sample.in"),
    page("klotski", "klotski", "klotski/tests/cases/sample.in"),
    PageCase {
        long: true,
        demo: false,
        ..page(
            "bloxorz-serpentine",
            "bloxorz",
            "bloxorz/tests/cases/serpentine_500.in",
        )
    },
    FILM_DEMO,
    FILM_DEMO_LONG,
];

/// The synthetic films: several cases, one without a solution, a boxed film, markup to
/// escape, a cropped board.
pub const FILM_DEMO: PageCase = PageCase {
    example: Some("film_demo"),
    demo: false,
    ..page(
        "film-demo",
        "grid-common",
        "grid-common/examples/film_demo.in",
    )
};

/// A synthetic solution of 41,783 moves on a 500 x 500 board.
pub const FILM_DEMO_LONG: PageCase = PageCase {
    example: Some("film_demo"),
    long: true,
    demo: false,
    ..page(
        "film-demo-long",
        "grid-common",
        "grid-common/examples/film_demo_long.in",
    )
};

/// The cases of a page that are checked.
pub const CASES_CHECKED: usize = 6;
/// The most bytes a page of a long solution may take.
pub const LONG_PAGE_LIMIT: u64 = 8 << 20;
/// How long one Chromium run may take.
const BROWSER_TIMEOUT: Duration = Duration::from_secs(120);

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

/// Runs every page of [`PAGES`], building the binaries into the workspace's target folder.
pub fn run(root: &Path) -> Result<BrowserReport, String> {
    run_pages(root, &target_dir(root), PAGES)
}

/// Runs `pages`, building into `target`. `Err` when the suite could not run at all (no
/// browser under `CI=true`, a failed build); failed checks are counted in the report.
pub fn run_pages(root: &Path, target: &Path, pages: &[PageCase]) -> Result<BrowserReport, String> {
    let Some(browser) = chromium() else {
        return missing_browser(std::env::var("CI").is_ok_and(|v| v == "true"));
    };
    let out_dir = target.join("browser");
    std::fs::create_dir_all(&out_dir)
        .map_err(|e| format!("cannot create {}: {e}", out_dir.display()))?;
    let binaries = build(root, target, pages)?;
    let mut report = BrowserReport::default();
    for (page, binary) in pages.iter().zip(binaries) {
        check_page(root, &browser, &out_dir, page, &binary, &mut report);
    }
    Ok(report)
}

/// Without a browser: a loud skip, or under CI (`ci`) a failure.
fn missing_browser(ci: bool) -> Result<BrowserReport, String> {
    let message = format!(
        "Chromium not found: the --html browser tests were SKIPPED. Install it with `{INSTALL}` (as root)"
    );
    if ci {
        return Err(format!("{message}; under CI=true a missing browser fails"));
    }
    // Straight to the standard error stream, past a test harness's capture of `eprintln!`.
    let _ = writeln!(std::io::stderr(), "\n!!! {message}\n");
    Ok(BrowserReport {
        skipped: Some(message),
        ..BrowserReport::default()
    })
}

/// Writes each puzzle's sample page (the rows of [`PAGES`] marked `demo`) under
/// `target/demo/`, building the release binaries; the paths written.
pub fn write_demo_pages(root: &Path) -> Result<Vec<PathBuf>, String> {
    let target = target_dir(root);
    let pages: Vec<PageCase> = PAGES
        .iter()
        .filter(|p| p.demo && root.join(p.package).join("Cargo.toml").exists())
        .copied()
        .collect();
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
    let mut cmd = cargo(root);
    cmd.args(["build", "--quiet"])
        .env("CARGO_TARGET_DIR", target);
    let mut any = false;
    for p in pages {
        if !root.join(p.package).join("Cargo.toml").exists() {
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
    let input_path = root.join(page.input);
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

/// The script that drives the page's controls like a person would, one action after the
/// other, and writes the step shown after each into `data-probe` on `<body>`.
const CONTROLS_PROBE: &str = r#"<script>
(function () {
  var log = [];
  function $(id) { return document.getElementById(id); }
  function shown() { return $("board").getAttribute("data-step"); }
  function key(k) {
    document.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true }));
    log.push(k + "=" + shown());
  }
  function click(id) { $(id).click(); log.push(id + "=" + shown()); }
  key("End"); key("ArrowLeft"); key("Home"); key("ArrowRight");
  click("last"); click("back"); click("first"); click("next");
  $("slider").value = "MIDDLE";
  $("slider").dispatchEvent(new Event("input"));
  log.push("slider=" + shown());
  var moves = $("moves").children;
  moves[moves.length - 1].click();
  log.push("move=" + shown());
  click("first");
  $("speed").value = "5000";
  $("speed").dispatchEvent(new Event("change"));
  key(" ");
  setTimeout(function () {
    log.push("played=" + shown() + "," + $("play").textContent);
    document.body.setAttribute("data-probe", log.join(" "));
  }, PLAY_MS);
})();
</script>
</body>"#;

/// The controls and keys, driven by [`CONTROLS_PROBE`] on a copy of the page, show the
/// steps they should: End, Left, Home, Right, the buttons, the slider, a click on the last
/// move of the list, and play at full speed to the end.
fn controls(browser: &Path, file: &Path, html: &str, case: usize, n: usize) -> Result<(), String> {
    let middle = n / 2;
    // Play runs at 5000 steps a second: wait for it, a second more, in virtual time.
    let play_ms = n / 5 + 1000;
    let probe = CONTROLS_PROBE
        .replace("MIDDLE", &middle.to_string())
        .replace("PLAY_MS", &play_ms.to_string());
    let copy = file.with_extension("controls.html");
    std::fs::write(&copy, html.replacen("</body>", &probe, 1))
        .map_err(|e| format!("cannot write {}: {e}", copy.display()))?;
    let url = format!("{}#case={case}&step=0", file_url(&copy));
    let budget = format!("--virtual-time-budget={}", play_ms + 3000);
    let (dom, _) = dump_with(browser, &url, &[budget])?;
    let body = element_attributes(&dom, "<body").unwrap_or_default();
    let got = body
        .iter()
        .find(|(name, _)| name == "data-probe")
        .map(|(_, v)| v.clone())
        .ok_or("the probe did not finish")?;
    // The list holds the block of moves around the slider's step; its last one is clicked.
    let listed = n.min((middle.saturating_sub(1) / MOVES_LISTED + 1) * MOVES_LISTED);
    let want = format!(
        "End={n} ArrowLeft={} Home=0 ArrowRight=1 last={n} back={} first=0 next=1 \
         slider={middle} move={listed} first=0  =0 played={n},play",
        n - 1,
        n - 1
    );
    if got == want {
        Ok(())
    } else {
        Err(format!("the steps shown were\n  {got}\nexpected\n  {want}"))
    }
}

/// The moves the page's move list holds at a time.
const MOVES_LISTED: usize = 500;

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

/// One frame read from `--show` output.
#[derive(Clone, Debug, PartialEq, Eq)]
struct ShownFrame {
    step: usize,
    caption: String,
    rows: Vec<String>,
    /// Read out of boxes: the rows are exact (a plain row lost its trailing spaces).
    boxed: bool,
    /// False when the frame's end could not be told from the next lines (a film of no
    /// moves): only its first rows are the board.
    exact: bool,
}

/// One film read from `--show` output.
#[derive(Clone, Debug, PartialEq, Eq)]
struct ShownFilm {
    steps: usize,
    frames: Vec<ShownFrame>,
}

/// `step k/n: ...` as `(k, n)`.
fn caption_numbers(line: &str) -> Option<(usize, usize)> {
    let rest = line.strip_prefix("step ")?;
    let (numbers, _) = rest.split_once(": ")?;
    let (k, n) = numbers.split_once('/')?;
    Some((k.parse().ok()?, n.parse().ok()?))
}

/// The films in a binary's standard output under `COLUMNS=1`: each frame is its caption,
/// then its board lines up to a blank line; the last frame of a film is as tall as its
/// first. Boxed boards (`+---+` rules) are read back to their characters.
fn parse_show(stdout: &str) -> Vec<ShownFilm> {
    let lines: Vec<&str> = stdout.lines().collect();
    let mut films: Vec<ShownFilm> = Vec::new();
    let mut height = 0;
    let mut i = 0;
    while i < lines.len() {
        let Some((k, n)) = caption_numbers(lines[i]) else {
            i += 1;
            continue;
        };
        let mut j = i + 1;
        while j < lines.len() && !lines[j].is_empty() && caption_numbers(lines[j]).is_none() {
            j += 1;
        }
        let mut block: Vec<&str> = lines[i + 1..j].to_vec();
        let mut exact = true;
        if k == 0 {
            films.push(ShownFilm {
                steps: n,
                frames: Vec::new(),
            });
            height = block.len();
            exact = n > 0;
        } else if k == n {
            block.truncate(height);
        }
        if let Some(film) = films.last_mut() {
            let (rows, boxed) = unbox(&block);
            film.frames.push(ShownFrame {
                step: k,
                caption: lines[i].to_string(),
                rows,
                boxed,
                exact,
            });
        }
        i = i + 1 + block.len();
    }
    films
}

/// The characters of a boxed board (`+---+` / `| c |` lines) and `true`, or the lines as
/// they are and `false`.
fn unbox(block: &[&str]) -> (Vec<String>, bool) {
    let rule =
        |l: &str| l.len() >= 5 && l.len() % 4 == 1 && l.chars().all(|c| c == '+' || c == '-');
    if !block.first().is_some_and(|l| rule(l)) {
        return (block.iter().map(|l| l.to_string()).collect(), false);
    }
    let rows = block
        .iter()
        .filter(|l| !rule(l))
        .map(|l| {
            let chars: Vec<char> = l.chars().collect();
            (2..chars.len()).step_by(4).map(|i| chars[i]).collect()
        })
        .collect();
    (rows, true)
}

/// The page's board and caption against the `--show` frame.
fn compare(dom: &str, case: usize, frame: &ShownFrame, steps: usize) -> Result<(), String> {
    let board = element_attributes(dom, "id=\"board\"").ok_or("no #board element")?;
    let attr = |name: &str| {
        board
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    };
    let expect = [
        ("data-case", case.to_string()),
        ("data-step", frame.step.to_string()),
        ("data-steps", steps.to_string()),
    ];
    for (name, value) in expect {
        if attr(name) != Some(value.as_str()) {
            return Err(format!("{name} is {:?}, expected {value}", attr(name)));
        }
    }
    let shown = attr("data-board").ok_or("no data-board")?;
    let rows: Vec<&str> = shown.split('\n').collect();
    let width = rows.first().map_or(0, |r| r.chars().count());
    if rows.iter().any(|r| r.chars().count() != width) {
        return Err("data-board rows of different lengths".into());
    }
    // `--show` trims the spaces at the end of a plain line; boxed rows are exact.
    let page: Vec<&str> = if frame.boxed {
        rows.clone()
    } else {
        rows.iter().map(|r| r.trim_end_matches(' ')).collect()
    };
    let expected: Vec<&str> = if frame.exact {
        frame.rows.iter().map(String::as_str).collect()
    } else {
        frame
            .rows
            .iter()
            .take(page.len())
            .map(String::as_str)
            .collect()
    };
    if page != expected {
        return Err(format!(
            "data-board differs from the --show frame:\n--- page\n{}\n--- --show\n{}",
            page.join("\n"),
            expected.join("\n")
        ));
    }
    let caption = element_text(dom, "id=\"caption\"").ok_or("no #caption")?;
    if caption.trim_end() != frame.caption {
        return Err(format!(
            "caption {caption:?}, --show wrote {:?}",
            frame.caption
        ));
    }
    Ok(())
}

/// The picker's case numbers that have a film, in order.
fn film_cases(dom: &str) -> Vec<usize> {
    let mut cases = Vec::new();
    let mut rest = dom;
    while let Some(at) = rest.find("<option") {
        rest = &rest[at + 1..];
        let attrs = parse_attributes(rest);
        let value = attrs.iter().find(|(n, _)| n == "value");
        let film = attrs.iter().any(|(n, v)| n == "data-film" && v == "1");
        if let (Some((_, v)), true) = (value, film) {
            if let Ok(k) = v.parse() {
                cases.push(k);
            }
        }
    }
    cases
}

/// The attributes of the element whose start tag contains (or starts with) `marker`.
fn element_attributes(dom: &str, marker: &str) -> Option<Vec<(String, String)>> {
    let at = dom.find(marker)?;
    let start = if marker.starts_with('<') {
        at
    } else {
        dom[..at].rfind('<')?
    };
    Some(parse_attributes(&dom[start + 1..]))
}

/// The text of the element whose start tag contains `marker` (no child elements).
fn element_text(dom: &str, marker: &str) -> Option<String> {
    let at = dom.find(marker)?;
    let open = at + dom[at..].find('>')? + 1;
    let close = open + dom[open..].find('<')?;
    Some(decode_entities(&dom[open..close]))
}

/// `name="value"` pairs of a start tag (from just after its `<` to its `>`), decoded.
fn parse_attributes(tag: &str) -> Vec<(String, String)> {
    let mut attrs = Vec::new();
    let bytes = tag.as_bytes();
    // Skip the tag name.
    let mut i = tag
        .find(|c: char| c.is_whitespace() || c == '>')
        .unwrap_or(tag.len());
    while i < bytes.len() && bytes[i] != b'>' {
        if bytes[i].is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let name_end = tag[i..]
            .find(|c: char| c == '=' || c == '>' || c.is_whitespace())
            .map_or(tag.len(), |e| i + e);
        let name = tag[i..name_end].to_string();
        i = name_end;
        if bytes.get(i) == Some(&b'=') && bytes.get(i + 1) == Some(&b'"') {
            let value_end = tag[i + 2..].find('"').map_or(tag.len(), |e| i + 2 + e);
            attrs.push((name, decode_entities(&tag[i + 2..value_end])));
            i = value_end + 1;
        } else {
            attrs.push((name, String::new()));
        }
    }
    attrs
}

/// Decodes the character references Chromium writes when it serializes the DOM.
fn decode_entities(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        let Some(end) = rest.find(';').filter(|&e| e <= 10) else {
            out.push('&');
            rest = &rest[1..];
            continue;
        };
        let entity = &rest[1..end];
        let decoded = match entity {
            "amp" => Some('&'),
            "lt" => Some('<'),
            "gt" => Some('>'),
            "quot" => Some('"'),
            "apos" => Some('\''),
            "nbsp" => Some('\u{a0}'),
            _ => entity
                .strip_prefix("#x")
                .and_then(|h| u32::from_str_radix(h, 16).ok())
                .or_else(|| entity.strip_prefix('#').and_then(|d| d.parse().ok()))
                .and_then(char::from_u32),
        };
        match decoded {
            Some(c) => {
                out.push(c);
                rest = &rest[end + 1..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// `file://` address of a file.
fn file_url(path: &Path) -> String {
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
fn chromium_run(browser: &Path, url: &str, extra: &[String]) -> Result<(String, String), String> {
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

fn read_all(pipe: Option<&mut impl std::io::Read>) -> String {
    let mut bytes = Vec::new();
    if let Some(pipe) = pipe {
        let _ = pipe.read_to_end(&mut bytes);
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// The DOM of `url` after its scripts ran; fails on a script error or a request for
/// anything outside the file.
fn dump(browser: &Path, url: &str) -> Result<(String, String), String> {
    dump_with(browser, url, &[])
}

/// [`dump`] with more arguments for Chromium.
fn dump_with(browser: &Path, url: &str, extra: &[String]) -> Result<(String, String), String> {
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
fn screenshot(browser: &Path, url: &str, png: &Path) -> Result<(), String> {
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
    fn show_output_is_read_back_into_frames() {
        let stdout = "2\nRR\n(rows 1-1, columns 1-3 of the 50 x 100 board)\nstep 0/2: start\nA..\n\nstep 1/2: R\n.A.\n\nstep 2/2: R\n..A\n-1\n1\nD\nstep 0/1: start\n+---+\n| A |\n+---+\n|   |\n+---+\n\nstep 1/1: D\n+---+\n|   |\n+---+\n| A |\n+---+\n";
        let films = parse_show(stdout);
        assert_eq!(films.len(), 2);
        assert_eq!(films[0].steps, 2);
        assert_eq!(films[0].frames[2].rows, vec!["..A"]);
        assert_eq!(films[0].frames[1].caption, "step 1/2: R");
        assert_eq!(films[1].frames[0].rows, vec!["A", " "]);
        assert!(films[1].frames[0].boxed && !films[0].frames[0].boxed);
        assert_eq!(films[1].frames[1].rows, vec![" ", "A"]);
    }

    #[test]
    fn attributes_and_entities_are_decoded() {
        let dom = "<html><body><canvas id=\"board\" data-board=\"a&lt;&quot;&amp;\n b\" data-step=\"3\"></canvas><div id=\"caption\">step 1/2: &lt;b&gt;</div><option value=\"2\" data-film=\"1\">x</option><option value=\"3\">y</option>";
        let attrs = element_attributes(dom, "id=\"board\"").unwrap();
        assert!(attrs.contains(&("data-board".into(), "a<\"&\n b".into())));
        assert!(attrs.contains(&("data-step".into(), "3".into())));
        assert_eq!(
            element_text(dom, "id=\"caption\"").as_deref(),
            Some("step 1/2: <b>")
        );
        assert_eq!(film_cases(dom), vec![2]);
        let html = "<!DOCTYPE html>\n<html lang=\"en\" data-error=\"x is not defined\"><head>";
        let attrs = element_attributes(html, "<html").unwrap();
        assert!(attrs.contains(&("data-error".into(), "x is not defined".into())));
    }

    #[test]
    fn a_missing_browser_skips_loudly_but_fails_under_ci() {
        let skipped = missing_browser(false).unwrap();
        assert_eq!(skipped.passed + skipped.failed, 0);
        assert!(skipped.skipped.unwrap().contains(INSTALL));
        assert!(missing_browser(true).unwrap_err().contains(INSTALL));
    }

    /// The synthetic pages in headless Chromium (skipped, loudly, without a browser outside
    /// CI). The puzzles' rows of [`PAGES`] run through [`run`] (`cargo xtask verify`).
    #[test]
    fn film_demo_pages_in_chromium() {
        let root = root();
        let target = target_dir(&root).join("browser-test");
        let report = run_pages(&root, &target, &[FILM_DEMO, FILM_DEMO_LONG])
            .unwrap_or_else(|e| panic!("{e}"));
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
