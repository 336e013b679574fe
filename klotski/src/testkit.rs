//! Generators and checks shared by the tests, `cargo xtask stress`, `bench` and `judge`.

use grid_common::Pos;
use puzzle_frame::rng::Rng;

use crate::case::{Case, Move};
use crate::parse::parse_all;
use crate::solve::{Options, Solver};
use crate::{reference, replay, Klotski};
use puzzle_frame::testkit::{check_moves, BenchInput, JudgeCheck, Replay, Testkit};

/// Names drawn for random blocks: one character, or longer.
const NAMES: &[&str] = &[
    "A", "B", "C", "D", "E", "x", "y", "7", "曹", "AB", "b12", "soldier", "Zz", "关羽",
];

/// A random case of at most `rows` x `cols` (each at least 1) with at most `blocks` blocks
/// of up to `size` cells, usually connected, sometimes not; blocks of the same shape are
/// common (so merging is exercised), the target random, the goal any place it fits.
pub fn random_case(rng: &mut Rng, rows: usize, cols: usize, blocks: usize, size: usize) -> Case {
    let rows = rng.range(1, rows.max(1));
    let cols = rng
        .range(1, cols.max(1))
        .min(crate::MAX_CELLS / rows)
        .max(1);
    let mut owner: Vec<Option<usize>> = vec![None; rows * cols];
    let wanted = rng.range(1, blocks.max(1));
    let mut made = 0;
    for _ in 0..wanted {
        let free: Vec<usize> = (0..owner.len()).filter(|&k| owner[k].is_none()).collect();
        if free.len() < 2 && made > 0 {
            break;
        }
        if free.is_empty() {
            break;
        }
        let first = free[rng.below(free.len())];
        owner[first] = Some(made);
        let mut cells = vec![first];
        let cells_wanted = rng.range(1, size.max(1));
        while cells.len() < cells_wanted {
            let candidates: Vec<usize> = if rng.chance(0.1) {
                (0..owner.len()).filter(|&k| owner[k].is_none()).collect()
            } else {
                cells
                    .iter()
                    .flat_map(|&k| {
                        let (r, c) = (k / cols, k % cols);
                        [
                            (r > 0).then(|| k - cols),
                            (r + 1 < rows).then(|| k + cols),
                            (c > 0).then(|| k - 1),
                            (c + 1 < cols).then(|| k + 1),
                        ]
                    })
                    .flatten()
                    .filter(|&k| owner[k].is_none())
                    .collect()
            };
            if candidates.is_empty() {
                break;
            }
            let k = *rng.choose(&candidates);
            owner[k] = Some(made);
            cells.push(k);
        }
        made += 1;
    }
    let mut names: Vec<String> = Vec::new();
    while names.len() < made {
        let name = if rng.chance(0.7) {
            rng.choose(NAMES).to_string()
        } else {
            format!("{}{}", rng.choose(NAMES), rng.below(100))
        };
        if !names.contains(&name) {
            names.push(name);
        }
    }
    let cells: Vec<Option<&str>> = owner.iter().map(|o| o.map(|i| names[i].as_str())).collect();
    let target = rng.below(made);
    let probe = Case::new(rows, cols, &cells, &names[target], Pos::new(0, 0));
    let (h, w) = match &probe {
        Ok(case) => case.blocks[case.target].size(),
        Err(_) => (1, 1),
    };
    let goal = Pos::new(rng.range(0, rows - h), rng.range(0, cols - w));
    // Every block has a cell and the goal fits, so the case is valid.
    Case::new(rows, cols, &cells, &names[target], goal)
        .unwrap_or_else(|_| Case::from_rows(&["A"], "A", Pos::new(0, 0)).expect("a one-cell case"))
}

/// The case in the input format, with empty cells written `.` or `..`, and single or
/// double spaces between tokens.
pub fn case_text(rng: &mut Rng, case: &Case) -> String {
    let mut text = format!("{} {}\n", case.rows, case.cols);
    for row in case.cell_names() {
        let sep = if rng.chance(0.2) { "  " } else { " " };
        let tokens: Vec<&str> = row
            .iter()
            .map(|&t| if t == "." && rng.chance(0.2) { ".." } else { t })
            .collect();
        text.push_str(&tokens.join(sep));
        text.push('\n');
    }
    let target = &case.blocks[case.target].name;
    text.push_str(&format!("{target}\n{} {}\n", case.goal.row, case.goal.col));
    text
}

