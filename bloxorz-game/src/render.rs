//! The frames of a solution, for `--show` and `--html` (drawn by `puzzle_frame::show` and
//! `puzzle_frame::html`).
//!
//! Each frame is the level in its own characters with the bridges as they are at that
//! step (`B` present, `b` absent), the switches (`S`, `H`), the splitters (`T`) and the
//! exit (`O`); the whole block is drawn `X` over its cells, the selected cube `C` and the
//! other cube `c`. A step's caption names its key and what it did: the switches it
//! pressed, a split, a merge, the cube a space selected, the exit reached.

use crate::case::{cell_name, keys_of, Case, Key, Move, Tile};
use crate::replay::{replay_keys, Body, ReplayError, Snapshot};
use crate::BloxorzGame;
use grid_common::{Grid, Pos};
use puzzle_frame::film::{Film, FilmBuilder, FilmPlan};
use puzzle_frame::puzzle::Rendering;

/// What each character of a frame means.
pub const LEGEND: &[(char, &str)] = &[
    ('#', "void"),
    ('.', "floor"),
    ('E', "orange tile"),
    ('O', "exit"),
    ('S', "soft switch"),
    ('H', "heavy switch"),
    ('T', "splitter"),
    ('B', "bridge, present"),
    ('b', "bridge, absent"),
    ('X', "the block"),
    ('C', "the selected cube"),
    ('c', "the other cube"),
];

/// The character of a cell under nothing, with the bridges of `snapshot`.
fn ground(case: &Case, snapshot: &Snapshot, pos: Pos) -> char {
    match case.tile(pos) {
        Tile::Bridge if snapshot.present.contains(&pos) => 'B',
        Tile::Bridge => 'b',
        tile => tile.to_char(),
    }
}

/// The cells the body covers, with their characters.
fn body_cells(body: &Body) -> Vec<(Pos, char)> {
    match body {
        Body::Block(cells) => cells.iter().map(|&p| (p, 'X')).collect(),
        Body::Cubes { selected, other } => vec![(*selected, 'C'), (*other, 'c')],
    }
}

/// The caption of a key: the key, then what it did.
fn label(key: Key, snapshot: &Snapshot, solved: bool) -> String {
    let mut did: Vec<String> = Vec::new();
    if key == Key::Space {
        if let Body::Cubes { selected, .. } = snapshot.body {
            did.push(format!("selects the cube on {}", cell_name(selected)));
        }
    }
    for &p in &snapshot.pressed {
        did.push(format!("presses the switch {}", cell_name(p)));
    }
    if let Some(p) = snapshot.split {
        did.push(format!("splits on {}", cell_name(p)));
    }
    if snapshot.merged {
        did.push("merges".to_string());
    }
    if solved {
        did.push("exit".to_string());
    }
    if did.is_empty() {
        key.letter().to_string()
    } else {
        format!("{}: {}", key.letter(), did.join(", "))
    }
}

impl Rendering for BloxorzGame {
    type ReplayError = ReplayError;

    /// The solution `moves` as a film: the start, then the level after each key (a move that
    /// switches the cube is two steps, `S` and its arrow); or the first illegal key.
    fn film(case: &Case, moves: &[Move], plan: FilmPlan) -> Result<Film, ReplayError> {
        if let Err(over) = plan.board(case.tiles().rows(), case.tiles().cols()) {
            return Ok(Film::refused(over));
        }
        let keys = keys_of(moves);
        let replayed = replay_keys(case, &keys)?;
        let snapshots = &replayed.snapshots;
        let first = &snapshots[0];
        let tiles = case.tiles();
        let cells: Vec<char> = tiles.positions().map(|p| ground(case, first, p)).collect();
        let mut start = Grid::from_cells(tiles.rows(), tiles.cols(), cells)
            .unwrap_or_else(|| Grid::new(tiles.rows(), tiles.cols(), '#'));
        for (p, c) in body_cells(&first.body) {
            if let Some(cell) = start.get_mut(p) {
                *cell = c;
            }
        }
        let mut film = FilmBuilder::planned(start, plan)
            .focus([case.exit()])
            .legend(LEGEND);
        for (i, &key) in keys.iter().enumerate() {
            let (before, after) = (&snapshots[i], &snapshots[i + 1]);
            for (p, _) in body_cells(&before.body) {
                film.set(p, ground(case, after, p));
            }
            for &p in case.bridges() {
                film.set(p, ground(case, after, p));
            }
            for (p, c) in body_cells(&after.body) {
                film.set(p, c);
            }
            let solved = replayed.solved && i + 1 == keys.len();
            film.step(label(key, after, solved));
        }
        Ok(film.finish())
    }
}
