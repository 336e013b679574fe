//! The judge's lines: the frame's defaults, the number of moves (or `-1`), and for `--path`
//! the directions the blank moves as their letters `U`/`D`/`L`/`R`.

impl puzzle_frame::puzzle::Formatting for crate::Huarongdao {}
