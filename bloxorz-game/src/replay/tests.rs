//! The replay on hand-played levels: rolls, cubes, switches, and what it refuses.

use super::*;
use crate::parse::parse_all;

fn case(input: &str) -> Case {
    parse_all(input.as_bytes()).expect("parses").remove(0)
}

fn keys(line: &str) -> Vec<Key> {
    Key::parse_line(line).expect("keys")
}

#[test]
fn every_roll_of_the_block_by_hand() {
    let c = case("6 6\n......\n......\n..X...\n......\n.....O\n......\n");
    let end =
        |line: &str| replay_keys(&c, &keys(line)).map(|r| r.snapshots[line.len()].body.clone());
    let block = |cells: &[(usize, usize)]| {
        Ok(Body::Block(
            cells.iter().map(|&(r, c)| Pos::new(r, c)).collect(),
        ))
    };
    assert_eq!(end("U"), block(&[(0, 2), (1, 2)]));
    assert_eq!(end("D"), block(&[(3, 2), (4, 2)]));
    assert_eq!(end("L"), block(&[(2, 0), (2, 1)]));
    assert_eq!(end("R"), block(&[(2, 3), (2, 4)]));
    assert_eq!(end("RR"), block(&[(2, 5)]));
    assert_eq!(end("RL"), block(&[(2, 2)]));
    assert_eq!(end("RU"), block(&[(1, 3), (1, 4)]));
    assert_eq!(end("DD"), block(&[(5, 2)]));
    assert_eq!(end("DU"), block(&[(2, 2)]));
    assert_eq!(end("DR"), block(&[(3, 3), (4, 3)]));
    assert_eq!(end("S"), block(&[(2, 2)]));
    assert!(end("UU").is_err());
}

#[test]
fn cubes_switches_and_the_end() {
    // Split onto (0, 0) (selected) and (0, 2); a cube on O does not finish.
    let c = case("1 4\nXO.T\nsplit 0 3: 0 0, 0 2\n");
    let r = replay_keys(&c, &keys("RRSRSRRL")).expect("legal");
    assert!(r.solved);
    assert_eq!(r.arrows, 6);
    assert_eq!(r.snapshots[2].split, Some(Pos::new(0, 3)));
    assert_eq!(
        r.snapshots[2].body,
        Body::Cubes {
            selected: Pos::new(0, 0),
            other: Pos::new(0, 2)
        }
    );
    assert!(r.snapshots[7].merged);
    let e = replay_keys(&c, &keys("RRSRSRRLS")).expect_err("a key after the end");
    assert_eq!(e.step, 9);
    // The first target's cube is selected: it cannot move left off the board.
    let e = replay_keys(&c, &keys("RRL")).expect_err("off the board");
    assert!(e.reason.contains("leave the board"), "{e}");
    // A soft switch under a lying block removes the bridge it rests on: no fall.
    let c = case("1 4\nXSBO\nswitch 0 1: off 0 2\n");
    let r = replay_keys(&c, &keys("RR")).expect("legal");
    assert_eq!(r.snapshots[1].pressed, vec![Pos::new(0, 1)]);
    assert!(r.snapshots[1].present.is_empty());
    assert!(r.solved);
    // Standing on orange.
    assert!(replay_keys(&case("1 4\nXE.O\n"), &keys("RR")).is_ok_and(|r| r.solved));
    let e = replay_keys(&case("1 7\nX..E..O\n"), &keys("RR")).expect_err("orange");
    assert!(e.reason.contains("orange"), "{e}");
}
