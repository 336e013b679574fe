//! Two large published puzzles (levels of GNOME Klotski), for the benchmarks: each a
//! 5 x 7 or 6 x 7 box whose search stores tens of millions of layouts.

/// Lodzianka: 5 x 7, the 2x2 `X` to row 3, column 5; published minimum 21 moves.
pub const LODZIANKA: &str = "\
5 7
X X a b b c c
X X a b b d d
e e f g h . .
i i i j k . .
i i i j k . .
X
3 5
";

/// Pelopones: 6 x 7, the U-shaped `X` to row 4, column 0; published minimum 25 moves.
pub const PELOPONES: &str = "\
6 7
a b b b X X X
a b b b X c X
a d e e f g g
. . e e f h h
. . . . i h h
. . . . i h h
X
4 0
";

/// The benchmark inputs (name, input): each puzzle alone.
pub fn bench_inputs() -> Vec<(String, String)> {
    vec![
        ("gnome-lodzianka".to_string(), LODZIANKA.to_string()),
        ("gnome-pelopones".to_string(), PELOPONES.to_string()),
    ]
}
