//! POJ 1475 at the full 20 x 20 size: the two-level search against the brute-force
//! reference (pushes and moves) on the bench's worst cases and random mazes, and against the
//! plain push engine (pushes) on many more; every path replayed.

use puzzle_frame::puzzle::Solve;
use puzzle_frame::rng::Rng;
use puzzle_frame::testkit::Testkit;
use sokoban::case::Format;
use sokoban::parse::parse_all;
use sokoban::solve::{levels, plain, Cost, Options, Solver};
use sokoban::testkit::{
    impossible_room, open_maze, random_square_maze, serpentine_maze, wide_serpentine,
};
use sokoban::Sokoban;

#[test]
fn worst_case_mazes_against_the_reference() {
    // The maze of the UVa board where the box passes a cell twice (4 pushes, 8 moves).
    let twice = "2 5\nTSB..\n##...\n".to_string();
    for maze in [
        twice,
        open_maze(20),
        serpentine_maze(20),
        impossible_room(20),
        wide_serpentine(20),
    ] {
        let input = maze + "0 0\n";
        assert_eq!(Sokoban::check_input(&input), Ok(1), "{input}");
    }
}

#[test]
fn random_full_size_mazes_against_the_reference() {
    let mut rng = Rng::new(24);
    for _ in 0..40 {
        let input = random_square_maze(&mut rng, 20) + "0 0\n";
        assert_eq!(Sokoban::check_input(&input), Ok(1), "{input}");
    }
}

/// The fewest pushes agree with the plain breadth-first engine of XSB levels (which knows
/// nothing of moves), and every path replays to the target with the cost it claims.
#[test]
fn pushes_agree_with_the_plain_engine() {
    let mut rng = Rng::new(1475);
    let limits = levels::Limits {
        max_states: 1_000_000,
        budget: Default::default(),
    };
    let mut solved = 0;
    for _ in 0..300 {
        let text = random_square_maze(&mut rng, 20);
        let case = parse_all(text.as_bytes(), Format::Poj)
            .expect("a maze")
            .remove(0);
        let moves = Solver::new(&Options::default()).moves(&case).expect("fits");
        let plain = plain::solve(&case.board, &limits).expect("fits");
        let plain_pushes = plain.map(|l| l.iter().filter(|c| c.is_ascii_uppercase()).count());
        assert_eq!(
            moves.as_ref().map(|m| Cost::of(m).pushes),
            plain_pushes,
            "{text}"
        );
        if let Some(moves) = moves {
            let played = sokoban::replay::replay(&case, &moves).expect("legal");
            assert!(played.solved, "{text}");
            assert_eq!(played.cost, Cost::of(&moves), "{text}");
            solved += 1;
        }
    }
    assert!(solved >= 100, "{solved} solvable mazes");
}
