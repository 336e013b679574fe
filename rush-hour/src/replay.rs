//! Plays a sequence of moves on a case, checking each one with its own statement of the
//! rules (not the solver's bits, nor the reference's search).
//!
//! **The rules.** The board is `N x N` characters. A move `L+k` or `L-k` (`k >= 1`) takes
//! the piece of letter `L`: if its cells lie in one row it slides `k` cells right (`+`) or
//! left (`-`), otherwise (one column) `k` cells down (`+`) or up (`-`). Each cell it passes
//! over or lands on, one cell at a time, must be on the board and empty (`o` or `.`): no
//! piece passes through another piece or a wall `x`. The case is solved when the rightmost
//! cell of `A` is in the last column.

use crate::case::{Case, Move};

/// A move that breaks the rules (`move 1 (A+3) is illegal: ...`).
pub type ReplayError = puzzle_frame::puzzle::ReplayError<Move>;

/// How a sequence of legal moves ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replayed {
    /// The board (`.` empty) at the start and after each move.
    pub boards: Vec<Vec<u8>>,
    /// True when the red car ends with its rightmost cell in the last column.
    pub solved: bool,
}

/// Plays `moves` from the case's board: every board on the way, and whether the last is
/// solved; or the first illegal move.
pub fn replay(case: &Case, moves: &[Move]) -> Result<Replayed, ReplayError> {
    let n = case.size();
    let mut board: Vec<u8> = case
        .text()
        .iter()
        .map(|&b| if b == b'o' { b'.' } else { b })
        .collect();
    let mut boards = vec![board.clone()];
    for (i, &mv) in moves.iter().enumerate() {
        let illegal = |reason: String| ReplayError::new("move", i + 1, mv, reason);
        let cells: Vec<usize> = (0..n * n).filter(|&c| board[c] == mv.letter).collect();
        if cells.is_empty() {
            return Err(illegal(format!("no piece '{}'", mv.letter as char)));
        }
        if mv.by == 0 {
            return Err(illegal("a move slides at least one cell".to_string()));
        }
        let in_a_row = cells.iter().all(|&c| c / n == cells[0] / n);
        let sign: isize = if mv.by > 0 { 1 } else { -1 };
        for _ in 0..mv.by.unsigned_abs() {
            // One cell at a time: the piece enters the cell past its leading end and leaves
            // its trailing end (its cells in reading order: left to right, top to bottom).
            let now = cells_of(&board, mv.letter);
            let (lead, trail) = match sign > 0 {
                true => (now[now.len() - 1], now[0]),
                false => (now[0], now[now.len() - 1]),
            };
            let (row, col) = ((lead / n) as isize, (lead % n) as isize);
            let (row, col) = if in_a_row {
                (row, col + sign)
            } else {
                (row + sign, col)
            };
            if !(0..n as isize).contains(&row) || !(0..n as isize).contains(&col) {
                return Err(illegal("the piece would leave the board".to_string()));
            }
            let enter = row as usize * n + col as usize;
            if board[enter] != b'.' {
                return Err(illegal(format!(
                    "the cell at row {row}, column {col} holds '{}'",
                    board[enter] as char
                )));
            }
            board[trail] = b'.';
            board[enter] = mv.letter;
        }
        boards.push(board.clone());
    }
    let solved = (0..n).any(|r| board[r * n + n - 1] == b'A');
    Ok(Replayed { boards, solved })
}

/// The cells of `letter`, in reading order.
fn cells_of(board: &[u8], letter: u8) -> Vec<usize> {
    (0..board.len()).filter(|&c| board[c] == letter).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::board;

    fn mv(text: &str) -> Move {
        Move::parse(text).expect("a move")
    }

    #[test]
    fn legal_and_illegal_moves() {
        let case = board("ooooooAAooBoooooBooooooooooooooooooo").unwrap();
        let done = replay(&case, &[mv("B+2"), mv("A+4")]).unwrap();
        assert!(done.solved);
        assert_eq!(done.boards.len(), 3);
        assert_eq!(&done.boards[1][..18], b"......AA..........");
        assert!(!replay(&case, &[mv("B+2"), mv("A+3")]).unwrap().solved);
        assert!(!replay(&case, &[]).unwrap().solved);
        let blocked = replay(&case, &[mv("A+3")]).unwrap_err();
        assert_eq!(
            blocked.to_string(),
            "move 1 (A+3) is illegal: the cell at row 1, column 4 holds 'B'"
        );
        let off = replay(&case, &[mv("B-2")]).unwrap_err();
        assert_eq!(
            (off.step, off.reason.as_str()),
            (1, "the piece would leave the board")
        );
        assert!(replay(&case, &[mv("C+1")]).is_err());
        assert!(replay(&case, &[mv("B+3")]).is_ok());
        assert!(replay(&case, &[mv("B+4")]).is_err());
        let walled = board("AAxoooooo").unwrap();
        assert!(replay(&walled, &[mv("A+1")]).is_err());
    }
}
