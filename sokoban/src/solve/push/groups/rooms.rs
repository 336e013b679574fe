//! The rooms of a level (floor parted by one-cell doorways) and the splits of its rooms into groups.

use super::super::board::Board;
use super::MOST_ROOMS;
use super::MOST_SPLITS;

/// The room of every floor cell (doorways given the nearest room's) and which rooms a
/// doorway joins, `None` with fewer than two rooms or more than [`MOST_ROOMS`].
pub(super) fn rooms(board: &Board) -> Option<(Vec<u8>, Vec<Vec<bool>>)> {
    let floor = board.floor();
    let walled = |cell: u16, dir: usize| board.step(cell, dir).is_none();
    let door = |c: u16| (walled(c, 0) && walled(c, 2)) || (walled(c, 1) && walled(c, 3));
    let mut room = vec![u8::MAX; floor];
    let mut count = 0;
    let mut stack = Vec::new();
    for cell in 0..floor as u16 {
        if door(cell) || room[usize::from(cell)] != u8::MAX {
            continue;
        }
        if count == MOST_ROOMS {
            return None;
        }
        room[usize::from(cell)] = count as u8;
        stack.push(cell);
        while let Some(at) = stack.pop() {
            for next in (0..4).filter_map(|dir| board.step(at, dir)) {
                if !door(next) && room[usize::from(next)] == u8::MAX {
                    room[usize::from(next)] = count as u8;
                    stack.push(next);
                }
            }
        }
        count += 1;
    }
    if count < 2 {
        return None;
    }
    let mut adjacent = vec![vec![false; count]; count];
    for cell in (0..floor as u16).filter(|&c| door(c)) {
        let near: Vec<u8> = (0..4)
            .filter_map(|dir| board.step(cell, dir))
            .map(|next| room[usize::from(next)])
            .filter(|&r| r != u8::MAX)
            .collect();
        for &a in &near {
            for &b in near.iter().filter(|&&b| b != a) {
                adjacent[usize::from(a)][usize::from(b)] = true;
            }
        }
    }
    // Doorways take the room nearest them (a breadth-first spread from the rooms), and
    // cells no room reaches (floor walled off from every room) the first room.
    let mut queue: Vec<u16> = (0..floor as u16)
        .filter(|&c| room[usize::from(c)] != u8::MAX)
        .collect();
    let mut head = 0;
    while head < queue.len() {
        let at = queue[head];
        head += 1;
        for next in (0..4).filter_map(|dir| board.step(at, dir)) {
            if room[usize::from(next)] == u8::MAX {
                room[usize::from(next)] = room[usize::from(at)];
                queue.push(next);
            }
        }
    }
    for r in room.iter_mut().filter(|r| **r == u8::MAX) {
        *r = 0;
    }
    Some((room, adjacent))
}

/// Splits of the rooms (a group number per room): for each two rooms a doorway joins,
/// those two together, then each other room in order with the first room joined to it
/// and not yet grouped; the same split found twice is kept once.
pub(super) fn splits(adjacent: &[Vec<bool>]) -> Vec<Vec<u8>> {
    let count = adjacent.len();
    let mut found: Vec<Vec<u8>> = Vec::new();
    for a in 0..count {
        for b in (a + 1..count).filter(|&b| adjacent[a][b]) {
            let mut group = vec![u8::MAX; count];
            (group[a], group[b]) = (0, 0);
            let mut next = 1;
            for x in 0..count {
                if group[x] != u8::MAX {
                    continue;
                }
                group[x] = next;
                if let Some(y) = (0..count).find(|&y| adjacent[x][y] && group[y] == u8::MAX) {
                    group[y] = next;
                }
                next += 1;
            }
            // The groups numbered by first room, so that the same split compares equal.
            let mut names = Vec::new();
            for g in group.iter_mut() {
                *g = match names.iter().position(|n| n == g) {
                    Some(k) => k as u8,
                    None => {
                        names.push(*g);
                        (names.len() - 1) as u8
                    }
                };
            }
            if !found.contains(&group) && found.len() < MOST_SPLITS {
                found.push(group);
            }
        }
    }
    found
}
