//! `--show` output read back into frames, and a page's board compared with one.

use super::dom::{element_attributes, element_text};

/// One frame read from `--show` output.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct ShownFrame {
    pub(super) step: usize,
    pub(super) caption: String,
    pub(super) rows: Vec<String>,
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
}
