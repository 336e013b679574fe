//! `--html FILE`: one self-contained page that plays the solution of every case.
//!
//! The page is built from the same [`Film`]s that `--show` draws, so no puzzle's rules are
//! written again in JavaScript: the page only applies each step's changed cells.
//!
//! - Self-contained: inline CSS and JavaScript (`html/page.html`), no fonts, scripts or
//!   images from anywhere else, and a Content-Security-Policy `default-src 'none'` that
//!   forbids the page to load anything, so it opens from disk with no server.
//! - Compact: per film, the start frame of the drawn window ([`crate::show::crop_window`],
//!   as `--show` crops) and, per step, only the changed cells: a cell index into the window
//!   and its new character. A 41,783-roll solution costs about 12 bytes a changed cell.
//! - Each case's entry is encoded as soon as the case is solved, and the film dropped; the
//!   encoded page is held against the process's one memory budget ([`MemoryBudget`], less
//!   what the process holds besides the page, [`HtmlPage::set_budget`]): a case that would
//!   pass it is left out of the page with a note, and [`HtmlPage::over_budget`] says so.
//! - The contract tests use: `FILE#case=K&step=N` opens case `K` (1-based, as the picker
//!   numbers its entries) at step `N` (0-based), and `&via=M` goes to step `M` first (so a
//!   test sees stepping back too); the canvas `#board` carries the window
//!   shown as text in `data-board` (rows joined by `\n`, the film's characters, no box
//!   drawing), with `data-step`, `data-steps` and `data-case`; `#caption` holds
//!   [`Film::caption`]; each `#case` option has `data-film="1"` when it has a film.
//!   A script error sets `data-error` on the `<html>` element.
//! - Escaping: every text (labels, captions, legend) travels as JSON in a
//!   `<script type="application/json">` with `<`, `>` and `&` escaped, and is put into the
//!   page with `textContent`, never as markup.

use std::fmt::Write as _;
use std::io::{self, Write};

use crate::budget::{MemoryBudget, OverBudget};
use crate::film::Film;
use crate::show::crop_window;
use grid_common::Pos;

/// The page around the data: `{{TITLE}}` and `{{DATA}}` are replaced.
const TEMPLATE: &str = include_str!("html/page.html");

/// The cases of a run, encoded for the page as they are solved.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HtmlPage {
    /// Each case's JSON object, in order.
    entries: Vec<String>,
    /// The bytes the entries hold.
    bytes: u64,
    budget: MemoryBudget,
    /// The first case left out for the budget, with why.
    over: Option<(String, OverBudget)>,
}

impl HtmlPage {
    /// An empty page whose data must stay within `budget`.
    pub fn new(budget: MemoryBudget) -> HtmlPage {
        HtmlPage {
            budget,
            ..HtmlPage::default()
        }
    }

    /// The number of cases in the page.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// True when no case was added.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The bytes the page's entries hold.
    pub fn bytes(&self) -> u64 {
        self.bytes
    }

    /// The budget the page is held to from now on: the process's budget less what the
    /// process holds besides the page (the input, the solver's tables, the moves, the film).
    pub fn set_budget(&mut self, budget: MemoryBudget) {
        self.budget = budget;
    }

    /// The first case left out because the page would have passed the memory budget.
    pub fn over_budget(&self) -> Option<&(String, OverBudget)> {
        self.over.as_ref()
    }

    /// Adds a solved case with its film (left out, with a note, past the budget).
    pub fn add_film(&mut self, case: &str, film: &Film) {
        // Encoding holds the entry's parts and the entry at once: twice the estimate.
        let estimate = estimate_bytes(film);
        let needed = self.bytes.saturating_add(estimate.saturating_mul(2));
        if let Err(over) = self.budget.check("the --html page", needed) {
            let note = format!("{} moves; left out of the page: {over}", film.len());
            self.add_entry(case, &note, None);
            self.over.get_or_insert((case.to_string(), over));
            return;
        }
        let encoded = encode_film(film);
        let moves = film.len();
        let note = format!("{moves} move{}", if moves == 1 { "" } else { "s" });
        self.add_entry(case, &note, Some(&encoded));
    }

