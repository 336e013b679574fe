//! The numbering with the 1x1 blocks apart, its tables, and a farthest layout.

use super::remap::Kept;
use super::*;
use crate::parse::parse_all;

/// The case of `input` and its numbering with the 1x1 blocks apart, with the blocks'
/// classes.
fn singles_of(input: &str) -> (Case, Singles, Vec<usize>) {
    let case = parse_all(input.as_bytes()).unwrap().remove(0);
    let (singles, classes) = Singles::of(&case, MemoryBudget::new(1 << 30)).expect(input);
    (case, singles, classes)
}

/// The farthest layout of a count to the end (levels made either way) is as far from
/// the start as the farthest level, by a plain breadth-first search over the ranks.
#[test]
fn a_farthest_layout_is_at_the_farthest_level() {
    let inputs = [
        "3 4\nA A B .\nC D E .\nF F . G\nA\n1 2\n",
        "4 4\nA A B C\nA A D .\nE E F .\n. G G H\nA\n2 2\n",
        "4 3\nA . B\nC D B\nC . E\nF F .\nD\n0 1\n",
    ];
    for input in inputs {
        let (case, singles, classes) = singles_of(input);
        let mut walker = SinglesWalker::new(&singles);
        let start = singles.rank_of_case(&classes, &anchors(&case));
        let mut distance = std::collections::HashMap::from([(start, 0usize)]);
        let mut queue = std::collections::VecDeque::from([start]);
        while let Some(u) = queue.pop_front() {
            let d = distance[&u];
            walker.neighbours(u, |v, _, _, _| {
                if let std::collections::hash_map::Entry::Vacant(e) = distance.entry(v) {
                    e.insert(d + 1);
                    queue.push_back(v);
                }
            });
        }
        let farthest = distance.values().copied().max().unwrap();
        let at = anchors(&case);
        let goal = Pieces::of_case(&case).goal_anchor();
        let space = count::Space {
            layouts: singles.ranker.total() * singles.per,
            tables: 0,
            start,
            start_at_goal: at[case.target] == goal,
            goal,
        };
        // A large layout at a time with the tables kept and with none kept (each move
        // made from its map, the 1x1 moves a placement at a time), with the large moves'
        // ranks kept for every large layout, for a few, and for none; then a layout at a
        // time.
        let ways = [
            (count::Way::Large, Kept::Direct, u64::MAX),
            (count::Way::Large, Kept::Hashed, u64::MAX),
            (count::Way::Large, Kept::None, u64::MAX),
            (count::Way::Large, Kept::Direct, 0),
            (count::Way::Large, Kept::Direct, 40),
            (count::Way::Auto, Kept::Direct, u64::MAX),
            (count::Way::Below, Kept::Direct, u64::MAX),
        ];
        for (way, kept, cached) in ways {
            let options = (&Options::default(), way);
            let (marks, found) = match way {
                count::Way::Large => {
                    let on = (options.0, kept, cached);
                    let (sets, found) = skeleton::levels(&singles, &space, on).unwrap();
                    (Box::new(sets) as Box<dyn count::MarkOf>, found)
                }
                _ => {
                    let levels = count::levels(&space, || SinglesWalker::new(&singles), options);
                    let (marks, found) = levels.unwrap();
                    (Box::new(marks) as Box<dyn count::MarkOf>, found)
                }
            };
            assert_eq!(found.farthest, farthest, "{input}");
            let with = format!("{input} {way:?} {kept:?} {cached}");
            assert_eq!(found.visited, distance.len(), "{with}");
            let blocks = (&case, &classes[..], &at[..]);
            let far = count::farthest_layout(&mut walker, (&*marks, &found), blocks);
            let far = far.expect("a farthest layout");
            let rank = singles.rank_of_case(&classes, &anchors(&far));
            assert_eq!(distance[&rank], farthest, "{input}{far}");
        }
    }
}

/// The places after each move by the tables ([`Singles::place_of`], each move's new
/// indices) are those counted from the cells, for every layout of a few boxes.
#[test]
fn the_tables_give_the_places_the_cells_give() {
    let inputs = [
        "3 4\nA A B .\nC D E .\nF F . G\nA\n1 2\n",
        "4 4\nA A B C\nA A D .\nE E F .\n. G G H\nA\n2 2\n",
        "4 4\nA B . C\nA D . .\nE E F F\n. G . H\nA\n2 0\n",
    ];
    for input in inputs {
        let (_, singles, _) = singles_of(input);
        let mut a = SinglesWalker::new(&singles).tabled();
        assert!(a.tabled, "{input}");
        let mut b = SinglesWalker::new(&singles);
        for rank in 0..singles.ranker.total() * singles.per {
            let (mut by_tables, mut by_cells) = (Vec::new(), Vec::new());
            a.neighbours(rank, |v, k, from, to| by_tables.push((v, k, from, to)));
            b.neighbours(rank, |v, k, from, to| by_cells.push((v, k, from, to)));
            assert_eq!(by_tables, by_cells, "{input} {rank}");
        }
    }
}

