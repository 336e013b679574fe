//! 蓝桥杯 2016 卡片换位: swap the cards A and B on a small sliding board in the fewest moves.
