//! Snapshot cases: every tests/cases/*.in through the real binary.

puzzle_frame::snapshot_cases!("sokoban");