/// Every rank below the layouts' number is a layout (1x1 blocks on free cells, as many
/// as the case has) whose rank is that rank again, and there are as many as the whole
/// box's automaton counts: the numbering is one-to-one onto the layouts.
#[test]
fn the_rank_with_1x1_blocks_apart_numbers_every_layout_once() {
    let inputs = [
        "3 3\nA B .\nA C .\nD D .\nD\n0 1\n",
        "3 4\nA A B .\nC D E .\nF F . G\nA\n1 2\n",
        "4 4\nA A B C\nA A D .\nE E F .\n. G G H\nA\n2 2\n",
        "4 3\nA . B\nC D B\nC . E\nF F .\nD\n0 1\n",
        "5 4\nA B B C\nA B B C\nD E E F\nD G H F\nI . . J\nB\n3 1\n",
    ];
    for input in inputs {
        let (case, singles, _) = singles_of(input);
        let budget = MemoryBudget::new(1 << 30);
        let pieces = Pieces::of_case(&case);
        let (frame, shapes) = pieces.tables();
        let whole = Ranker::new(frame.board, &shapes, &pieces.counts(), budget).unwrap();
        let n = singles.ranker.total() * singles.per;
        assert_eq!(n, whole.total(), "{input}");
        let mut expander = Expander::new(&singles.ranker, &singles.frame, &singles.shapes);
        for rank in 0..n {
            expander.load(rank / singles.per);
            let free = singles.frame.board & !expander.occupied;
            let cells = singles.cells(free, rank % singles.per);
            assert_eq!(cells & !free, 0, "{input} {rank}");
            assert_eq!(cells.count_ones() as usize, singles.count, "{input} {rank}");
            assert_eq!(singles.rank_of(&expander.blocks, cells), rank, "{input}");
        }
    }
}

/// The 1x1 moves of a set of placements by flood fills ([`floods::Floods`]) are those of
/// its placements one at a time, less the set, for random sets of every large layout of
/// boxes of two 1x1 blocks and of other numbers.
#[test]
fn flood_fills_give_the_1x1_moves_of_the_placements_one_at_a_time() {
    let inputs = [
        "3 4\nA A B .\nC D E .\nF F . G\nA\n1 2\n",
        "4 4\nA A B C\nA A D .\nE E F .\n. G G H\nA\n2 2\n",
        "4 4\nA B . C\nA D . .\nE E F F\n. G . H\nA\n2 0\n",
        "4 4\nA A . B\nA A . .\nC C D E\n. F F .\nA\n2 2\n",
        "4 3\nA . B\nC D B\nC . E\nF F .\nD\n0 1\n",
    ];
    let mut rng = puzzle_frame::rng::Rng::new(7);
    let mut counts = std::collections::BTreeSet::new();
    for input in inputs {
        let (_, singles, _) = singles_of(input);
        if singles.per > 128 {
            continue;
        }
        counts.insert(singles.count);
        let mut walker = SinglesWalker::new(&singles).tabled();
        walker.large_by_sets = true;
        let Some(mut floods) = floods::Floods::new(singles.low.count_ones()) else {
            continue;
        };
        let every = u128::MAX >> (128 - singles.per);
        for large in 0..singles.ranker.total() {
            walker.load(large);
            for _ in 0..8 {
                let level = (u128::from(rng.next_u64()) << 64 | u128::from(rng.next_u64()))
                    & (u128::from(rng.next_u64()) << 64 | u128::from(rng.next_u64()))
                    & every;
                let mut one_at_a_time = 0u128;
                let mut each = level;
                while each != 0 {
                    let place = u64::from(each.trailing_zeros());
                    each &= each - 1;
                    walker.each_move(place, |by, after, _, _| {
                        assert!(by.is_none(), "{input}");
                        one_at_a_time |= 1 << after;
                        false
                    });
                }
                let by_floods = floods.single_moves(&walker, level);
                assert_eq!(
                    by_floods,
                    one_at_a_time & !level,
                    "{input} {large} {level:b}"
                );
            }
        }
    }
    assert!(counts.contains(&2) && counts.len() >= 3, "{counts:?}");
}

/// A large layout's moves loaded with their large ranks kept from an earlier load
/// ([`cache::Neighbours`]) are those walked with no cache: for every large layout of a few
/// boxes, loaded once to fill the cache and again to read it, with room for every large
/// layout's ranks and for only some.
#[test]
fn the_large_ranks_kept_are_those_walked() {
    let inputs = [
        "3 4\nA A B .\nC D E .\nF F . G\nA\n1 2\n",
        "4 4\nA A B C\nA A D .\nE E F .\n. G G H\nA\n2 2\n",
        "4 4\nA B . C\nA D . .\nE E F F\n. G . H\nA\n2 0\n",
        "5 4\nA B B C\nA B B C\nD E E F\nD G H F\nI . . J\nB\n3 1\n",
    ];
    for input in inputs {
        let (_, singles, _) = singles_of(input);
        let large = singles.ranker.total();
        for most in [1 << 20, 30] {
            let cache = cache::Neighbours::new(large, most);
            let mut plain = SinglesWalker::new(&singles);
            let mut cached = SinglesWalker::new(&singles);
            cached.cache = Some(&cache);
            let mut hits = 0;
            for _ in 0..2 {
                for s in 0..large {
                    hits += usize::from(cache.of(s).is_some());
                    plain.load(s);
                    cached.load(s);
                    assert_eq!(plain.nexts, cached.nexts, "{input} {s}");
                    let movable = |w: &SinglesWalker| {
                        let m = w.movable.iter();
                        m.map(|m| (m.class, m.from, m.reached, m.first, m.end, m.far))
                            .collect::<Vec<_>>()
                    };
                    assert_eq!(movable(&plain), movable(&cached), "{input} {s}");
                }
            }
            assert!(hits > 0, "{input} {most}");
        }
    }
}
