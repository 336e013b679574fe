//! POJ 1324 Holedox Moving: the fewest steps for a snake's head to reach (1,1).