    /// Adds a case without a film: no solution (`answer` is its answer line), or a film that
    /// could not be made.
    pub fn add_note(&mut self, case: &str, note: &str) {
        self.add_entry(case, note, None);
    }

    fn add_entry(&mut self, case: &str, note: &str, film: Option<&str>) {
        let mut entry = String::new();
        let _ = write!(
            entry,
            "{{\"label\":{},\"note\":{},\"film\":{}}}",
            json_string(case),
            json_string(note),
            film.unwrap_or("null")
        );
        self.bytes = self.bytes.saturating_add(entry.len() as u64);
        self.entries.push(entry);
    }

    /// Writes the whole page, titled `title`.
    pub fn write(&self, out: &mut dyn Write, title: &str) -> io::Result<()> {
        let (head, rest) = TEMPLATE.split_once("{{TITLE}}").unwrap_or((TEMPLATE, ""));
        let (middle, tail) = rest.split_once("{{DATA}}").unwrap_or((rest, ""));
        out.write_all(head.as_bytes())?;
        out.write_all(escape_html(title).as_bytes())?;
        out.write_all(middle.as_bytes())?;
        write!(out, "{{\"title\":{},\"cases\":[", json_string(title))?;
        for (i, entry) in self.entries.iter().enumerate() {
            if i > 0 {
                out.write_all(b",\n")?;
            }
            out.write_all(entry.as_bytes())?;
        }
        out.write_all(b"]}")?;
        out.write_all(tail.as_bytes())
    }

    /// The whole page as a string.
    pub fn render(&self, title: &str) -> String {
        let mut out = Vec::new();
        // Writing to a Vec cannot fail.
        let _ = self.write(&mut out, title);
        String::from_utf8_lossy(&out).into_owned()
    }
}

/// An upper bound of the bytes [`encode_film`] writes, from the film's sizes alone.
fn estimate_bytes(film: &Film) -> u64 {
    let window = crop_window(film);
    let cells = (window.rows as u64).saturating_mul(window.cols as u64);
    let changes: u64 = film.steps.iter().map(|s| s.changes.len() as u64).sum();
    let labels: u64 = film.steps.iter().map(|s| s.label.len() as u64).sum();
    let legend: u64 = film.legend.iter().map(|(_, s)| s.len() as u64 + 16).sum();
    // A cell is at most 6 bytes escaped; a change is an index (at most 20 digits and a
    // comma) and a character; a label is escaped at most 6 bytes a byte, plus quotes, a
    // comma and a step end (20 digits and a comma).
    let per_step = 3 + 21;
    512 + legend * 6
        + cells.saturating_mul(6)
        + changes.saturating_mul(21 + 6)
        + labels.saturating_mul(6)
        + (film.steps.len() as u64).saturating_mul(per_step)
        + 64 * 32
}

/// A film as the page's JSON object: the window (`[top, left, rows, cols]` of the
/// `rows` x `cols` board), its start cells in one string, the step labels, `ends` (the
/// number of changes after each step, starting with 0), each change's cell index into the
/// window and its character, the legend and one colour a character.
pub fn encode_film(film: &Film) -> String {
    let window = crop_window(film);
    let index = |p: Pos| -> Option<usize> {
        let inside = p.row >= window.top
            && p.row < window.top + window.rows
            && p.col >= window.left
            && p.col < window.left + window.cols;
        inside.then(|| (p.row - window.top) * window.cols + (p.col - window.left))
    };
    let mut start = String::with_capacity(window.rows * window.cols);
    let mut used: Vec<char> = Vec::new();
    for r in window.top..window.top + window.rows {
        for c in window.left..window.left + window.cols {
            let ch = film.start.get(Pos::new(r, c)).copied().unwrap_or(' ');
            start.push(ch);
            note_char(&mut used, ch);
        }
    }
    let mut cells = String::new();
    let mut chars = String::new();
    let mut ends = String::from("0");
    let mut labels = String::new();
    let mut count = 0usize;
    for (k, step) in film.steps.iter().enumerate() {
        for &(pos, ch) in &step.changes {
            // The window holds every changed cell on the board; cells off the board are
            // no change, as in `Film::frames`.
            let Some(i) = index(pos) else { continue };
            if count > 0 {
                cells.push(',');
            }
            let _ = write!(cells, "{i}");
            chars.push(ch);
            note_char(&mut used, ch);
            count += 1;
        }
        let _ = write!(ends, ",{count}");
        if k > 0 {
            labels.push(',');
        }
        labels.push_str(&json_string(&step.label));
    }
    for &(ch, _) in &film.legend {
        note_char(&mut used, ch);
    }
    let legend: Vec<String> = film
        .legend
        .iter()
        .map(|(ch, text)| format!("[{},{}]", json_string(&ch.to_string()), json_string(text)))
        .collect();
    let colours: Vec<String> = used
        .iter()
        .map(|&ch| {
            format!(
                "{}:{}",
                json_string(&ch.to_string()),
                json_string(&cell_colour(ch))
            )
        })
        .collect();
    format!(
        "{{\"board\":[{},{}],\"window\":[{},{},{},{}],\"boxed\":{},\"joined\":{},\"start\":{},\
         \"labels\":[{labels}],\"ends\":[{ends}],\"cells\":[{cells}],\"chars\":{},\
         \"legend\":[{}],\"colours\":{{{}}}}}",
        film.start.rows(),
        film.start.cols(),
        window.top,
        window.left,
        window.rows,
        window.cols,
        film.boxed,
        film.joined,
        json_string(&start),
        json_string(&chars),
        legend.join(","),
        colours.join(",")
    )
}