impl Testkit for Klotski {
    /// A random valid input: 1 to 3 cases of up to `max_size` rows and columns and at most
    /// 16 cells, with at most 5 blocks (so that the plain reference stays quick).
    fn random_input(rng: &mut Rng, max_size: usize) -> String {
        let side = max_size.clamp(1, 4);
        (0..rng.range(1, 3))
            .map(|_| {
                let case = random_case(rng, side, side, 5, 4);
                case_text(rng, &case)
            })
            .collect()
    }

    /// Solves every case of an input with the solver (one solver for all) and the references,
    /// and replays every solution; `Ok(number of cases)` or `Err(what disagreed)`.
    fn check_input(input: &str) -> Result<usize, String> {
        let cases = parse_all(input.as_bytes()).map_err(|e| format!("bad input: {e}"))?;
        let mut solver = Solver::new(&Options::default());
        for (i, case) in cases.iter().enumerate() {
            let plain = small_enough_for_plain(case);
            check_case(&mut solver, case, plain).map_err(|e| format!("case {}: {e}", i + 1))?;
        }
        Ok(cases.len())
    }

    /// Smaller inputs: each case alone, the input without each case, and each case with one
    /// block other than the target removed.
    fn shrink_input(input: &str) -> Vec<String> {
        let Ok(cases) = parse_all(input.as_bytes()) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        if cases.len() > 1 {
            for i in 0..cases.len() {
                out.push(cases[i].to_string());
                let rest: String = cases
                    .iter()
                    .enumerate()
                    .filter(|&(j, _)| j != i)
                    .map(|(_, c)| c.to_string())
                    .collect();
                out.push(rest);
            }
        }
        for case in &cases {
            for drop in (0..case.blocks.len()).filter(|&b| b != case.target) {
                let mut smaller = case.clone();
                smaller.blocks.remove(drop);
                if drop < smaller.target {
                    smaller.target -= 1;
                }
                out.push(smaller.to_string());
            }
        }
        out
    }

    /// The worst-case benchmark inputs: the classic board, the whole traditional collection,
    /// the [`LARGE`] boxes and the [`LARGE_SHORT`] ones, two published GNOME Klotski levels; the [`LARGE`] boxes with `--count`
    /// (every reachable position is visited, 1.1 to 1.9 million of them) and
    /// [`COUNT_OVER_MARKS`] (4.6 million, the count over marks); the census, `--hardest`
    /// on each [`TABLE`] row and `--sweep 5 4` (every block set of the classic box, 29,334,498
    /// layouts).
    fn bench_inputs() -> Vec<BenchInput> {
        let text = |case: &Case| case.to_string();
        let mut inputs = vec![BenchInput::new(
            "hengdao-lima",
            text(&classic_case(&CLASSIC[0].1)),
        )];
        inputs.push(BenchInput::new(
            "classic-collection",
            CLASSIC
                .iter()
                .map(|(_, rows)| text(&classic_case(rows)))
                .collect::<String>(),
        ));
        for (name, input) in LARGE.iter().chain(LARGE_SHORT) {
            inputs.push(BenchInput::new(*name, *input));
        }
        for (name, input) in crate::solve::published::bench_inputs() {
            inputs.push(BenchInput::new(name, input));
        }
        for (name, input) in LARGE {
            inputs.push(BenchInput::new(format!("{name}-count"), *input).with_args(&["--count"]));
        }
        inputs.push(BenchInput::new("box-5x5-count", COUNT_OVER_MARKS).with_args(&["--count"]));
        for (name, rows) in TABLE {
            let case = classic_case(rows).to_string();
            inputs.push(BenchInput::new(format!("hardest-{name}"), case).with_args(&["--hardest"]));
        }
        inputs.push(BenchInput::new("sweep-5x4", "").with_args(&["--sweep", "5", "4"]));
        inputs
    }

    // Many shortest move lists are right: judge replays the printed moves.
    const JUDGE_CHECK: Option<JudgeCheck> = Some(judge_check);

    const REFERENCE: fn(&Case) -> Option<usize> = reference::count;
    const REPLAY: Replay<Self> = |case, moves| replay::replay(case, moves).map(|r| r.solved);
    const MOVES_OF: fn(&str) -> Option<Vec<Move>> = moves_of;
}

/// The moves of the answer's move lines (`NAME (r1,c1) (r2,c2)`, one a line).
fn moves_of(path_line: &str) -> Option<Vec<Move>> {
    path_line.lines().map(|line| line.parse().ok()).collect()
}

