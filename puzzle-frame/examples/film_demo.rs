//! A toy puzzle binary that stands in for the real ones when testing the `--html` page
//! (`xtask/src/browser.rs`): it runs the same main loop (ARCHITECTURE.md) over synthetic
//! films, so `--show`, `--show-all`, `--path` and `--html FILE` behave as in every puzzle.
//!
//! Input: one case a line, `ROWS COLS MOVES [STYLE]`: a piece `A` walks a serpentine through
//! the floor of a walled `ROWS` x `COLS` board for `MOVES` moves (fewer when the floor
//! ends), leaving a trail `+`, towards a target `T`. STYLE `boxed` draws the board in boxes
//! with a blank floor, `nasty` gives moves and legend markup to escape, `moat` surrounds the
//! board with 50 cells of water `~` (so a cropped window starts inside the board); a line
//! `none` is a case without a solution. The answer line is the number of moves, or `-1`.
//!
//! `cargo run -p puzzle-frame --example film_demo -- --html page.html <<< "7 9 20"`

use std::io::Write;
use std::process::ExitCode;

use grid_common::{Grid, Pos};
use puzzle_frame::cli::{path_option, Printing, Program, RunResult, Settings, Stop};
use puzzle_frame::film::{Film, FilmBuilder};

const PROGRAM: Program = Program {
    name: "film_demo",
    version: "0",
    about: "synthetic solutions for testing --show and --html",
    format: "Input: one case a line, ROWS COLS MOVES [boxed|nasty|moat], or `none`.\n",
    options: &[path_option("after each answer, a line with the moves")],
};

fn main() -> ExitCode {
    PROGRAM.main(|_, _| Ok(()), run)
}

/// One case: the board size, the moves asked for and the style; `None` for no solution.
type Case = Option<(usize, usize, usize, String)>;

fn parse(line: &str, number: usize) -> Result<Case, String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    if words == ["none"] {
        return Ok(None);
    }
    let bad =
        || format!("case {number}: expected ROWS COLS MOVES [boxed|nasty|moat], found '{line}'");
    let [rows, cols, moves, rest @ ..] = words.as_slice() else {
        return Err(bad());
    };
    let size = |w: &str| w.parse::<usize>().ok().filter(|&n| n <= 2000);
    let (Some(rows), Some(cols), Some(moves)) = (size(rows), size(cols), moves.parse().ok()) else {
        return Err(bad());
    };
    let style = match rest {
        [] => String::new(),
        [s] if ["boxed", "nasty", "moat"].contains(s) => s.to_string(),
        _ => return Err(bad()),
    };
    if rows < 3 || cols < 3 {
        return Err(bad());
    }
    Ok(Some((rows, cols, moves, style)))
}

/// The serpentine walk through the floor (every cell inside the border of the board whose
/// top-left corner is at `(moat, moat)`), in order.
fn serpentine(rows: usize, cols: usize, moat: usize) -> impl Iterator<Item = Pos> {
    (1..rows - 1).flat_map(move |r| {
        let row: Vec<Pos> = (1..cols - 1)
            .map(|c| Pos::new(moat + r, moat + c))
            .collect();
        let forward = r % 2 == 1;
        let cells: Vec<Pos> = if forward {
            row
        } else {
            row.into_iter().rev().collect()
        };
        cells
    })
}

fn film(rows: usize, cols: usize, moves: usize, style: &str) -> Film {
    let boxed = style == "boxed";
    let floor = if boxed { ' ' } else { '.' };
    let moat = if style == "moat" { 50 } else { 0 };
    let mut start = Grid::new(rows + 2 * moat, cols + 2 * moat, '~');
    for r in 0..rows {
        for c in 0..cols {
            let wall = r == 0 || c == 0 || r == rows - 1 || c == cols - 1;
            if let Some(cell) = start.get_mut(Pos::new(moat + r, moat + c)) {
                *cell = if wall { '#' } else { floor };
            }
        }
    }
    let path: Vec<Pos> = serpentine(rows, cols, moat).take(moves + 1).collect();
    let (first, last) = (path[0], path[path.len() - 1]);
    for (p, ch) in [(last, 'T'), (first, 'A')] {
        if let Some(cell) = start.get_mut(p) {
            *cell = ch;
        }
    }
    let mut legend = vec![
        ('#', "wall"),
        (floor, "floor"),
        ('A', "the piece"),
        ('+', "its trail"),
        ('T', "target"),
    ];
    match style {
        "nasty" => {
            legend = vec![
                ('#', "<b>wall</b> & \"stone\""),
                ('A', "</script><!-- piece"),
            ]
        }
        "moat" => legend.push(('~', "water")),
        _ => {}
    }
    let mut b = FilmBuilder::new(start).focus([last]).legend(&legend);
    if boxed {
        b = b.boxed();
    }
    for pair in path.windows(2) {
        let (from, to) = (pair[0], pair[1]);
        b.set(from, if boxed { floor } else { '+' });
        b.set(to, 'A');
        let dir = match (to.row > from.row, to.col > from.col, to.col < from.col) {
            (true, _, _) => "D",
            (_, true, _) => "R",
            (_, _, true) => "L",
            _ => "U",
        };
        if style == "nasty" {
            b.step(format!("{dir}</script><b>&\"'"));
        } else {
            b.step(dir);
        }
    }
    b.finish()
}

fn run((): (), settings: Settings, input: &[u8], out: &mut dyn Write) -> RunResult {
    let mut printing = Printing::of(&settings);
    let text = String::from_utf8_lossy(input);
    for (number, line) in (1..).zip(text.lines().filter(|l| !l.trim().is_empty())) {
        let case = match parse(line, number) {
            Ok(case) => case,
            Err(e) => return Ok(Err(Stop::BadInput(e))),
        };
        let label = format!("case {number}");
        let Some((rows, cols, moves, style)) = case else {
            writeln!(out, "-1")?;
            printing.no_solution(&label, "-1");
            continue;
        };
        let made = film(rows, cols, moves, &style);
        writeln!(out, "{}", made.len())?;
        let path_line: String = made.steps.iter().map(|s| s.label.as_str()).collect();
        printing.write_solution(out, &label, &path_line, || Ok(made))?;
    }
    Ok(printing.finish())
}