fn note_char(used: &mut Vec<char>, ch: char) {
    if !used.contains(&ch) {
        used.push(ch);
    }
}

/// The fill colour of a cell showing `ch`, the same in every puzzle: a fixed palette for the
/// common characters (walls dark, floor pale, blanks white), and for any other character a
/// hue picked from its code point by the golden angle, so that neighbouring letters differ.
pub fn cell_colour(ch: char) -> String {
    let fixed = match ch {
        '#' => Some("#3d4451"),
        '.' => Some("#ece6d6"),
        ' ' => Some("#ffffff"),
        '_' => Some("#fafaf5"),
        '0' => Some("#9aa0a6"),
        '1' => Some("#ece6d6"),
        '*' => Some("#e8a33d"),
        '+' => Some("#9cc3e6"),
        'X' => Some("#c0392b"),
        'O' => Some("#2e9e5b"),
        'T' => Some("#27ae60"),
        'P' => Some("#2f6fdf"),
        'E' => Some("#f3c98b"),
        'H' => Some("#8e44ad"),
        'B' => Some("#3498db"),
        'A' => Some("#e67e22"),
        _ => None,
    };
    if let Some(colour) = fixed {
        return colour.to_string();
    }
    let code = ch as u32;
    // The golden angle spreads consecutive code points around the colour wheel.
    let hue = (u64::from(code) * 137_508 / 1000) % 360;
    let lightness = [48, 62, 40][(code % 3) as usize];
    format!("hsl({hue},65%,{lightness}%)")
}

