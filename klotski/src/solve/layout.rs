//! The per-case tables: blocks grouped into shape classes, each shape as a bitboard.
//!
//! **Cells and anchors.** Cell `(r, c)` is bit `r * cols + c` of a `u64` (boxes have at most
//! 64 cells). A block stands at an *anchor*, the cell of the top-left corner of its bounding
//! box; its cells are its shape's mask shifted left by the anchor. An anchor is valid when
//! the bounding box stays inside the box, so a shifted mask never wraps around a row.
//!
//! **Classes and slots.** The target is class 0, alone. The other blocks are grouped by
//! shape (the same cells relative to their top-left corner): blocks of one shape are
//! interchangeable, since which of them stands where does not change what can move.
//! A position lists one anchor per *slot*: slot 0 the target, then each class's slots
//! together, their anchors in increasing order (the canonical order that merges positions
//! differing only by a swap of interchangeable blocks).
//!
//! **Keys.** A position packs into `words()` `u64`s, ten 6-bit anchors per word.

use grid_common::Pos;

use crate::case::Case;

/// Anchors packed in one key word.
pub(super) const ANCHORS_PER_WORD: usize = 10;

/// One shape: its cells at anchor 0, their offsets, and the valid anchors.
#[derive(Clone, Debug)]
pub(crate) struct Shape {
    /// The cells at anchor 0.
    pub mask: u64,
    /// The cells' bit offsets from the anchor (`dr * cols + dc`).
    pub offsets: Vec<u32>,
    /// The anchors where the bounding box stays in the box.
    pub anchors: u64,
}

impl Shape {
    /// The shape of `cells` (relative to the top-left corner of their bounding box) in a
    /// `rows` x `cols` box of at most 64 cells.
    pub(crate) fn new(rows: usize, cols: usize, cells: &[Pos]) -> Shape {
        let bit = |p: Pos| p.row * cols + p.col;
        let height = cells.iter().map(|p| p.row + 1).max().unwrap_or(1);
        let width = cells.iter().map(|p| p.col + 1).max().unwrap_or(1);
        let offsets: Vec<u32> = cells.iter().map(|&p| bit(p) as u32).collect();
        let mask = offsets.iter().map(|&d| 1u64 << d).sum();
        let mut anchors = 0u64;
        for r in 0..=rows.saturating_sub(height) {
            for c in 0..=cols.saturating_sub(width) {
                if r + height <= rows && c + width <= cols {
                    anchors |= 1 << bit(Pos::new(r, c));
                }
            }
        }
        Shape {
            mask,
            offsets,
            anchors,
        }
    }
}

/// The box as bitboards: every cell, and the anchors a unit step right or left may land on.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Frame {
    /// Columns of the box (a row step is a shift by `cols`).
    pub cols: usize,
    /// Every cell of the box.
    pub board: u64,
    /// Anchors not in the first column (where a step right may land).
    pub not_first_col: u64,
    /// Anchors not in the last column (where a step left may land).
    pub not_last_col: u64,
}

impl Frame {
    /// The frame of a `rows` x `cols` box (1 to 64 cells).
    pub(crate) fn new(rows: usize, cols: usize) -> Frame {
        let cells = rows * cols;
        let board = if cells == 64 {
            u64::MAX
        } else {
            (1u64 << cells) - 1
        };
        let first_col: u64 = (0..rows).map(|r| 1u64 << (r * cols)).sum();
        let last_col = first_col << (cols - 1);
        Frame {
            cols,
            board,
            not_first_col: board & !first_col,
            not_last_col: board & !last_col,
        }
    }

    /// The anchors one unit step from those in `set` (inside the box, not wrapping rows).
    #[inline]
    pub(crate) fn step(&self, set: u64) -> u64 {
        let down = if self.cols < 64 { set << self.cols } else { 0 };
        let up = if self.cols < 64 { set >> self.cols } else { 0 };
        ((set << 1) & self.not_first_col) | ((set >> 1) & self.not_last_col) | down | up
    }

    /// The anchors a block of `shape` standing at `anchor` reaches by unit steps when
    /// `occupied` holds every cell covered by the blocks (its own included): a flood fill
    /// over the anchors where the shape fits among the free cells.
    #[inline]
    pub(crate) fn slide(&self, shape: &Shape, anchor: u8, occupied: u64) -> u64 {
        let free = !(occupied ^ (shape.mask << anchor)) & self.board;
        let mut fit = shape.anchors;
        for &d in &shape.offsets {
            fit &= free >> d;
        }
        let mut reached = 1u64 << anchor;
        loop {
            let next = (reached | self.step(reached)) & fit;
            if next == reached {
                return reached;
            }
            reached = next;
        }
    }
}

/// The tables of one case.
#[derive(Clone, Debug)]
pub(super) struct Layout {
    /// The box's bitboards.
    pub frame: Frame,
    /// The shape of each class.
    pub shapes: Vec<Shape>,
    /// The class of each slot.
    pub slot_class: Vec<usize>,
    /// The slots of each class: `class_slots[k]..class_slots[k + 1]`.
    pub class_slots: Vec<usize>,
    /// The class of each block of the case.
    pub block_class: Vec<usize>,
    /// The start position: one anchor per slot.
    pub start: Vec<u8>,
    /// The target's goal anchor.
    pub goal: u8,
}

