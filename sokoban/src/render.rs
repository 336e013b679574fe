//! The frames of a solution, for `--show` and `--html` (drawn by `puzzle_frame::show` and
//! `puzzle_frame::html`).
//!
//! POJ's characters for both formats: `#` wall, `.` floor, `T` a goal, `B` a box, `*` a box
//! on a goal, and the player: `S` after a walk, `P` after a push (so a push is drawn
//! differently from a walk; each caption says which it was). A blank is outside the level.

use crate::case::{Case, Move};
use crate::format::path_line;
use crate::replay::{replay, ReplayError};
use grid_common::{Grid, Pos};
use puzzle_frame::film::{Film, FilmBuilder, FilmPlan};

/// What each character of a frame means.
pub const LEGEND: &[(char, &str)] = &[
    ('#', "wall"),
    ('.', "floor"),
    ('T', "goal"),
    ('B', "box"),
    ('*', "box on a goal"),
    ('S', "player (after a walk)"),
    ('P', "player (after a push)"),
];

/// The solution `moves` as a film: the start, then the board after each move (the steps
/// `plan` keeps); or the first illegal move.
pub fn film(case: &Case, moves: &[Move], plan: FilmPlan) -> Result<Film, ReplayError> {
    let b = &case.board;
    if let Err(over) = plan.board(b.rows, b.cols) {
        return Ok(Film::refused(over));
    }
    let played = replay(case, moves)?;
    let goal = |p: Pos| b.goals.contains(&(p.row * b.cols + p.col));
    let floor = |p: Pos| if goal(p) { 'T' } else { '.' };
    let boxed = |p: Pos| if goal(p) { '*' } else { 'B' };
    let cells = (0..b.cells()).map(|i| {
        let p = b.pos(i);
        match (b.walls[i], b.boxes.contains(&i)) {
            (true, _) => '#',
            (false, true) => boxed(p),
            (false, false) => floor(p),
        }
    });
    let Some(mut start) = Grid::from_cells(b.rows, b.cols, cells.collect()) else {
        return Ok(Film::refused(
            plan.budget.refuse("the film's board", u64::MAX),
        ));
    };
    if let Some(cell) = start.get_mut(b.pos(b.player)) {
        *cell = 'S';
    }
    let focus: Vec<Pos> = b.goals.iter().map(|&g| b.pos(g)).collect();
    let mut film = FilmBuilder::planned(start, plan)
        .focus(focus)
        .legend(LEGEND);
    let mut pushes = played.pushed.iter();
    for (step, m) in played.players.windows(2).zip(moves) {
        film.set(step[0], floor(step[0]));
        let letter = path_line(case.format, std::slice::from_ref(m));
        if m.push {
            if let Some(&(_, to)) = pushes.next() {
                film.set(to, boxed(to));
            }
            film.set(step[1], 'P');
            film.step(format!("push {letter}"));
        } else {
            film.set(step[1], 'S');
            film.step(format!("walk {letter}"));
        }
    }
    Ok(film.finish())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::case::Format;
    use crate::parse::parse_all;
    use grid_common::Dir;

    #[test]
    fn a_push_is_drawn_apart_from_a_walk() {
        let case = parse_all(b"2 4\n.SBT\n....\n", Format::Poj)
            .unwrap()
            .remove(0);
        let moves = [
            Move::walk(Dir::Left),
            Move::walk(Dir::Right),
            Move::push(Dir::Right),
        ];
        let shown = film(&case, &moves, FilmPlan::whole()).unwrap();
        let boards: Vec<Vec<String>> = shown.frames().map(|f| f.rows()).collect();
        assert_eq!(boards[0], [".SBT", "...."]);
        assert_eq!(boards[1], ["S.BT", "...."]);
        assert_eq!(boards[3], ["..P*", "...."]);
        assert_eq!(shown.caption(3), "step 3/3: push E");
        assert!(film(&case, &[Move::walk(Dir::Right)], FilmPlan::whole()).is_err());
    }
}
