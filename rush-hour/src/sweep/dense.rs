//! The dense index of one cluster's boards: its *box*.
//!
//! No move changes the lengths of the pieces of a line (its *group*: the size sequence of
//! its placement), so every board of a cluster has, in each line, a placement of the same
//! group. Number the placements of each group `0..size` in order; a board of the cluster
//! is then a mixed-radix number over its lines, a place in a box of the product of the
//! lines' group sizes. Two boards of one cluster never share a place (the place gives
//! every line's placement), so the box holds the cluster exactly, with holes where
//! pieces would overlap. A move changes one line from placement `e` to `t` of the same
//! group, so the neighbour's place is the board's place plus
//! `(rank(t) - rank(e)) * stride(line)`: no hashing, one table read a move.

use super::space::{Space, State};

/// The group rank and size of every placement, per line.
#[derive(Debug)]
pub struct Boxes {
    /// Per line, per placement: its rank in its group.
    rank: Vec<Vec<u32>>,
    /// Per line, per placement: its group's size.
    size: Vec<Vec<u64>>,
}

/// The box of one cluster: its size and each line's stride.
#[derive(Clone, Copy, Debug)]
pub struct Frame {
    /// The places of the box (saturating).
    pub size: u64,
    /// Per line: the distance between two consecutive ranks of its placement.
    stride: [u64; 16],
}

impl Frame {
    /// The stride of line `l`.
    #[inline]
    pub fn stride(&self, l: usize) -> u64 {
        self.stride[l]
    }
}

impl Boxes {
    /// The groups of the lines of `space`.
    pub fn new(space: &Space) -> Boxes {
        let mut rank = Vec::new();
        let mut size = Vec::new();
        for l in 0..2 * space.n {
            let list = &space.table(l).placements;
            let sizes: Vec<Vec<u8>> = list.iter().map(|p| p.sizes()).collect();
            rank.push(
                (0..list.len())
                    .map(|e| sizes[..e].iter().filter(|s| **s == sizes[e]).count() as u32)
                    .collect(),
            );
            size.push(
                (0..list.len())
                    .map(|e| sizes.iter().filter(|s| **s == sizes[e]).count() as u64)
                    .collect(),
            );
        }
        Boxes { rank, size }
    }

    /// The box of the cluster of `s`: the last line varies fastest.
    pub fn frame(&self, space: &Space, s: State) -> Frame {
        let mut stride = [0u64; 16];
        let mut size = 1u64;
        for l in (0..2 * space.n).rev() {
            stride[l] = size;
            size = size.saturating_mul(self.size[l][space.field(s, l)]);
        }
        Frame { size, stride }
    }

    /// The place of `s` in `frame` (a board of the frame's cluster).
    pub fn place(&self, space: &Space, frame: &Frame, s: State) -> usize {
        (0..2 * space.n)
            .map(|l| u64::from(self.rank[l][space.field(s, l)]) * frame.stride[l])
            .sum::<u64>() as usize
    }

    /// The rank of placement `e` of line `l` in its group.
    #[inline]
    pub fn rank(&self, l: usize, e: usize) -> u32 {
        self.rank[l][e]
    }

    /// The place of the board that line `l` going from placement `e` to `t` makes of the
    /// board at `place`.
    #[inline]
    pub fn moved(&self, frame: &Frame, place: usize, l: usize, e: usize, t: usize) -> usize {
        let up = u64::from(self.rank[l][t]) * frame.stride[l];
        let down = u64::from(self.rank[l][e]) * frame.stride[l];
        (place as u64 + up - down) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Walks (up to `most` boards of) the cluster of `s`: every place is inside the box,
    /// no two boards share one, and each slide's place is [`Boxes::moved`]'s.
    fn check_cluster(space: &Space, boxes: &Boxes, s: State, most: usize) -> usize {
        let frame = boxes.frame(space, s);
        let mut seen = std::collections::HashMap::new();
        let mut queue = vec![s];
        seen.insert(boxes.place(space, &frame, s), s);
        while let Some(b) = queue.pop() {
            let at = boxes.place(space, &frame, b);
            assert!((at as u64) < frame.size);
            space.for_each_slide(b, &space.cells(b), |l, e, t, u| {
                let to = boxes.moved(&frame, at, l, e, t);
                assert_eq!(to, boxes.place(space, &frame, u));
                match seen.get(&to) {
                    Some(&v) => assert_eq!(v, u, "two boards at one place"),
                    None if seen.len() < most => {
                        seen.insert(to, u);
                        queue.push(u);
                    }
                    None => {}
                }
            });
        }
        seen.len()
    }

    /// Row tuple `rank` with the middle fit of each column, if every column has one.
    fn board_of(space: &Space, rank: u64) -> Option<State> {
        let mut s = space.row_tuple(rank);
        let fits = space.column_fits(s);
        for (x, fit) in fits.iter().enumerate() {
            s = space.with_field(s, space.n + x, *fit.get(fit.len() / 2)? as usize);
        }
        Some(s)
    }

    /// Over many clusters of 4x4 with a wall, 5x5 and 6x6 (not only one).
    #[test]
    fn places_are_distinct_and_moves_agree_with_them() {
        for (n, walls, step) in [(4, 1, 7), (5, 0, 97), (6, 0, 40_009)] {
            let space = Space::new(n, walls).expect("space");
            let boxes = Boxes::new(&space);
            let mut clusters = 0;
            for rank in (0..space.row_tuples()).step_by(step) {
                if let Some(s) = board_of(&space, rank) {
                    assert!(check_cluster(&space, &boxes, s, 20_000) >= 1);
                    clusters += 1;
                }
            }
            assert!(clusters > 20, "{n}x{n}: {clusters} clusters");
        }
    }
}
