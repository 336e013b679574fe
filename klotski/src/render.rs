//! The solution as a film: the box after every move, for `--show`.
//!
//! Each block is drawn with one character: a name of one character as itself, a longer
//! name as a character no other block uses (`--show` prints which); `.` is empty. The
//! film's legend (the page's) names every block and marks the target, and its blocks are
//! joined pieces: the page draws no border inside a block.

use grid_common::{Grid, Pos};
use puzzle_frame::film::{Film, FilmBuilder, FilmPlan};

use crate::case::{Case, Move};
use crate::replay::{replay, ReplayError};
use crate::Klotski;
use puzzle_frame::puzzle::Rendering;

/// Characters given to names longer than one character, in order, skipping any that a
/// one-character name uses.
const SPARE: &str =
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789#$%&*+=@?!αβγδεζηθικλμ";

/// The character that draws each block, and the legend of the names drawn otherwise.
pub fn characters(case: &Case) -> (Vec<char>, Vec<(char, String)>) {
    let single = |name: &str| {
        let mut chars = name.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Some(c),
            _ => None,
        }
    };
    let taken: Vec<char> = case.blocks.iter().filter_map(|b| single(&b.name)).collect();
    let mut spare = SPARE.chars().filter(|c| !taken.contains(c));
    let mut legend = Vec::new();
    let chars = case
        .blocks
        .iter()
        .map(|b| match single(&b.name) {
            Some(c) => c,
            None => {
                let c = spare.next().unwrap_or('?');
                legend.push((c, b.name.to_string()));
                c
            }
        })
        .collect();
    (chars, legend)
}

/// The solution as a film: the start, then the box after each move, labelled as the move's
/// line. Moves that do not replay are an error.
pub fn film(case: &Case, moves: &[Move], plan: FilmPlan) -> Result<Film, ReplayError> {
    replay(case, moves)?;
    if let Err(over) = plan.board(case.rows, case.cols) {
        return Ok(Film::refused(over));
    }
    let (chars, renamed) = characters(case);
    let mut start = Grid::new(case.rows, case.cols, '.');
    let mut cells: Vec<Vec<Pos>> = case.blocks.iter().map(|b| b.cells.clone()).collect();
    for (block, &c) in cells.iter().zip(&chars) {
        for &p in block {
            if let Some(cell) = start.get_mut(p) {
                *cell = c;
            }
        }
    }
    let target = case.blocks[case.target].shape();
    let focus = target
        .iter()
        .map(|p| Pos::new(case.goal.row + p.row, case.goal.col + p.col));
    // The page's legend names every block (the target marked), not only the long names.
    let mut named = vec![('.', "empty".to_string())];
    for (i, (block, &c)) in case.blocks.iter().zip(&chars).enumerate() {
        if i == case.target {
            named.push((c, format!("{} (the target)", block.name)));
        } else {
            named.push((c, block.name.to_string()));
        }
    }
    let legend: Vec<(char, &str)> = named.iter().map(|(c, n)| (*c, n.as_str())).collect();
    // --show names the blocks drawn as another character before the frames.
    let preface = renamed.iter().map(|(c, name)| format!("{c} = {name}"));
    let mut builder = FilmBuilder::planned(start, plan)
        .focus(focus)
        .legend(&legend)
        .preface(preface)
        .joined();
    for m in moves {
        let Some(b) = case.blocks.iter().position(|x| x.name == m.block) else {
            continue;
        };
        for &p in &cells[b] {
            builder.set(p, '.');
        }
        for p in cells[b].iter_mut() {
            *p = Pos::new(p.row + m.to.row - m.from.row, p.col + m.to.col - m.from.col);
            builder.set(*p, chars[b]);
        }
        builder.step(m.to_string());
    }
    Ok(builder.finish())
}

/// The frame's view of [`film`] (which `--hardest` draws with too).
impl Rendering for Klotski {
    type ReplayError = ReplayError;

    fn film(case: &Case, moves: &[Move], plan: FilmPlan) -> Result<Film, ReplayError> {
        film(case, moves, plan)
    }
}
