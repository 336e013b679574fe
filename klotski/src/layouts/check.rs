//! Checks of the census against the brute-force reference, for the tests and `cargo xtask`
//! (feature `testkit`).

use grid_common::Pos;
use puzzle_frame::budget::MemoryBudget;
use puzzle_frame::rng::Rng;

use super::{reference, Pieces};
use crate::solve::{Options, Solver};

/// Shapes for random block sets: 1x1, 1x2, 2x1, 2x2, 1x3, an L of three, a Z of four, a
/// block in two pieces, and two shapes whose first cell is not their top-left corner (a J of
/// three, a T of four pointing up).
pub fn catalogue() -> Vec<Vec<Pos>> {
    let p = Pos::new;
    vec![
        vec![p(0, 0)],
        vec![p(0, 0), p(0, 1)],
        vec![p(0, 0), p(1, 0)],
        vec![p(0, 0), p(0, 1), p(1, 0), p(1, 1)],
        vec![p(0, 0), p(0, 1), p(0, 2)],
        vec![p(0, 0), p(1, 0), p(1, 1)],
        vec![p(0, 0), p(0, 1), p(1, 1), p(1, 2)],
        vec![p(0, 0), p(0, 2)],
        vec![p(0, 1), p(1, 0), p(1, 1)],
        vec![p(0, 1), p(1, 0), p(1, 1), p(1, 2)],
    ]
}

/// Pieces in a `rows` x `cols` box: the target `shapes[target]` to `goal`, then `counts[k]`
/// blocks of `shapes[k]` (names `a0`, `a1`, `b0`, ...).
pub fn pieces(
    rows: usize,
    cols: usize,
    shapes: &[Vec<Pos>],
    target: usize,
    counts: &[(usize, usize)],
    goal: Pos,
) -> Pieces {
    let mut all = vec![shapes[target].clone()];
    let mut names = vec![vec!["T".to_string()]];
    for (i, &(k, n)) in counts.iter().enumerate() {
        if n == 0 || all.iter().skip(1).any(|s| *s == shapes[k]) {
            continue;
        }
        all.push(shapes[k].clone());
        let letter = char::from(b'a' + i as u8);
        names.push((0..n).map(|j| format!("{letter}{j}")).collect());
    }
    Pieces {
        rows,
        cols,
        shapes: all,
        names,
        goal,
    }
}

/// Random pieces in a box of at most `max_cells` cells (rows and columns up to 4): a
/// random target and goal, up to three other classes of one to three blocks, at least one
/// cell empty.
pub fn random_pieces(rng: &mut Rng, max_cells: usize) -> Pieces {
    let shapes = catalogue();
    loop {
        let rows = rng.range(1, 4);
        let cols = rng.range(1, 4);
        if rows * cols > max_cells || rows * cols < 2 {
            continue;
        }
        let target = rng.below(shapes.len());
        let (h, w) = size(&shapes[target]);
        if h > rows || w > cols {
            continue;
        }
        let goal = Pos::new(rng.range(0, rows - h), rng.range(0, cols - w));
        let all: Vec<usize> = (0..shapes.len()).collect();
        if let Some(pieces) = random_others(rng, (rows, cols), target, goal, &all) {
            return pieces;
        }
    }
}

/// The pieces of a `rows` x `cols` box with target `catalogue()[target]` to `goal` and up to
/// three other classes of one to three blocks, their shapes drawn from `choose` (indices
/// into the catalogue); `None` when they leave no cell empty.
fn random_others(
    rng: &mut Rng,
    (rows, cols): (usize, usize),
    target: usize,
    goal: Pos,
    choose: &[usize],
) -> Option<Pieces> {
    let shapes = catalogue();
    let classes = rng.range(0, 3);
    let counts: Vec<(usize, usize)> = (0..classes)
        .map(|_| (choose[rng.below(choose.len())], rng.range(1, 3)))
        .collect();
    let pieces = pieces(rows, cols, &shapes, target, &counts, goal);
    let cells: usize = pieces
        .shapes
        .iter()
        .zip(&pieces.names)
        .map(|(s, n)| s.len() * n.len())
        .sum();
    (cells < rows * cols).then_some(pieces)
}

/// The height and width of a shape's bounding box.
fn size(shape: &[Pos]) -> (usize, usize) {
    let h = shape.iter().map(|p| p.row + 1).max().unwrap_or(1);
    let w = shape.iter().map(|p| p.col + 1).max().unwrap_or(1);
    (h, w)
}

