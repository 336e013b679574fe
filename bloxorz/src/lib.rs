//! POJ 3322 Bloxorz I: the fewest rolls to stand a 1x1x2 box upright on the target.
