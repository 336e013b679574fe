//! `--show` output read back into frames, and a page's board compared with one.

use super::dom::{element_attributes, element_text};

/// One frame read from `--show` output.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct ShownFrame {
    pub(super) step: usize,
    pub(super) caption: String,
    pub(super) rows: Vec<String>,
    /// For a frame that shows a window of a board too large for one: the window's first
    /// row and column on the board (0-based), from its caption's `(rows a-b, columns c-d)`.
    pub(super) window: Option<(usize, usize)>,
    /// Read out of boxes: the rows are exact (a plain row lost its trailing spaces).
    pub(super) boxed: bool,
    /// False when the frame's end could not be told from the next lines (a film of no
    /// moves): only its first rows are the board.
    pub(super) exact: bool,
}

/// One film read from `--show` output.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct ShownFilm {
    pub(super) steps: usize,
    pub(super) frames: Vec<ShownFrame>,
}

/// `step k/n: ...` as `(k, n)`.
pub(super) fn caption_numbers(line: &str) -> Option<(usize, usize)> {
    let rest = line.strip_prefix("step ")?;
    let (numbers, _) = rest.split_once(": ")?;
    let (k, n) = numbers.split_once('/')?;
    Some((k.parse().ok()?, n.parse().ok()?))
}

/// A caption without the window a following frame names: `step 3/9: R (rows 41-80,
/// columns 1-80)` is `step 3/9: R` and `Some((40, 0))`.
pub(super) fn split_window(caption: &str) -> (&str, Option<(usize, usize)>) {
    let parsed = caption.strip_suffix(')').and_then(|rest| {
        let (head, window) = rest.rsplit_once(" (rows ")?;
        let (rows, cols) = window.split_once(", columns ")?;
        let first = |range: &str| {
            range
                .split_once('-')?
                .0
                .parse::<usize>()
                .ok()?
                .checked_sub(1)
        };
        Some((head, (first(rows)?, first(cols)?)))
    });
    match parsed {
        Some((head, window)) => (head, Some(window)),
        None => (caption, None),
    }
}

/// The films in a binary's standard output under `COLUMNS=1`: each frame is its caption,
/// then its board lines up to a blank line; the last frame of a film is as tall as its
/// first. Boxed boards (`+---+` rules) are read back to their characters.
pub(super) fn parse_show(stdout: &str) -> Vec<ShownFilm> {
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
            let (caption, window) = split_window(lines[i]);
            film.frames.push(ShownFrame {
                step: k,
                caption: caption.to_string(),
                rows,
                window,
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
pub(super) fn unbox(block: &[&str]) -> (Vec<String>, bool) {
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
pub(super) fn compare(
    dom: &str,
    case: usize,
    frame: &ShownFrame,
    steps: usize,
) -> Result<(), String> {
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
    let mut rows: Vec<String> = shown.split('\n').map(str::to_string).collect();
    let width = rows.first().map_or(0, |r| r.chars().count());
    if rows.iter().any(|r| r.chars().count() != width) {
        return Err("data-board rows of different lengths".into());
    }
    if let Some(window) = frame.window {
        // The page draws the cells the solution uses; --show a window of them per frame.
        let origin = attr("data-window").ok_or("no data-window")?;
        rows = cut_window(&rows, origin, window, &frame.rows)?;
    }
    // `--show` trims the spaces at the end of a plain line; boxed rows are exact.
    let page: Vec<&str> = if frame.boxed {
        rows.iter().map(String::as_str).collect()
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

/// The part of the page's board `rows` (whose top-left cell is the board's `origin`,
/// `"top,left"`) that a `--show` frame of `shown` rows draws from `window` on.
fn cut_window(
    rows: &[String],
    origin: &str,
    window: (usize, usize),
    shown: &[String],
) -> Result<Vec<String>, String> {
    let parse = || -> Option<(usize, usize)> {
        let (top, left) = origin.split_once(',')?;
        Some((top.parse().ok()?, left.parse().ok()?))
    };
    let (top, left) = parse().ok_or_else(|| format!("data-window {origin:?}"))?;
    let (r0, c0) = (window.0.checked_sub(top), window.1.checked_sub(left));
    let (Some(r0), Some(c0)) = (r0, c0) else {
        return Err(format!(
            "the --show window {window:?} starts outside the page's"
        ));
    };
    let cols = shown.iter().map(|r| r.chars().count()).max().unwrap_or(0);
    Ok(rows
        .iter()
        .skip(r0)
        .take(shown.len())
        .map(|r| r.chars().skip(c0).take(cols).collect())
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn a_following_frame_names_its_window() {
        assert_eq!(
            split_window("step 3/9: R (rows 41-80, columns 2-81)"),
            ("step 3/9: R", Some((40, 1)))
        );
        assert_eq!(split_window("step 3/9: (x)"), ("step 3/9: (x)", None));
        let page: Vec<String> = ["abcd", "efgh", "ijkl"].map(String::from).to_vec();
        let shown: Vec<String> = ["fg", "jk"].map(String::from).to_vec();
        assert_eq!(
            cut_window(&page, "10,20", (11, 21), &shown),
            Ok(shown.clone())
        );
        assert!(cut_window(&page, "10,20", (9, 21), &shown).is_err());
    }
}