impl Layout {
    /// The tables of `case` (a valid case: at most 64 cells, the goal fits).
    pub fn new(case: &Case) -> Layout {
        let cols = case.cols;
        let bit = |p: Pos| p.row * cols + p.col;
        let mut shapes: Vec<Vec<Pos>> = vec![case.blocks[case.target].shape()];
        let mut block_class = Vec::with_capacity(case.blocks.len());
        for (i, block) in case.blocks.iter().enumerate() {
            let shape = block.shape();
            let class = if i == case.target {
                0
            } else if let Some(k) = shapes.iter().skip(1).position(|s| *s == shape) {
                k + 1
            } else {
                shapes.push(shape);
                shapes.len() - 1
            };
            block_class.push(class);
        }
        let mut class_slots = vec![0];
        let mut slot_class = Vec::new();
        let mut start = Vec::new();
        for class in 0..shapes.len() {
            let mut anchors: Vec<u8> = case
                .blocks
                .iter()
                .zip(&block_class)
                .filter(|&(_, &k)| k == class)
                .map(|(b, _)| bit(b.top_left()) as u8)
                .collect();
            anchors.sort_unstable();
            slot_class.extend(std::iter::repeat(class).take(anchors.len()));
            start.extend(anchors);
            class_slots.push(start.len());
        }
        let shapes = shapes
            .iter()
            .map(|cells| Shape::new(case.rows, cols, cells))
            .collect();
        Layout {
            frame: Frame::new(case.rows, cols),
            shapes,
            slot_class,
            class_slots,
            block_class,
            start,
            goal: bit(case.goal) as u8,
        }
    }

    /// Number of slots (blocks).
    pub fn slots(&self) -> usize {
        self.slot_class.len()
    }

    /// Key words a position needs.
    pub fn words(&self) -> usize {
        self.slots().div_ceil(ANCHORS_PER_WORD).max(1)
    }

    /// The cell of an anchor.
    pub fn pos(&self, anchor: u8) -> Pos {
        let cols = self.frame.cols;
        Pos::new(anchor as usize / cols, anchor as usize % cols)
    }

    /// The anchors block slot `slot`, standing at `anchor`, reaches by unit steps when
    /// `occupied` holds every cell covered by the blocks (its own included).
    #[inline]
    pub fn reachable(&self, slot: usize, anchor: u8, occupied: u64) -> u64 {
        self.frame
            .slide(&self.shapes[self.slot_class[slot]], anchor, occupied)
    }

    /// The cells covered by the blocks at `anchors`.
    #[inline]
    pub fn occupied(&self, anchors: &[u8]) -> u64 {
        anchors
            .iter()
            .zip(&self.slot_class)
            .fold(0, |occ, (&a, &k)| occ | (self.shapes[k].mask << a))
    }

    /// Moves slot `slot` to `anchor` and restores the increasing order within its class.
    #[inline]
    pub fn place(&self, anchors: &mut [u8], slot: usize, anchor: u8) {
        let class = self.slot_class[slot];
        let (lo, hi) = (self.class_slots[class], self.class_slots[class + 1]);
        anchors[slot] = anchor;
        let mut j = slot;
        while j > lo && anchors[j - 1] > anchors[j] {
            anchors.swap(j - 1, j);
            j -= 1;
        }
        while j + 1 < hi && anchors[j + 1] < anchors[j] {
            anchors.swap(j, j + 1);
            j += 1;
        }
    }

    /// Calls `found(slot, to, moved)` for each move from the position at `anchors`: the
    /// slot that moves, its new anchor, and the position after the move (canonical order).
    #[inline]
    pub fn moves(&self, anchors: &[u8], mut found: impl FnMut(usize, u8, &[u8])) {
        let slots = anchors.len();
        let occupied = self.occupied(anchors);
        let mut moved = [0u8; 64];
        for (slot, &at) in anchors.iter().enumerate() {
            let mut targets = self.reachable(slot, at, occupied) & !(1u64 << at);
            while targets != 0 {
                let to = targets.trailing_zeros() as u8;
                targets &= targets - 1;
                moved[..slots].copy_from_slice(anchors);
                self.place(&mut moved[..slots], slot, to);
                found(slot, to, &moved[..slots]);
            }
        }
    }
}

/// Packs anchors into a key of `W` words.
#[inline]
pub(super) fn pack<const W: usize>(anchors: &[u8]) -> [u64; W] {
    let mut key = [0u64; W];
    for (word, chunk) in key.iter_mut().zip(anchors.chunks(ANCHORS_PER_WORD)) {
        *word = chunk
            .iter()
            .rev()
            .fold(0, |acc, &a| (acc << 6) | u64::from(a));
    }
    key
}

/// Unpacks `slots` anchors from a key.
#[inline]
pub(super) fn unpack<const W: usize>(key: &[u64; W], anchors: &mut [u8]) {
    for (j, a) in anchors.iter_mut().enumerate() {
        let word = key[j / ANCHORS_PER_WORD];
        *a = ((word >> (6 * (j % ANCHORS_PER_WORD))) & 63) as u8;
    }
}
