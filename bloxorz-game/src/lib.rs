//! The real Bloxorz (the 2007 Flash game by Damien Clarke): the fewest arrow presses that
//! solve a level with switches, bridges, orange tiles and splitters.
//!
//! The level format and the rules are FORMAT.md's (beside the game's levels, in
//! `../shared/data/bloxorz-game/`). In short: a grid of `#` void, `.` floor, `E` orange,
//! `X` the start (floor), `O` the exit, `S` soft switch, `H` heavy switch, `T` splitter,
//! `B`/`b` a bridge cell present/absent at the start; then one `switch R C: on R C, off R
//! C, toggle R C, ...` line per switch and one `split R C: R1 C1, R2 C2` line per
//! splitter. The block starts standing on `X`. One arrow press rolls the whole block, or
//! moves the selected cube one cell, then, in this order:
//!
//! 1. **Landing**: every cell newly covered (the block's, or the moved cube's) must be on
//!    the board, not void and not an absent bridge; the whole block may not stand on `E`.
//! 2. **Switches**: an arrived `S` is pressed by anything; an `H` only by the whole block
//!    standing on it; two presses of one roll act in reading order; a switch applies its
//!    `on`/`off`/`toggle` actions.
//! 3. **Splitter**: the whole block standing on a `T` becomes two cubes on its two targets,
//!    the first one selected; that landing presses nothing, and a target on an absent
//!    bridge makes the press illegal.
//! 4. **Ground** is checked on arrival only: a bridge that a press removes from under the
//!    block or a cube does not make it fall.
//! 5. **Merge**: two cubes that are 4-adjacent (also right after a split) become the block
//!    lying over both cells, pressing nothing more.
//! 6. **Exit**: the level is solved when the whole block stands on `O`; a cube or a lying
//!    block on `O` is on floor.
//!
//! Space (`S`) selects the other cube and is never counted. The answer is the fewest
//! arrow presses, or `-1`.
//!
//! Where FORMAT.md is silent, this crate does what the game does, and says so:
//! - after a merge no cube is selected; the next split selects its first target again
//!   (the game selects a splitter's first cube every time);
//! - a cube resting on a switch presses it again only by leaving and arriving again
//!   (only arrived cells press), and the cube that did not move never presses;
//! - `--path` prints one `S` before an arrow for the cube that is not selected and no
//!   other `S` (none with the whole block); any shortest sequence may be printed;
//! - the reader is lenient where FORMAT.md allows it (any run of spaces or tabs between
//!   the words of a line, around `:` and `,`; blank lines before, between and after
//!   levels; anything after `0 0`), strict elsewhere (no blank line inside a level, no
//!   sign on a coordinate, nothing after a line's last word); an error names the level
//!   as `case N`, the word every crate's reader uses.
//!
//! The roles every puzzle crate fills (see ARCHITECTURE.md):
//!
//! - [`case`]: the [`Case`] (one level), a [`Key`] and a [`Move`] (one arrow press, with
//!   the space press before it when it moves the cube that is not selected).
//! - [`parse`]: reads levels one at a time ([`parse::Cases`]), with positioned errors.
//! - [`solve`]: the breadth-first search over dense states ([`solve::Solver`]).
//! - [`reference`](mod@reference): the plainest search over the literal state, the oracle.
//! - [`replay`]: plays a key sequence with its own statement of the rules.
//! - [`format`](mod@format): the answer and `--path` lines.
//! - [`render`]: the solution as a film, for `--show` and `--html`.
//! - `testkit`: generators and checks for the tests, `cargo xtask stress` and `bench`.
//!
//! ```
//! use bloxorz_game::parse::parse_all;
//! use bloxorz_game::solve::{Options, Solver};
//! use puzzle_frame::puzzle::Solve;
//!
//! let input = b"1 5\nX..O.\n0 0\n";
//! let case = parse_all(input).unwrap().remove(0);
//! let mut solver = Solver::new(&Options::default());
//! // Roll right (lying on columns 1-2), right again (standing on column 3, the exit).
//! assert_eq!(solver.count(&case), Ok(Some(2)));
//! ```

pub mod case;
pub mod format;
pub mod parse;
pub mod reference;
pub mod render;
pub mod replay;
pub mod solve;
#[cfg(feature = "testkit")]
pub mod testkit;

pub use case::{Case, Key, Move, Tile};

use puzzle_frame::cli::{path_option, Program};
use puzzle_frame::puzzle::{Binary, Puzzle};

/// The real Bloxorz, as the shared binary loop, the tests and `xtask` drive it (each role's trait is
/// implemented in its module: `parse`, `solve`, `format`, `render`, `testkit`).
pub struct BloxorzGame;

impl Puzzle for BloxorzGame {
    const PROGRAM: Program = puzzle_frame::program! {
        about: "the real Bloxorz (2007), the fewest arrow presses that solve a level",
        format: "\
Input: levels made of a line 'R C', R rows of C characters ('#' void, '.' floor,
'E' orange, 'X' the start, 'O' the exit, 'S' soft switch, 'H' heavy switch,
'T' splitter, 'B' bridge present, 'b' bridge absent), then one line per switch
and splitter, 'switch R C: on R C, off R C, toggle R C, ...' and
'split R C: R1 C1, R2 C2' (0-based coordinates, row first). A line '0 0', or the
end of the input, ends it.

Output: for each level, one line: the fewest arrow presses, or -1.

--show draws the bridges present 'B' or absent 'b', the block 'X', the selected
cube 'C' and the other cube 'c'; each caption names the key and what it did.
",
        options: &[path_option(
            "after each answer other than -1, a line with the keys: U, D, L, R (arrows) and S \
             (space: select the other cube, never counted); it replays from the start with \
             the first split target selected",
        )],
    };

    type Case = Case;
    type Move = Move;
    type Options = solve::Options;
}

impl Binary for BloxorzGame {}