/// `text` as a JSON string that is safe inside a `<script>` element: quotes, backslashes and
/// control characters escaped, and `<`, `>`, `&`, U+2028 and U+2029 as `\u` escapes, so no
/// `</script>` or `<!--` can appear.
pub fn json_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for ch in text.chars() {
        match ch {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '<' | '>' | '&' | '\u{2028}' | '\u{2029}' => {
                let _ = write!(out, "\\u{:04x}", ch as u32);
            }
            c if (c as u32) < 0x20 || c == '\u{7f}' => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// `text` with `&`, `<`, `>`, `"` and `'` as character references, for the page's title.
pub fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::film::FilmBuilder;
    use grid_common::Grid;

    /// `A` walking right along a `rows` x `cols` board, `moves` times, labelled `label`.
    fn walk(rows: usize, cols: usize, moves: usize, label: &str) -> Film {
        let mut start = Grid::new(rows, cols, '.');
        if let Some(c) = start.get_mut(Pos::new(0, 0)) {
            *c = 'A';
        }
        let mut b = FilmBuilder::new(start).legend(&[('A', "the piece <b>"), ('.', "floor")]);
        for i in 0..moves {
            b.set(Pos::new(0, i), '.');
            b.set(Pos::new(0, i + 1), 'A');
            b.step(label);
        }
        b.finish()
    }

    #[test]
    fn a_film_is_its_window_start_and_each_steps_changed_cells() {
        let film = walk(2, 3, 2, "R");
        let json = encode_film(&film);
        assert!(json.starts_with("{\"board\":[2,3],\"window\":[0,0,2,3],\"boxed\":false,"));
        assert!(json.contains("\"start\":\"A.....\""), "{json}");
        assert!(json.contains("\"labels\":[\"R\",\"R\"],\"ends\":[0,2,4]"));
        assert!(json.contains("\"cells\":[0,1,1,2],\"chars\":\".A.A\""));
        assert!(json.contains("\"A\":\"#e67e22\""));
    }

    #[test]
    fn a_film_of_joined_pieces_says_so() {
        let mut film = walk(2, 3, 2, "R");
        assert!(encode_film(&film).contains("\"boxed\":false,\"joined\":false,"));
        film.joined = true;
        assert!(encode_film(&film).contains("\"boxed\":false,\"joined\":true,"));
    }

    #[test]
    fn a_large_board_keeps_only_the_window_the_solution_uses() {
        let film = walk(50, 100, 3, "R");
        let json = encode_film(&film);
        // crop_window: rows 0-1, columns 0-4 (the cells used and a margin of one).
        assert!(json.contains("\"window\":[0,0,2,5]"), "{json}");
        assert!(json.contains("\"start\":\"A.........\""));
        assert!(json.contains("\"cells\":[0,1,1,2,2,3]"));
    }

    #[test]
    fn text_cannot_close_the_script_or_break_the_json() {
        let nasty = "</script><!--\"\\\n\u{2028}&'";
        let film = walk(1, 2, 1, nasty);
        let mut page = HtmlPage::new(MemoryBudget::default());
        page.add_film(nasty, &film);
        page.add_note("case 2", "no solution: <i>-1</i>");
        let html = page.render("title </title><script>");
        let data = html.split("id=\"films\">").nth(1).unwrap();
        let data = data.split("</script>").next().unwrap();
        assert!(!data.contains('<') && !data.contains('>') && !data.contains('&'));
        assert!(!data.contains('\u{2028}'));
        assert!(data.contains("\\u003c/script\\u003e\\u003c!--\\\"\\\\\\n\\u2028\\u0026'"));
        assert!(html.contains("<title>title &lt;/title&gt;&lt;script&gt;</title>"));
        assert_eq!(page.len(), 2);
    }

    #[test]
    fn the_page_loads_nothing_from_elsewhere() {
        let html = HtmlPage::new(MemoryBudget::default()).render("t");
        assert!(html.contains(
            "content=\"default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'\""
        ));
        for outside in [
            "http:", "https:", "src=", "href=", "url(", "@import", "<link",
        ] {
            assert!(!html.contains(outside), "the page mentions {outside}");
        }
    }

    #[test]
    fn a_page_past_the_budget_leaves_the_case_out_with_a_note() {
        let film = walk(1, 3000, 2999, "R");
        let mut page = HtmlPage::new(MemoryBudget::new(64 << 10));
        page.add_film("case 1", &film);
        page.add_film("case 2", &walk(1, 3, 2, "R"));
        let (case, over) = page.over_budget().unwrap();
        assert_eq!(case, "case 1");
        assert_eq!(over.budget, 64 << 10);
        let html = page.render("t");
        assert!(html.contains("\"label\":\"case 1\",\"note\":\"2999 moves; left out of the page: the --html page would need"));
        assert!(html.contains("\"film\":null"));
        assert!(html.contains("\"label\":\"case 2\",\"note\":\"2 moves\",\"film\":{"));
    }

    #[test]
    fn the_estimate_bounds_the_encoding() {
        for film in [
            walk(1, 3000, 2999, "R"),
            walk(50, 100, 40, "a long label"),
            walk(1, 2, 1, "<<<<<<<<"),
        ] {
            assert!(estimate_bytes(&film) >= encode_film(&film).len() as u64);
        }
    }

    #[test]
    fn colours_are_fixed_for_common_characters_and_distinct_for_letters() {
        assert_eq!(cell_colour('#'), "#3d4451");
        assert_eq!(cell_colour('.'), "#ece6d6");
        assert_eq!(cell_colour('q'), cell_colour('q'));
        let letters: Vec<String> = ('a'..='z').map(cell_colour).collect();
        for (i, a) in letters.iter().enumerate() {
            for b in &letters[i + 1..] {
                assert_ne!(a, b);
            }
        }
    }

    /// `Printing` with `--html FILE` (and the `--max-memory` budget) over two solved cases
    /// and one without a solution, as a binary's main loop drives it.
    fn printed(extra: &[&str], file: &str) -> (Result<(), crate::cli::Stop>, String) {
        use crate::cli::{parse_args, Printing, Settings, SHARED_OPTIONS};
        let mut list = vec!["--html", file];
        list.extend_from_slice(extra);
        let args = parse_args(list, &SHARED_OPTIONS).unwrap();
        let mut printing = Printing::of(&Settings::from_args(&args).unwrap());
        assert!(printing.wants_moves());
        let mut out = Vec::new();
        printing
            .write_solution(&mut out, "case 1", "RR", || Ok(walk(1, 3, 2, "R")))
            .unwrap();
        printing.no_solution("case 2", "-1");
        printing
            .write_solution(&mut out, "case 3", "x", || Err("bad move".into()))
            .unwrap();
        printing
            .write_solution(&mut out, "case 4", "RRR", || Ok(walk(1, 3000, 2999, "R")))
            .unwrap();
        // Only --html: nothing is printed besides the answers.
        assert!(out.is_empty());
        (printing.finish(), String::from_utf8(out).unwrap())
    }

    fn scratch_file(name: &str) -> String {
        let dir = std::env::temp_dir().join(format!("puzzle-frame-html-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir.join(name).to_string_lossy().into_owned()
    }

    #[test]
    fn printing_with_html_writes_the_page_at_finish() {
        let file = scratch_file("page.html");
        let (finished, _) = printed(&[], &file);
        assert_eq!(finished, Ok(()));
        let html = std::fs::read_to_string(&file).unwrap();
        let _ = std::fs::remove_file(&file);
        assert!(html.contains("{\"label\":\"case 1\",\"note\":\"2 moves\",\"film\":{"));
        assert!(html.contains("{\"label\":\"case 2\",\"note\":\"no solution (-1)\",\"film\":null}"));
        assert!(
            html.contains("\"case 3\",\"note\":\"cannot show the moves: bad move\",\"film\":null}")
        );
        assert!(html.contains("\"case 4\",\"note\":\"2999 moves\",\"film\":{"));
    }

    #[test]
    fn a_page_that_cannot_be_written_or_passes_the_budget_is_a_limit() {
        use crate::cli::Stop;
        let missing = scratch_file("no/such/dir/page.html");
        match printed(&[], &missing).0 {
            Err(Stop::Limit(m)) => assert!(
                m.starts_with(&format!("cannot write the --html page '{missing}': ")),
                "{m}"
            ),
            other => panic!("{other:?}"),
        }
        let file = scratch_file("small.html");
        match printed(&["--max-memory", "40K"], &file).0 {
            Err(Stop::Limit(m)) => assert!(
                m.starts_with("case 4: the --html page would need ")
                    && m.ends_with(&format!("; the page '{file}' was written without it")),
                "{m}"
            ),
            other => panic!("{other:?}"),
        }
        let html = std::fs::read_to_string(&file).unwrap();
        let _ = std::fs::remove_file(&file);
        assert!(html.contains("\"case 1\",\"note\":\"2 moves\",\"film\":{"));
        assert!(html.contains("\"case 4\",\"note\":\"2999 moves; left out of the page: "));
    }

    #[test]
    fn without_html_nothing_is_gathered() {
        use crate::cli::{parse_args, Printing, Settings, SHARED_OPTIONS};
        let args = parse_args(["--show"], &SHARED_OPTIONS).unwrap();
        let mut printing = Printing::of(&Settings::from_args(&args).unwrap());
        assert!(printing.output.html.is_none());
        printing.no_solution("case 1", "-1");
        assert_eq!(printing.finish(), Ok(()));
        let none = parse_args(Vec::<String>::new(), &SHARED_OPTIONS).unwrap();
        assert!(!Printing::of(&Settings::from_args(&none).unwrap()).wants_moves());
    }
}
