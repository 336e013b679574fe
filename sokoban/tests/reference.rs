//! The solvers against the brute-force reference, with every path replayed.

use puzzle_frame::rng::Rng;
use puzzle_frame::testkit::random_inputs_agree;
use puzzle_frame::testkit::Testkit;
use sokoban::testkit::random_level;
use sokoban::Sokoban;

/// Random inputs (POJ mazes and XSB levels): tiny boards, small boards, mazes up to 20.
#[test]
fn random_inputs_agree_with_the_reference() {
    random_inputs_agree::<Sokoban>(&[(1, 1500, 4), (2, 600, 8), (3, 120, 20)]);
}

#[test]
fn levels_of_three_boxes() {
    let mut rng = Rng::new(4);
    for k in 0..200 {
        let input = format!("; {k}\n{}\n", random_level(&mut rng, 4, 3));
        if let Err(e) = Sokoban::check_input(&input) {
            panic!("{e}\ninput:\n{input}");
        }
    }
}

/// The two XSB engines (the A* engine and the plain breadth-first search) agree on the
/// pushes of random levels, and both paths replay.
#[test]
fn the_engines_agree() {
    use sokoban::case::Format;
    use sokoban::parse::parse_all;
    use sokoban::solve::{levels, plain, push};
    let mut rng = Rng::new(11);
    for k in 0..300 {
        let text = format!("; {k}\n{}\n", random_level(&mut rng, 5, 3));
        let case = parse_all(text.as_bytes(), Format::Xsb)
            .expect("a level")
            .remove(0);
        let b = &case.board;
        let (walls, goals, boxes) = (b.walls.clone(), b.goals.clone(), b.boxes.clone());
        let problem = levels::Problem {
            rows: b.rows,
            cols: b.cols,
            walls,
            goals,
            boxes,
            player: b.player,
        };
        let limits = levels::Limits {
            max_states: 1_000_000,
            budget: Default::default(),
        };
        let plain_problem = plain::Problem {
            rows: b.rows,
            cols: b.cols,
            walls: b.walls.clone(),
            goals: b.goals.clone(),
            boxes: b.boxes.clone(),
            player: b.player,
        };
        let a = push::solve(&problem, &limits).expect("fits");
        let plain_limits = plain::Limits {
            max_states: limits.max_states,
            budget: limits.budget,
        };
        let b = plain::solve(&plain_problem, &plain_limits).expect("fits");
        let pushes = |p: &Option<Vec<u8>>| {
            p.as_ref()
                .map(|l| l.iter().filter(|c| c.is_ascii_uppercase()).count())
        };
        assert_eq!(pushes(&a), pushes(&b), "{text}");
        for lurd in [a, b].into_iter().flatten() {
            let moves: Vec<_> = lurd.iter().filter_map(|&c| levels::lurd_move(c)).collect();
            assert_eq!(moves.len(), lurd.len());
            let played = sokoban::replay::replay(&case, &moves).expect("legal");
            assert!(played.solved, "{text}");
        }
    }
}
