//! The placements of one line (a row or a column): every way to lay pieces of one
//! direction in it, in the order Fogleman's enumerator lists them, with the tables the
//! sweep reads per move (which placements one slide reaches, which cells a placement
//! requires covered for it to be a *seed*).
//!
//! A line of `n` cells is a bit pattern: bit `i` is cell `i` from the left (a row) or from
//! the top (a column). A placement never fills its line (his "no full row of horizontal
//! or column of vertical pieces"), so a pattern has fewer than `n` bits set.

/// One piece in a line: its first cell and its length (1 for a wall).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Span {
    /// The first cell (from the left or the top).
    pub start: u8,
    /// The cells it covers; 1 is a wall (rows only).
    pub len: u8,
}

impl Span {
    /// The cells of the piece as a line pattern.
    pub fn pattern(self) -> u32 {
        ((1u32 << self.len) - 1) << self.start
    }

    /// Whether the piece is a wall.
    pub fn is_wall(self) -> bool {
        self.len == 1
    }
}

/// One way to lay pieces in a line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placement {
    /// The pieces, in Fogleman's order: left to right (top to bottom), except in the exit
    /// row, where the red car comes first.
    pub spans: Vec<Span>,
    /// The cells covered.
    pub cells: u32,
    /// The cells just before (left of, above) a movable piece and not covered by this
    /// line's pieces: a seed has each covered by a piece of the other direction.
    pub require: u32,
    /// The walls it holds.
    pub walls: u32,
}

impl Placement {
    fn new(spans: Vec<Span>) -> Placement {
        let cells = spans.iter().fold(0, |m, s| m | s.pattern());
        let movable = spans
            .iter()
            .filter(|s| !s.is_wall())
            .fold(0, |m, s| m | s.pattern());
        let walls = spans.iter().filter(|s| s.is_wall()).count() as u32;
        Placement {
            spans,
            cells,
            require: (movable >> 1) & !cells,
            walls,
        }
    }

    /// The lengths of the pieces, in order (the line's invariant under moves).
    pub fn sizes(&self) -> Vec<u8> {
        self.spans.iter().map(|s| s.len).collect()
    }
}

/// What a line may hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineKind {
    /// The exit row: the red car (2 cells) and walls left of it only.
    Exit,
    /// Another row: cars, trucks and walls.
    Row,
    /// A column: cars and trucks.
    Column,
}

/// Fogleman's groups: the size sequences his enumerator sorts placements by, in the
/// order his depth-first `ComputeGroups` lists them.
fn groups(n: usize, max_walls: u32) -> Vec<Vec<u8>> {
    fn walk(n: usize, max_walls: u32, min: u8, sizes: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
        let sum: usize = sizes.iter().map(|&s| s as usize).sum();
        let walls = sizes.iter().filter(|&&s| s == 1).count() as u32;
        if sum >= n || walls > max_walls {
            return;
        }
        out.push(sizes.clone());
        for s in min..=3 {
            sizes.push(s);
            walk(n, max_walls, min, sizes, out);
            sizes.pop();
        }
    }
    let mut out = Vec::new();
    let min = if max_walls > 0 { 1 } else { 2 };
    walk(n, max_walls, min, &mut Vec::new(), &mut out);
    out
}

/// Every placement of a line of `n` cells of `kind`, at most `max_walls` walls, in
/// Fogleman's order (his depth-first listing, stably sorted by group).
pub fn placements(n: usize, kind: LineKind, max_walls: u32) -> Vec<Placement> {
    let min: u8 = if max_walls > 0 && kind != LineKind::Column {
        1
    } else {
        2
    };
    let mut raw = Vec::new();
    list(n, 0, min, &mut Vec::new(), &mut raw);
    let mut kept: Vec<Vec<Span>> = raw
        .into_iter()
        .filter_map(|spans| admit(n, kind, max_walls, spans))
        .collect();
    let order = groups(n, max_walls);
    let group_of = |spans: &Vec<Span>| {
        let sizes: Vec<u8> = spans.iter().map(|s| s.len).collect();
        order.iter().position(|g| *g == sizes).unwrap_or(usize::MAX)
    };
    kept.sort_by_key(group_of);
    kept.into_iter().map(Placement::new).collect()
}

/// His `ComputeRow`/`ComputeColumn` walk: at each cell a piece of each length, then none.
fn list(n: usize, at: usize, min: u8, spans: &mut Vec<Span>, out: &mut Vec<Vec<Span>>) {
    if at >= n {
        out.push(spans.clone());
        return;
    }
    for len in min..=3u8 {
        if at + len as usize > n {
            continue;
        }
        spans.push(Span {
            start: at as u8,
            len,
        });
        list(n, at + len as usize, min, spans, out);
        spans.pop();
    }
    list(n, at + 1, min, spans, out);
}

/// The placement as his enumerator keeps it, or `None` when it drops it.
fn admit(n: usize, kind: LineKind, max_walls: u32, mut spans: Vec<Span>) -> Option<Vec<Span>> {
    let cells: usize = spans.iter().map(|s| s.len as usize).sum();
    let walls = spans.iter().filter(|s| s.is_wall()).count() as u32;
    if walls > max_walls || cells >= n {
        return None;
    }
    if kind == LineKind::Exit {
        let movers: Vec<usize> = (0..spans.len()).filter(|&i| !spans[i].is_wall()).collect();
        let [car] = movers[..] else { return None };
        spans.swap(0, car);
        if spans[0].len != 2 || spans[1..].iter().any(|s| s.start > spans[0].start) {
            return None;
        }
    }
    Some(spans)
}

/// The placements one slide of one piece reaches from `from` when the cells `blocked`
/// are covered by the other direction's pieces, each once.
pub fn slides(
    from: &Placement,
    blocked: u32,
    n: usize,
    index: &dyn Fn(&[Span]) -> usize,
) -> Vec<usize> {
    let mut out = Vec::new();
    for (k, span) in from.spans.iter().enumerate() {
        if span.is_wall() {
            continue;
        }
        let others = (from.cells & !span.pattern()) | blocked;
        for dir in [-1i32, 1] {
            let mut start = span.start as i32 + dir;
            while start >= 0 && start + span.len as i32 <= n as i32 {
                let moved = Span {
                    start: start as u8,
                    len: span.len,
                };
                if moved.pattern() & others != 0 {
                    break;
                }
                let mut spans = from.spans.clone();
                spans[k] = moved;
                out.push(index(&spans));
                start += dir;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn six_cell_lines_have_his_counts() {
        assert_eq!(placements(6, LineKind::Row, 0).len(), 22);
        assert_eq!(placements(6, LineKind::Column, 0).len(), 22);
        assert_eq!(placements(6, LineKind::Exit, 0).len(), 5);
        let exit = placements(6, LineKind::Exit, 2);
        assert!(exit.iter().all(|p| p.spans[0].len == 2));
        assert!(exit.iter().any(|p| p.walls == 2));
    }

    #[test]
    fn require_is_the_cell_before_each_movable_piece() {
        let p = Placement::new(vec![Span { start: 0, len: 1 }, Span { start: 2, len: 2 }]);
        assert_eq!(p.cells, 0b1101);
        assert_eq!(p.require, 0b0010);
    }
}
