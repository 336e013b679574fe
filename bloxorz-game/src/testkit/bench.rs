//! The benchmark levels: generated, deterministic, up to 200 x 200 with many switches.

use super::Level;
use crate::case::Effect;
use grid_common::Pos;
use puzzle_frame::rng::Rng;
use puzzle_frame::testkit::BenchInput;

/// A serpentine of corridors `height` rows high across a `size` x `size` board, each
/// joined to the next at alternate ends by a gate of two absent bridge cells in the void
/// row between them. Each corridor holds `switches` switches (soft and heavy, at random
/// cells) that turn its gate on; the block starts at the top left and the exit is at the
/// end of the last corridor. The masks reached are the prefixes of the gates, so the
/// search meets about two masks per corridor, each over every corridor opened so far.
pub fn serpentine_gates(rng: &mut Rng, size: usize, height: usize, switches: usize) -> Level {
    let mut level = Level::new(size, size);
    for line in &mut level.cells {
        line.fill(b'#');
    }
    let mut corridors = Vec::new();
    let mut top = 0;
    while top + height <= size && corridors.len() < 33 {
        corridors.push(top);
        top += height + 1;
    }
    for &top in &corridors {
        for line in &mut level.cells[top..top + height] {
            line.fill(b'.');
        }
    }
    let mut gates = Vec::new();
    for (k, &top) in corridors.iter().enumerate().skip(1) {
        let wall = top - 1;
        let k = k - 1;
        let cols = if k % 2 == 0 {
            [size - 2, size - 1]
        } else {
            [0, 1]
        };
        let gate = cols.map(|c| Pos::new(wall, c));
        for p in gate {
            level.set(p, b'b');
        }
        gates.push(gate);
    }
    let start = Pos::new(0, 0);
    let last = *corridors.last().unwrap_or(&0);
    let exit_col = if corridors.len() % 2 == 1 {
        size - 1
    } else {
        0
    };
    let exit = Pos::new(last + height / 2, exit_col);
    level.set(start, b'X');
    level.set(exit, b'O');
    for (k, gate) in gates.iter().enumerate() {
        for _ in 0..switches {
            let p = Pos::new(
                corridors[k] + rng.below(height),
                2 + rng.below(size.saturating_sub(4).max(1)),
            );
            if level.at(p) != b'.' {
                continue;
            }
            level.set(p, if rng.chance(0.5) { b'S' } else { b'H' });
            level
                .switches
                .push((p, gate.iter().map(|&g| (Effect::On, g)).collect()));
        }
    }
    level
}

/// An open `size` x `size` floor whose exit, in the middle, is ringed by 24 absent bridge
/// cells (the 5 x 5 square around it) in `groups` groups; `switches` switches (soft and
/// heavy) at random cells each toggle one group. Every combination of groups is a mask
/// the search may reach: `2^groups` masks over the whole floor.
pub fn toggled_ring(rng: &mut Rng, size: usize, groups: usize, switches: usize) -> Level {
    let mut level = Level::new(size, size);
    let mid = size / 2;
    let ring: Vec<Pos> = (mid - 2..=mid + 2)
        .flat_map(|r| (mid - 2..=mid + 2).map(move |c| Pos::new(r, c)))
        .filter(|&p| p != Pos::new(mid, mid))
        .collect();
    for &p in &ring {
        level.set(p, b'b');
    }
    level.set(Pos::new(0, 0), b'X');
    level.set(Pos::new(mid, mid), b'O');
    let groups = groups.clamp(1, ring.len());
    for _ in 0..switches {
        let p = Pos::new(rng.below(size), rng.below(size));
        if level.at(p) != b'.' {
            continue;
        }
        let g = rng.below(groups);
        level.set(p, if rng.chance(0.7) { b'S' } else { b'H' });
        let actions = ring
            .iter()
            .enumerate()
            .filter(|&(i, _)| i % groups == g)
            .map(|(_, &q)| (Effect::Toggle, q))
            .collect();
        level.switches.push((p, actions));
    }
    level
}

/// An open `size` x `size` floor cut in two by a void wall three columns thick, crossed
/// every fourth row by a tunnel of three orange tiles: the whole block cannot cross it (it
/// would have to stand on orange), a cube can. A splitter next to the start puts the cubes
/// in two corners of the start's half, and the exit is in the far corner of the other
/// half: the cubes cross one at a time and merge there. The search walks the pairs of
/// cubes over the whole floor.
pub fn split_crossing(size: usize) -> Level {
    let mut level = Level::new(size, size);
    let wall = size / 2 - 1;
    for r in 0..size {
        let c = if r % 4 == 1 { b'E' } else { b'#' };
        for col in wall..wall + 3 {
            level.set(Pos::new(r, col), c);
        }
    }
    level.set(Pos::new(0, 0), b'X');
    level.set(Pos::new(0, 3), b'T');
    level.splits.push((
        Pos::new(0, 3),
        [Pos::new(size - 1, 0), Pos::new(0, wall - 1)],
    ));
    level.set(Pos::new(size - 1, size - 1), b'O');
    level
}

/// The worst-case benchmark inputs, generated deterministically: (name, input).
pub fn inputs() -> Vec<BenchInput> {
    let end = "0 0\n";
    let mut rng = Rng::new(1999);
    let serpentine = serpentine_gates(&mut rng, 200, 5, 8);
    let ring = toggled_ring(&mut rng, 200, 6, 400);
    let small_ring = toggled_ring(&mut rng, 60, 10, 200);
    vec![
        BenchInput::new("serpentine-200-gates", serpentine.text() + end),
        BenchInput::new("toggled-ring-200-64-masks", ring.text() + end),
        BenchInput::new("toggled-ring-60-1024-masks", small_ring.text() + end),
        BenchInput::new("split-crossing-40", split_crossing(40).text() + end),
        BenchInput::new("split-crossing-80", split_crossing(80).text() + end),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::parse_all;

    #[test]
    fn bench_inputs_parse() {
        for BenchInput { name, input, .. } in inputs() {
            let cases = parse_all(input.as_bytes()).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(cases.len(), 1, "{name}");
        }
    }
}
