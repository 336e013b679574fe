//! Published puzzles (levels of GNOME Klotski), for the benchmarks: Lodzianka and
//! Pelopones, 5 x 7 and 6 x 7 boxes whose search stores tens of millions of layouts, and
//! the three other levels that take this solver over half a second (Rome, Solomon,
//! Traffic Jam). A level whose target leaves through a door is written as the box inside
//! the walls, the goal where the target stands on the cells next to the door (from there
//! it slides out in the same move).

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

/// Rome: 4 x 6, the L-shaped `X` to row 2, column 0 (out through the door below it);
/// 38 moves (the brute-force reference and `--count`'s search to the end agree).
pub const ROME: &str = "\
4 6
a b c c X X
d d e e f X
d d g h f i
. . . j k i
X
2 0
";

/// Solomon: 5 x 5, the L-shaped `X` to row 0, column 0 (out through the door above it);
/// 29 moves (the brute-force reference and `--count`'s search to the end agree).
pub const SOLOMON: &str = "\
5 5
. . a a b
. c d f b
h c e f g
h i j k X
h l l X X
X
0 0
";

/// Traffic Jam: 5 x 6, the 2x2 `X` to row 3, column 4 (out through the door on its
/// right); 132 moves (the brute-force reference and `--count`'s search to the end agree).
pub const TRAFFIC_JAM: &str = "\
5 6
X X . f f i
X X . f g h
a a c e h h
b b d j l m
b d d k l m
X
3 4
";

/// The benchmark inputs (name, input): each puzzle alone.
pub fn bench_inputs() -> Vec<(String, String)> {
    [
        ("gnome-lodzianka", LODZIANKA),
        ("gnome-pelopones", PELOPONES),
        ("gnome-rome", ROME),
        ("gnome-solomon", SOLOMON),
        ("gnome-traffic-jam", TRAFFIC_JAM),
    ]
    .iter()
    .map(|(name, input)| (name.to_string(), input.to_string()))
    .collect()
}
