//! The row signatures of a space: the lengths of the pieces of each row, which no move
//! changes, so that every cluster lies within one; a chunk of the sweep is a run of them.

use super::space::{Space, State};

/// The row signatures of a space: the lengths of the pieces of each row, which no move
/// changes, so that every cluster lies within one.
#[derive(Debug)]
pub struct Signatures {
    /// Per row: the placements of each of its groups (one size sequence each).
    groups: Vec<Vec<Vec<u16>>>,
    /// Per row: the walls of each of its groups' placements (the pieces of length 1).
    walls: Vec<Vec<u32>>,
}

impl Signatures {
    /// The signatures of `space`.
    pub fn new(space: &Space) -> Signatures {
        let groups: Vec<Vec<Vec<u16>>> = (0..space.n)
            .map(|y| {
                let mut by_sizes: Vec<(Vec<u8>, Vec<u16>)> = Vec::new();
                for (e, p) in space.table(y).placements.iter().enumerate() {
                    let sizes = p.sizes();
                    match by_sizes.iter_mut().find(|(k, _)| *k == sizes) {
                        Some((_, list)) => list.push(e as u16),
                        None => by_sizes.push((sizes, vec![e as u16])),
                    }
                }
                by_sizes.into_iter().map(|(_, list)| list).collect()
            })
            .collect();
        let walls = groups
            .iter()
            .enumerate()
            .map(|(y, row)| {
                let placements = &space.table(y).placements;
                row.iter()
                    .map(|g| g.first().map_or(0, |&e| placements[e as usize].walls))
                    .collect()
            })
            .collect();
        Signatures { groups, walls }
    }

    /// The walls of every row tuple of signature `sig` (one size sequence per row, so
    /// one wall count): a signature over the space's walls holds no seed.
    pub fn walls(&self, mut sig: u64) -> u32 {
        let mut walls = 0;
        for (groups, row) in self.groups.iter().zip(&self.walls).rev() {
            walls += row[(sig % groups.len() as u64) as usize];
            sig /= groups.len() as u64;
        }
        walls
    }

    /// How many signatures.
    pub fn count(&self) -> u64 {
        self.groups.iter().map(|g| g.len() as u64).product()
    }

    /// The signature of the rows of `s`.
    pub fn of(&self, space: &Space, s: State) -> u64 {
        self.groups.iter().enumerate().fold(0, |sig, (y, groups)| {
            let e = space.field(s, y) as u16;
            let k = groups.iter().position(|g| g.contains(&e)).unwrap_or(0);
            sig * groups.len() as u64 + k as u64
        })
    }

    /// Every row tuple of signature `sig` (as boards with empty columns), into `out`.
    pub fn row_tuples(&self, space: &Space, mut sig: u64, out: &mut Vec<State>) {
        let mut lists = Vec::with_capacity(space.n);
        for g in self.groups.iter().rev() {
            let k = (sig % g.len() as u64) as usize;
            sig /= g.len() as u64;
            lists.push(&g[k]);
        }
        lists.reverse();
        out.clear();
        out.push(0);
        for (y, list) in lists.iter().enumerate() {
            let before = std::mem::take(out);
            for s in before {
                out.extend(list.iter().map(|&e| space.with_field(s, y, e as usize)));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every row tuple of a signature has the signature's walls.
    #[test]
    fn a_signatures_walls_are_each_of_its_tuples_walls() {
        for (n, walls) in [(3, 2), (4, 1), (4, 2)] {
            let space = Space::new(n, walls).expect("space");
            let sigs = Signatures::new(&space);
            let mut tuples = Vec::new();
            let mut over = 0;
            for sig in 0..sigs.count() {
                sigs.row_tuples(&space, sig, &mut tuples);
                for &rows in &tuples {
                    assert_eq!(sigs.walls(sig), space.walls(rows), "{n} {walls} {sig}");
                }
                over += u64::from(sigs.walls(sig) > walls);
            }
            assert!(over > 0 && over < sigs.count(), "{n} {walls}: {over}");
        }
    }
}