/// Checks one case: the solver's count and moves against the references (merged, and
/// without merging when the case is small), the moves replayed, and the reachable
/// positions against the reference's.
pub fn check_case(solver: &mut Solver, case: &Case, plain: bool) -> Result<(), String> {
    let expected = reference::count(case);
    let limit = |e| format!("the solver gave up: {e}");
    let count = solver.count(case).map_err(limit)?;
    if count != expected {
        return Err(format!(
            "count {count:?}, reference {expected:?} on\n{case}"
        ));
    }
    if plain {
        let distinct = reference::count_distinct(case);
        if distinct != expected {
            return Err(format!(
                "reference without merging {distinct:?}, merged {expected:?} on\n{case}"
            ));
        }
    }
    let moves = solver.moves(case).map_err(limit)?;
    match (&moves, expected) {
        (None, None) => {}
        (Some(moves), Some(n)) => {
            check_moves::<Klotski>(case, moves, Some(n)).map_err(|e| format!("{e} on\n{case}"))?
        }
        (moves, _) => return Err(format!("moves {moves:?} for count {expected:?} on\n{case}")),
    }
    let reach = solver.reach(case).map_err(limit)?;
    let (moves_too, reach_too) = solver.moves_and_reach(case).map_err(limit)?;
    if reach_too != reach || moves_too.as_ref().map(Vec::len) != expected {
        return Err(format!(
            "moves_and_reach gives {reach_too:?} and {:?} moves, reach {reach:?} on\n{case}",
            moves_too.as_ref().map(Vec::len)
        ));
    }
    if let (Some(moves), Some(n)) = (&moves_too, expected) {
        check_moves::<Klotski>(case, moves, Some(n)).map_err(|e| format!("{e} on\n{case}"))?;
    }
    // The search over ranks, which the solver takes for boxes of many layouts.
    let mut ranked = Solver::new(&Options::default()).ranked_from(0);
    let ranked_moves = ranked.moves(case).map_err(limit)?;
    if ranked_moves.as_ref().map(Vec::len) != expected {
        return Err(format!(
            "the search over ranks gives {:?} moves, reference {expected:?} on\n{case}",
            ranked_moves.as_ref().map(Vec::len)
        ));
    }
    if let (Some(moves), Some(n)) = (&ranked_moves, expected) {
        check_moves::<Klotski>(case, moves, Some(n)).map_err(|e| format!("{e} on\n{case}"))?;
    }
    let ranked_reach = ranked.moves_and_reach(case).map_err(limit)?;
    if ranked_reach.1 != reach || ranked_reach.0.as_ref().map(Vec::len) != expected {
        return Err(format!(
            "the search over ranks to the end gives {:?} and {:?} moves, reach {reach:?} on\n{case}",
            ranked_reach.1,
            ranked_reach.0.as_ref().map(Vec::len)
        ));
    }
    let (positions, farthest) = reference::reach(case);
    if (reach.positions, reach.farthest) != (positions, farthest) {
        return Err(format!(
            "reach {reach:?}, reference {positions} positions, farthest {farthest}, on\n{case}"
        ));
    }
    Ok(())
}

/// True when the reference without merging stays quick on `case`: at most 20 000 ways to
/// place the blocks, counted generously as cells to the power of blocks.
pub fn small_enough_for_plain(case: &Case) -> bool {
    (case.rows * case.cols)
        .checked_pow(case.blocks.len() as u32)
        .is_some_and(|n| n <= 20_000)
}

/// The traditional 4x5 layouts, the target `B` (曹操, 2x2) to leave by the bottom middle.
pub const CLASSIC: &[(&str, [&str; 5])] = &[
    (
        "hengdao-lima",
        ["A B B C", "A B B C", "D E E F", "D G H F", "I . . J"],
    ),
    (
        "zhihui-ruoding",
        ["A B B C", "A B B C", "G E E H", "D I J F", "D . . F"],
    ),
    (
        "jiangyong-caoying",
        [". B B .", "A B B C", "A D F C", "G D F H", "E E I J"],
    ),
    (
        "qitou-bingjin",
        ["A B B C", "A B B C", "G H I J", "D E E F", "D . . F"],
    ),
    (
        "bingfen-sanlu",
        ["G B B H", "A B B C", "A E E C", "D I J F", "D . . F"],
    ),
    (
        "yusheng-xili",
        ["A B B G", "A B B H", "C E E F", "C D . F", "I D . J"],
    ),
    (
        "zuoyou-bubing",
        ["G B B H", "I B B J", "A D F C", "A D F C", ". E E ."],
    ),
    (
        "taohua-yuanzhong",
        ["G B B H", "A B B C", "A D F C", "I D F J", ". E E ."],
    ),
    (
        "yilu-jinjun",
        ["A B B G", "A B B H", "C D F I", "C D F J", ". E E ."],
    ),
    (
        "yilu-shunfeng",
        ["G B B A", "H B B A", "C E E I", "C D F J", ". D F ."],
    ),
    (
        "cengceng-shefang",
        ["A B B G", "A B B H", "C D E E", "C D I J", "F F . ."],
    ),
];