/// The census of `pieces` against the reference (every figure, and every hardest layout),
/// and each hardest layout as a case solved by the solver in exactly M moves. `Ok(number of
/// layouts compared)`.
pub fn check_pieces(pieces: &Pieces) -> Result<u64, String> {
    let census = pieces
        .census(usize::MAX, MemoryBudget::default())
        .map_err(|e| format!("the census gave up: {e}"))?;
    check_census(pieces, &census)
}

/// The census `--sweep` takes for `pieces` ([`super::sweep::census`]: the dedicated
/// encoding of [`super::flat`] where it fits) against the general census (equal, every
/// hardest layout in the same order) and then against the reference, as [`check_pieces`].
pub fn check_sweep_pieces(pieces: &Pieces) -> Result<u64, String> {
    let census = super::sweep::census(pieces, usize::MAX, MemoryBudget::default());
    check_as_general(pieces, census, "the sweep's census")
}

/// `census` of `pieces` (by `what`) against the general census (equal, every hardest layout
/// in the same order) and then against the reference, as [`check_pieces`].
fn check_as_general(
    pieces: &Pieces,
    census: Result<super::Census, crate::solve::Limit>,
    what: &str,
) -> Result<u64, String> {
    let gave_up = |e| format!("the census gave up: {e}");
    let census = census.map_err(gave_up)?;
    let general = pieces.census(usize::MAX, MemoryBudget::default());
    if census != general.map_err(gave_up)? {
        return Err(format!(
            "{what} differs from the general one for {pieces:?}"
        ));
    }
    check_census(pieces, &census)
}

/// Random block sets of the sweep's shapes ([`super::sweep::shapes`]) in a box of at most
/// `max_cells` cells (2 to 5 rows and columns), the goal anywhere the target fits (in the
/// middle of a row, mirror symmetric, when the columns allow it half of the time).
pub fn random_sweep_pieces(rng: &mut Rng, max_cells: usize) -> Pieces {
    loop {
        let (rows, cols) = (rng.range(2, 5), rng.range(2, 5));
        if rows * cols > max_cells {
            continue;
        }
        let mut left = rows * cols - 4;
        let mut take = |most: usize, size: usize| {
            let n = rng.range(0, (left / size).min(most));
            left -= n * size;
            n
        };
        let (horizontal, vertical, single) = (take(3, 2), take(3, 2), take(6, 1));
        let set = super::sweep::BlockSet {
            horizontal,
            vertical,
            single,
        };
        let mut pieces = super::sweep::pieces(rows, cols, &set);
        let middle = cols % 2 == 0 && rng.below(2) == 0;
        let col = if middle {
            (cols - 2) / 2
        } else {
            rng.range(0, cols - 2)
        };
        pieces.goal = Pos::new(rng.range(0, rows - 2), col);
        return pieces;
    }
}

/// The census `--hardest` takes for `pieces` of the sweep's shapes in any order of their
/// classes ([`super::flat::hardest_census`], every hardest layout kept) against the general
/// census (equal, every hardest layout in the same order) and then against the reference,
/// as [`check_pieces`].
pub fn check_hardest_pieces(pieces: &Pieces) -> Result<u64, String> {
    let census = super::flat::hardest_census(pieces, usize::MAX, MemoryBudget::default())
        .ok_or_else(|| format!("not taken by the sweep's census: {pieces:?}"))?;
    check_as_general(pieces, census, "the sweep's census for --hardest")
}

/// [`random_sweep_pieces`] as a case of `--hardest` gives them: only the classes that have
/// blocks, the target's first and the others in a random order.
pub fn random_hardest_sweep_pieces(rng: &mut Rng, max_cells: usize) -> Pieces {
    let swept = random_sweep_pieces(rng, max_cells);
    let mut classes: Vec<usize> = (1..4).filter(|&k| !swept.names[k].is_empty()).collect();
    for i in (1..classes.len()).rev() {
        classes.swap(i, rng.below(i + 1));
    }
    classes.insert(0, 0);
    Pieces {
        shapes: classes.iter().map(|&k| swept.shapes[k].clone()).collect(),
        names: classes.iter().map(|&k| swept.names[k].clone()).collect(),
        ..swept
    }
}

