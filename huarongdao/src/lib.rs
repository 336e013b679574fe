//! NOIP 2013 华容道: the fewest moves to bring one piece to a target cell, by blank-side state graph.