/// A classic layout as a case (the goal: `B` at row 3, column 1).
pub fn classic_case(rows: &[&str; 5]) -> Case {
    Case::from_rows(rows, "B", Pos::new(3, 1)).expect("a valid classic layout")
}

/// Larger boxes for benchmarks: (name, input). Their reachable positions: about 1.9
/// million (6 rows x 4 columns), 1.1 million (6x6) and 1.2 million (8x8).
pub const LARGE: &[(&str, &str)] = &[
    (
        "box-6x4",
        "6 4\na T T b\na T T b\nc d d e\nc f g e\nh i j k\nl . . m\nT\n4 1\n",
    ),
    (
        "box-6x6",
        "6 6\na a T T b b\nc c T T d d\ne f f g g h\ne i i j j h\nk l l m m n\nk . . . . n\nT\n4 4\n",
    ),
    (
        "box-8x8",
        "8 8\nT T a a b b c c\nT T a a b b c c\nd d e e f f g g\nd d e e f f g g\n\
         h i j j k l m m\nh i j j k l m m\nn n o o . . q q\nn n o o . . q q\nT\n6 6\n",
    ),
];

/// A box for `--count` over marks (4,194,304 layouts or more, with 1x1 blocks apart): 5 x 5,
/// 4,645,600 positions reachable, the farthest 116 moves away.
pub const COUNT_OVER_MARKS: &str =
    "5 5\nT T a b c\nT T a b c\nd e f f g\nh i j . g\nk l . m m\nT\n3 3\n";

/// Large boxes with short answers, searched over dense ranks: a 5x7 box of 99 million
/// layouts (22 moves) and a 6x7 box with a U-shaped target (26 moves). Constructed for
/// the project (the published puzzles of issue 19 were not found), to the same scale.
pub const LARGE_SHORT: &[(&str, &str)] = &[
    (
        "box-5x7-short",
        "5 7\nT T a b c d e\nT T f g h i j\nk l m m n o p\nq r s s t u v\nw . . x x . y\nT\n3 2\n",
    ),
    (
        "box-6x7-u-target",
        "6 7\nU . U a b c d\nU U U e f g h\ni j k k l m n\no p q r s t u\n\
         v w x x y z A\nB . . C D . E\nU\n3 1\n",
    ),
];

/// The classic box's six block sets of issue 19's table (one 2x2 `B` to row 3, column 1,
/// five dominoes, four 1x1, two empty cells), by dominoes lying / standing; the snapshot
/// cases `hardest-NAME.in` hold the same layouts.
pub const TABLE: &[(&str, [&str; 5])] = &[
    (
        "0h-5v",
        ["A B B C", "A B B C", "D E F G", "D E F H", "I . . J"],
    ),
    (
        "1h-4v",
        ["A B B C", "A B B C", "D E E F", "D G H F", "I . . J"],
    ),
    (
        "2h-3v",
        ["A B B C", "A B B C", "E E F F", "D G H I", "D . . J"],
    ),
    (
        "3h-2v",
        ["A B B C", "A B B C", "E E F F", "G G H I", "J K . ."],
    ),
    (
        "4h-1v",
        ["A B B C", "D B B C", "E E F F", "G G H H", "I . . J"],
    ),
    (
        "5h-0v",
        ["A B B C", "D B B E", "F F G G", "H H I I", "J J . ."],
    ),
];