/// The census `census` of `pieces` against the reference (see [`check_pieces`]).
fn check_census(pieces: &Pieces, census: &super::Census) -> Result<u64, String> {
    let expected = reference::census(pieces);
    let got = (census.layouts, census.groups, census.solvable);
    let want = (
        expected.layouts as u64,
        expected.groups as u64,
        expected.solvable as u64,
    );
    if got != want {
        return Err(format!(
            "layouts, groups, solvable {got:?}, reference {want:?} for {pieces:?}"
        ));
    }
    match (&census.hardest, &expected.hardest) {
        (None, None) => {}
        (Some(h), Some((m, boards))) => {
            let mut ours: Vec<reference::Board> = h
                .layouts
                .iter()
                .map(|b| reference::board_of(pieces, b))
                .collect();
            ours.sort();
            if h.moves != *m || h.count != boards.len() as u64 || ours != *boards {
                return Err(format!(
                    "hardest {} moves, {} layouts; reference {m} moves, {} layouts (same \
                     layouts: {}) for {pieces:?}",
                    h.moves,
                    h.count,
                    boards.len(),
                    ours == *boards
                ));
            }
            let mut solver = Solver::new(&Options::default());
            for layout in &h.layouts {
                let case = pieces.case_of(layout).map_err(|e| e.to_string())?;
                let n = solver.count(&case).map_err(|e| e.to_string())?;
                if n != Some(h.moves) {
                    return Err(format!("the hardest layout\n{case}takes {n:?} moves"));
                }
            }
        }
        (ours, theirs) => {
            return Err(format!(
                "hardest {:?}, reference {:?} for {pieces:?}",
                ours.as_ref().map(|h| h.moves),
                theirs.as_ref().map(|h| h.0)
            ))
        }
    }
    Ok(census.layouts)
}

/// True when the census of `pieces` expands one layout of each mirror pair (every shape its
/// own mirror image, the goal in the middle).
pub fn is_mirror_symmetric(pieces: &Pieces) -> bool {
    super::mirror::Mirror::of(pieces).is_some()
}

/// Random left-right symmetric pieces in a box of at most `max_cells` cells: shapes that are
/// their own mirror image (1x1, 1x2, 2x1, 2x2, 1x3, a block in two pieces, a T), the goal
/// in the middle of a row, at least one cell empty.
pub fn random_symmetric_pieces(rng: &mut Rng, max_cells: usize) -> Pieces {
    let shapes = catalogue();
    let symmetric = [0, 1, 2, 3, 4, 7, 9];
    loop {
        let rows = rng.range(1, 4);
        let cols = rng.range(1, 5);
        let target = symmetric[rng.below(symmetric.len())];
        let (h, w) = size(&shapes[target]);
        if rows * cols > max_cells || h > rows || w > cols || (cols - w) % 2 == 1 {
            continue;
        }
        let goal = Pos::new(rng.range(0, rows - h), (cols - w) / 2);
        if let Some(pieces) = random_others(rng, (rows, cols), target, goal, &symmetric) {
            return pieces;
        }
    }
}

/// Every layout of `pieces` unranked by one expander in the order of `order` (ranks below
/// the census's N; each walk keeps what it shares with the last), against a fresh unrank of
/// the same rank and against ranking the blocks back. `Ok(number of ranks checked)`.
pub fn check_unrank(pieces: &Pieces, order: &[u64]) -> Result<usize, String> {
    let (frame, shapes) = pieces.tables();
    let ranker = super::rank::Ranker::new(
        frame.board,
        &shapes,
        &pieces.counts(),
        MemoryBudget::default(),
    )
    .map_err(|e| format!("the automaton gave up: {e}"))?;
    let mut kept = super::graph::Expander::new(&ranker, &frame, &shapes);
    for &rank in order.iter().filter(|&&r| r < ranker.total()) {
        kept.load(rank);
        let mut fresh = super::graph::Expander::new(&ranker, &frame, &shapes);
        fresh.load(rank);
        if kept.blocks != fresh.blocks || kept.occupied != fresh.occupied {
            return Err(format!(
                "rank {rank}: {:?} kept, {:?} fresh, for {pieces:?}",
                kept.blocks, fresh.blocks
            ));
        }
        let back = ranker.rank_of(&kept.blocks);
        if back != rank {
            return Err(format!("rank {rank} ranked back as {back} for {pieces:?}"));
        }
        let mut moves_kept = Vec::new();
        kept.moves(rank, |v, k, from, to| moves_kept.push((v, k, from, to)));
        let mut moves_fresh = Vec::new();
        fresh.moves(rank, |v, k, from, to| moves_fresh.push((v, k, from, to)));
        if moves_kept != moves_fresh {
            return Err(format!("rank {rank}: the moves differ for {pieces:?}"));
        }
    }
    Ok(order.len())
}

/// How many layouts `pieces` has (the automaton's count).
pub fn layout_count(pieces: &Pieces) -> Result<u64, String> {
    let (frame, shapes) = pieces.tables();
    super::rank::Ranker::new(
        frame.board,
        &shapes,
        &pieces.counts(),
        MemoryBudget::default(),
    )
    .map(|r| r.total())
    .map_err(|e| format!("the automaton gave up: {e}"))
}
