//! The row signatures of a space: the lengths of the pieces of each row, which no move
//! changes, so that every cluster lies within one; a chunk of the sweep is a run of them.

use super::space::{Space, State};

/// The row signatures of a space: the lengths of the pieces of each row, which no move
/// changes, so that every cluster lies within one.
#[derive(Debug)]
pub struct Signatures {
    /// Per row: the placements of each of its groups (one size sequence each).
    groups: Vec<Vec<Vec<u16>>>,
}

impl Signatures {
    /// The signatures of `space`.
    pub fn new(space: &Space) -> Signatures {
        let groups = (0..space.n)
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
        Signatures { groups }
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