/// The expected output of an input by the brute-force reference, for [`judge_check`] where
/// no judge's file exists: each case's fewest moves (or `-1`), then as many placeholder move
/// lines (`judge_check` reads only the expected counts).
pub fn reference_expected(input: &str) -> Result<String, String> {
    let cases = parse_all(input.as_bytes()).map_err(|e| format!("bad input: {e}"))?;
    Ok(cases
        .iter()
        .map(|case| match reference::count(case) {
            Some(n) => format!("{n}\n{}", "-\n".repeat(n)),
            None => "-1\n".to_string(),
        })
        .collect())
}

/// Checks a program's output for an input against the judge's expected output: for each
/// case, the first line (the count) must equal the expected one, and the printed moves
/// (as many lines as the count) must replay legally and end with the target on its goal.
pub fn judge_check(input: &str, expected: &str, actual: &str) -> Result<(), String> {
    let cases = parse_all(input.as_bytes()).map_err(|e| format!("bad input: {e}"))?;
    let mut want = expected.lines().map(str::trim_end);
    let mut got = actual.lines().map(str::trim_end);
    for (i, case) in cases.iter().enumerate() {
        let number = i + 1;
        let count = |line: Option<&str>, whose: &str| -> Result<Option<usize>, String> {
            match line {
                None => Err(format!("case {number}: the {whose} output ends early")),
                Some("-1") => Ok(None),
                Some(text) => text.trim().parse().map(Some).map_err(|_| {
                    format!("case {number}: the {whose} count {text:?} is not a number")
                }),
            }
        };
        let expected_count = count(want.next(), "expected")?;
        for _ in 0..expected_count.unwrap_or(0) {
            want.next();
        }
        let actual_count = count(got.next(), "actual")?;
        if actual_count != expected_count {
            return Err(format!(
                "case {number}: count {}, expected {}",
                actual_count.map_or(-1, |n| n as i64),
                expected_count.map_or(-1, |n| n as i64)
            ));
        }
        let mut moves = Vec::new();
        for k in 0..actual_count.unwrap_or(0) {
            let line = got.next().ok_or_else(|| {
                format!(
                    "case {number}: {k} move lines for a count of {}",
                    actual_count.unwrap_or(0)
                )
            })?;
            moves.push(
                line.parse::<Move>()
                    .map_err(|e| format!("case {number}: {e}"))?,
            );
        }
        let end = replay::replay(case, &moves).map_err(|e| format!("case {number}: {e}"))?;
        if actual_count.is_some() && !end.solved {
            return Err(format!(
                "case {number}: the moves end with the target off its goal"
            ));
        }
    }
    if let Some(extra) = got.find(|l| !l.is_empty()) {
        return Err(format!("after the last case, an extra line {extra:?}"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "3 4\nA A C .\nA B C .\nB B . .\nB\n0 1\n";

    #[test]
    fn judge_check_accepts_a_right_answer_and_names_each_kind_of_wrong_one() {
        let expected = "2\nC (0,2) (0,3)\nB (1,0) (0,1)\n";
        // Another shortest solution is as good as the expected one.
        let other = "2\nC (0,2) (1,3)\nB (1,0) (0,1)\n";
        assert_eq!(judge_check(SAMPLE, expected, expected), Ok(()));
        assert_eq!(judge_check(SAMPLE, expected, other), Ok(()));
        let wrong = [
            (
                "3\nC (0,2) (0,3)\nC (0,3) (0,2)\nC (0,2) (0,3)\n",
                "count 3",
            ),
            ("2\nC (0,2) (0,3)\n", "1 move lines"),
            (
                "2\nB (1,0) (0,1)\nC (0,2) (0,3)\n",
                "move 1: B cannot slide",
            ),
            ("2\nC (0,2) (0,3)\nC (0,3) (0,2)\n", "off its goal"),
            ("2\nC (0,2) (0,3)\nB (1,0) (0,1)\nextra\n", "extra line"),
            ("2\nC 0,2 0,3\nB (1,0) (0,1)\n", "not a move"),
            ("-1\n", "count -1"),
            ("0\n", "count 0"),
        ];
        for (actual, why) in wrong {
            let e = judge_check(SAMPLE, expected, actual).expect_err(actual);
            assert!(e.contains(why), "{e:?} should say {why:?}");
        }
    }

    #[test]
    fn shrinking_keeps_inputs_valid() {
        let input = format!("{SAMPLE}{SAMPLE}");
        let smaller = Klotski::shrink_input(&input);
        assert!(smaller.len() >= 4);
        for s in smaller {
            assert!(parse_all(s.as_bytes()).is_ok(), "{s}");
        }
    }
}
