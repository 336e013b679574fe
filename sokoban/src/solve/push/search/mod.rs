//! The A* search over box configurations with the player's region normalised.

use puzzle_frame::budget::{Ledger, OverBudget};

use super::bits;
use super::board::{opposite, Board, NONE};
use super::corral::Corrals;
use super::deadlock::{Freeze, FreezeCheck};
use super::groups::{Groups, MOST_EXPANSIONS, START_EXPANSIONS};
use super::leaving::Leaving;
use super::matching::Matcher;
use super::open::Open;
use super::pairs::Pairs;
use super::patterns::Patterns;
use super::region::Region;
use super::symmetry::Symmetries;
use super::table::{Node, Table};
use super::tunnel::Corridors;
use super::walled::{Verdict, WalledSets};
use super::Problem;

mod canonical;
mod flood;

/// The states stored before the group bound is used, when the level has it: smaller
/// searches are left as they were (the group searches cost more than they save there).
const GROUPS_FROM: u64 = 1 << 17;

/// What the group bound must add to the start's matching bound to be used.
const GROUPS_GAIN: u32 = 4;

/// How a search ended.
pub(super) enum Outcome {
    /// The chain of pushes (box cell before the push, direction) of a push-optimal
    /// solution.
    Solved(Vec<(u16, u8)>),
    /// No sequence of pushes solves the level.
    Unsolvable,
    /// The table passed the state limit.
    TooManyStates,
}

/// The search's state and scratch space.
pub(super) struct Search<'a> {
    board: &'a Board,
    table: Table,
    open: Open,
    matcher: Matcher,
    /// The pair penalties added to the matching, when the level has them.
    pairs: Option<Pairs>,
    freeze: FreezeCheck,
    /// The level walled around each frozen set on goals met so far.
    walled: WalledSets,
    corrals: Corrals,
    /// The deadlock patterns learnt so far.
    patterns: Patterns,
    pushes: Vec<(u16, u8)>,
    /// The boxes on goals the state cannot avoid pushing ([`Corrals::forced`], and the
    /// boxes of `leavers`).
    forced: Vec<u16>,
    /// The walled levels that tell which boxes must leave their goals, when every goal
    /// must be filled.
    leaving: Option<Leaving>,
    /// The boxes of the state being expanded that must leave their goals, with their
    /// first pushes left ([`Leaving::find`]).
    leavers: Vec<(u16, u8)>,
    /// The dead-end corridors of goals ([`Corridors`]).
    corridors: Corridors,
    /// The player's region of the state being expanded.
    region: Region,
    /// Generation stamps of the flood that normalises a child's player.
    flood: Vec<u32>,
    generation: u32,
    queue: Vec<u16>,
    max_states: u64,
    /// The level's symmetries: a state is stored as the least of its images.
    symmetries: &'a Symmetries,
    /// The player of the state being expanded while its matching is not made yet.
    unmatched: Option<u16>,
    /// Whether the matcher keeps the forced matching of the state being expanded (its
    /// plain matching is then made from it, [`Matcher::unforce`]).
    forced_kept: bool,
    /// The least image of the child's boxes found so far, and the image being compared.
    best: Vec<u64>,
    image: Vec<u64>,
    /// The symmetries whose image of the child's boxes is the least.
    ties: Vec<u8>,
    /// Whether `box_images` belongs to the state being expanded.
    box_images_ready: bool,
    /// Per symmetry, the image of the box set of the state being expanded.
    box_images: Vec<u64>,
    /// Per symmetry, whether its `region_images` and `corral_images` belong to the state
    /// being expanded.
    images_ready: Vec<bool>,
    /// Per symmetry, the two least images of the cells of the expanded state's region.
    region_images: Vec<[u16; 2]>,
    /// Per corral of the expanded state and symmetry, the least image of its cells.
    corral_images: Vec<u16>,
    /// The group bound, when the level has rooms and the start's is above its matching.
    groups: Option<Groups>,
    /// The states stored before the group bound is used ([`GROUPS_FROM`]).
    groups_from: u64,
}

impl<'a> Search<'a> {
    /// A search on `board` (made from `level`, whose boxes stand on distinct floor cells)
    /// that gives up past `max_states` states.
    pub fn new(
        level: &Problem,
        board: &'a Board,
        symmetries: &'a Symmetries,
        max_states: u64,
        ledger: &mut Ledger,
    ) -> Result<Search<'a>, OverBudget> {
        let (floor, boxes) = (board.floor(), level.boxes.len());
        ledger.take::<i64>(
            "the matching",
            (boxes + 1) * (board.goals.len() + 1) + 9 * floor,
        )?;
        Ok(Search {
            board,
            table: Table::new(floor, boxes, ledger)?,
            open: Open::new(),
            matcher: Matcher::new(boxes, board.goals.len()),
            pairs: match boxes >= 2 {
                true => Pairs::new(board, ledger)?,
                false => None,
            },
            freeze: FreezeCheck::new(),
            walled: WalledSets::new(level.clone()),
            corrals: Corrals::new(floor, boxes == board.goals.len()),
            patterns: Patterns::new(floor, ledger)?,
            pushes: Vec::new(),
            forced: Vec::new(),
            leaving: Leaving::new(level, board, boxes, ledger)?,
            leavers: Vec::new(),
            corridors: Corridors::new(board, boxes == board.goals.len(), ledger)?,
            region: Region::new(floor),
            flood: ledger.vec("the player's region", floor, 0)?,
            generation: 0,
            queue: ledger.vec("the player's region", floor, 0)?,
            max_states,
            symmetries,
            unmatched: None,
            forced_kept: false,
            best: ledger.vec("the symmetries", bits::words(floor), 0)?,
            image: ledger.vec("the symmetries", bits::words(floor), 0)?,
            ties: Vec::with_capacity(symmetries.len()),
            box_images_ready: false,
            box_images: ledger.vec("the symmetries", bits::words(floor) * symmetries.len(), 0)?,
            images_ready: vec![false; symmetries.len()],
            region_images: vec![[NONE; 2]; symmetries.len()],
            corral_images: Vec::new(),
            groups: None,
            groups_from: GROUPS_FROM,
        })
    }

    /// Uses `groups` for the group bound from the start (for the tests).
    #[cfg(test)]
    pub fn force_groups(&mut self, groups: Groups) {
        self.groups = Some(groups);
        self.groups_from = 0;
    }

    /// The number of states stored so far.
    pub fn states(&self) -> u64 {
        self.table.len() as u64
    }

    /// Searches from `boxes` with the player on `player`.
    pub fn run(
        &mut self,
        boxes: &[u64],
        player: u16,
        ledger: &mut Ledger,
    ) -> Result<Outcome, OverBudget> {
        let mut list = Vec::new();
        bits::cells(boxes, &mut list);
        let player = self.normalise(boxes, player);
        let bound = self.matcher.bound(self.board, &list, player);
        let Some(bound) = bound.zip(self.penalties(&list, player, &[])) else {
            return Ok(Outcome::Unsolvable);
        };
        let mut bound = bound.0 + bound.1;
        // The group bound only where it adds enough to the start's (module docs of
        // `push`); a budget too small for its tables goes without it.
        if self.groups.is_none() {
            if let Ok(Some(mut groups)) = Groups::new(self.board, list.len(), ledger) {
                groups.set_cap(START_EXPANSIONS);
                let start = groups.bound(self.board, &list, player, 1, ledger);
                groups.set_cap(MOST_EXPANSIONS);
                match start {
                    Ok(None) => return Ok(Outcome::Unsolvable),
                    Ok(Some(group)) if group >= bound + GROUPS_GAIN => self.groups = Some(groups),
                    _ => groups.release(ledger),
                }
            }
        } else if let Some(groups) = self.groups.as_mut().filter(|_| self.groups_from == 0) {
            match groups.bound(self.board, &list, player, 1, ledger)? {
                None => return Ok(Outcome::Unsolvable),
                Some(group) => bound = bound.max(group),
            }
        }
        let start = Node {
            parent: 0,
            pushes: 0,
            bound,
            player,
            moved_from: 0,
            dir: 0,
            sym: 0,
            refined: false,
            closed: false,
        };
        let id = match self.table.find(boxes, player) {
            Ok(id) => id,
            Err(slot) => self.table.insert(slot, start, ledger)?,
        };
        self.open.push(bound as usize, bound as usize, id, ledger)?;
        let mut current = boxes.to_vec();
        while let Some((estimate, id)) = self.open.pop() {
            let node = *self.table.node(id);
            if node.closed || node.pushes as usize + node.bound as usize != estimate {
                continue;
            }
            if node.bound == 0 {
                let chain = self.chain(id);
                return Ok(Outcome::Solved(self.symmetries.unfold(&chain)));
            }
            self.table.node_mut(id).closed = true;
            self.table.load(id, &mut current);
            if self.expand(id, &node, &mut current, &mut list, ledger)? {
                return Ok(Outcome::TooManyStates);
            }
        }
        Ok(Outcome::Unsolvable)
    }

    /// Adds the children of state `id`; true when the table passed the state limit.
    fn expand(
        &mut self,
        id: u32,
        node: &Node,
        boxes: &mut [u64],
        list: &mut Vec<u16>,
        ledger: &mut Ledger,
    ) -> Result<bool, OverBudget> {
        let restricted = self.analyse(boxes, node.player);
        bits::cells(boxes, list);
        // The matching of this state, from which the children's bounds are found, is only
        // made when a first new child needs it.
        self.unmatched = Some(node.player);
        // A state queued again with its refined bound has had its corrals checked (and
        // passed them): they are the same now.
        let refined = match node.refined {
            true => Some(None),
            false => self.forced_bound(boxes, list, node.player, restricted),
        };
        self.forced_kept = matches!(refined, Some(Some(_)));
        match refined {
            None => return Ok(false),
            Some(Some(refined)) if refined > node.bound => {
                let stored = self.table.node_mut(id);
                stored.bound = refined;
                stored.refined = true;
                stored.closed = false;
                let estimate = (node.pushes + refined) as usize;
                self.open.push(estimate, refined as usize, id, ledger)?;
                return Ok(false);
            }
            Some(_) => {}
        }
        if !restricted {
            self.pushes.clear();
            for &from in list.iter() {
                for dir in 0..4u8 {
                    self.pushes.push((from, dir));
                }
            }
            let region = &self.region;
            self.corridors.narrow(
                self.board,
                boxes,
                list,
                &|c| region.contains(c),
                &mut self.pushes,
            );
        }
        let pushes = std::mem::take(&mut self.pushes);
        let mut over = false;
        for &(from, dir) in &pushes {
            let dir = usize::from(dir);
            let Some(to) = self.board.step(from, dir) else {
                continue;
            };
            if bits::has(boxes, to) || self.board.dead[usize::from(to)] {
                continue;
            }
            let Some(behind) = self.board.step(from, opposite(dir)) else {
                continue;
            };
            if !self.region.contains(behind) {
                continue;
            }
            let Ok(index) = list.binary_search(&from) else {
                continue;
            };
            bits::remove(boxes, from);
            bits::insert(boxes, to);
            list[index] = to;
            let child = Node {
                parent: id,
                pushes: node.pushes + 1,
                bound: 0,
                player: 0,
                moved_from: from,
                dir: dir as u8,
                sym: 0,
                refined: false,
                closed: false,
            };
            let added = self.add(boxes, list, index, child, ledger);
            list[index] = from;
            bits::remove(boxes, to);
            bits::insert(boxes, from);
            added?;
            if self.table.len() as u64 > self.max_states {
                over = true;
                break;
            }
        }
        self.pushes = pushes;
        Ok(over)
    }

    /// Analyses the region of the player on `player` among `boxes` and its corrals: true
    /// when a PI-corral restricts the pushes (then in `self.pushes`).
    fn analyse(&mut self, boxes: &[u64], player: u16) -> bool {
        self.region.analyse(self.board, boxes, player);
        self.images_ready.fill(false);
        self.box_images_ready = false;
        let region = &self.region;
        self.corrals.restrict(
            self.board,
            boxes,
            &|cell| region.contains(cell),
            &mut self.pushes,
        )
    }

    /// What the corrals of the state being expanded (its region and corrals analysed,
    /// `restricted` what [`Corrals::restrict`] said) add to the bound: `None` when a
    /// corral deadlock or no assignment drops the state, else the bound with the forced
    /// boxes charged, if any box is forced.
    fn forced_bound(
        &mut self,
        boxes: &[u64],
        list: &[u16],
        player: u16,
        restricted: bool,
    ) -> Option<Option<u32>> {
        if restricted && self.pushes.is_empty() {
            return Some(None);
        }
        if !self
            .corrals
            .forced(self.board, boxes, list, &mut self.forced)
        {
            return None;
        }
        self.leavers.clear();
        if let Some(leaving) = &mut self.leaving {
            if !leaving.find(self.board, boxes, list, player, &mut self.leavers) {
                return None;
            }
            for &(cell, _) in &self.leavers {
                if !self.forced.contains(&cell) {
                    self.forced.push(cell);
                }
            }
        }
        if self.forced.is_empty() {
            return Some(None);
        }
        let bound =
            self.matcher
                .bound_leaving(self.board, list, player, &self.forced, &self.leavers)?;
        let forced = std::mem::take(&mut self.forced);
        let penalties = self.penalties(list, player, &forced);
        self.forced = forced;
        Some(Some(bound + penalties?))
    }

    /// The bound of the state `boxes` with the player on `player` as its expansion
    /// refines it, `None` when the rules find it has no solution (a PI-corral without a
    /// push, a corral deadlock, no assignment): what the tests hold against the fewest
    /// pushes.
    pub fn start_bound(&mut self, boxes: &[u64], player: u16) -> Option<u32> {
        let player = self.normalise(boxes, player);
        let mut list = Vec::new();
        bits::cells(boxes, &mut list);
        let plain =
            self.matcher.bound(self.board, &list, player)? + self.penalties(&list, player, &[])?;
        let restricted = self.analyse(boxes, player);
        if restricted && self.pushes.is_empty() {
            return None;
        }
        match self.forced_bound(boxes, &list, player, restricted)? {
            Some(bound) => Some(bound.max(plain)),
            None => Some(plain),
        }
    }

    /// Puts the child `node` (boxes `boxes`, also as `list`: the parent's list with the box
    /// number `index` just pushed from `node.moved_from`) into the table unless it is a
    /// deadlock, or improves the state it names; queues it when it is new or better.
    fn add(
        &mut self,
        boxes: &[u64],
        list: &mut [u16],
        index: usize,
        mut node: Node,
        ledger: &mut Ledger,
    ) -> Result<(), OverBudget> {
        let dir = usize::from(node.dir);
        let Some(to) = self.board.step(node.moved_from, dir) else {
            return Ok(());
        };
        let frozen = match self.freeze.check(self.board, boxes, to) {
            Freeze::Deadlock => return Ok(()),
            Freeze::OnGoals => true,
            Freeze::Free => false,
        };
        let player = self.child_player(boxes, node.moved_from, to);
        // A frozen set on goals: the level walled around it bounds the rest (`walled`).
        let mut walled = 0;
        if frozen {
            let set = self.freeze.set();
            match self.walled.verdict(self.board, set, list, player, ledger)? {
                Verdict::Dead => return Ok(()),
                Verdict::Bound(bound) => walled = bound,
                Verdict::Unknown => {}
            }
        }
        (node.player, node.sym) = self.canonical(boxes, list, player, (node.moved_from, to));
        let key = match node.sym {
            0 => boxes,
            _ => self.best.as_slice(),
        };
        // Pathmax: the parent's bound less one is a bound too (module docs).
        let inherited = self.table.node(node.parent).bound.saturating_sub(1);
        let id = match self.table.find(key, node.player) {
            Ok(id) => {
                let old = self.table.node_mut(id);
                if old.pushes <= node.pushes {
                    return Ok(());
                }
                *old = Node {
                    bound: old.bound.max(inherited).max(walled),
                    ..node
                };
                id
            }
            Err(slot) => {
                let region = &self.region;
                let in_region = |cell| region.contains(cell);
                let (board, from, states) = (self.board, node.moved_from, self.table.len());
                let states = states as u64;
                if self
                    .patterns
                    .dead(board, boxes, &in_region, (from, to), states, ledger)?
                {
                    return Ok(());
                }
                if let Some(parent) = self.unmatched {
                    list[index] = node.moved_from;
                    let matched = (self.forced_kept
                        && self.matcher.unforce(self.board, list, parent, &self.forced))
                        || self.matcher.bound(self.board, list, parent).is_some();
                    list[index] = to;
                    if !matched {
                        return Ok(());
                    }
                    self.unmatched = None;
                }
                // The bound of an image is the bound of the position (module docs).
                let bound = self
                    .matcher
                    .bound_after_push(self.board, list, index, player);
                let Some(bound) = bound.zip(self.penalties(list, player, &[])) else {
                    return Ok(());
                };
                node.bound = (bound.0 + bound.1).max(inherited).max(walled);
                let states = self.table.len() as u64;
                if let Some(groups) = self.groups.as_mut().filter(|_| states >= self.groups_from) {
                    match groups.bound(self.board, list, player, states, ledger)? {
                        None => return Ok(()),
                        Some(group) => node.bound = node.bound.max(group),
                    }
                }
                self.table.insert(slot, node, ledger)?
            }
        };
        let bound = self.table.node(id).bound as usize;
        self.open
            .push(node.pushes as usize + bound, bound, id, ledger)
    }

    /// The pair penalties of `list` with the player's region on `player`, the boxes on
    /// `skip` left out ([`Pairs::sum`]; 0 without a table), `None` when a pair is dead.
    fn penalties(&mut self, list: &[u16], player: u16, skip: &[u16]) -> Option<u32> {
        match &mut self.pairs {
            Some(pairs) => pairs.sum(list, player, skip),
            None => Some(0),
        }
    }

    /// The canonical player of the child whose box went `from` -> `to` (the player now on
    /// `from`). When `to` was in the parent's region, the child's region is `from`, the
    /// parts of the parent's region less `to` next to `from` (the whole of it when `to`
    /// is not a cut cell; [`Region::least_of_part`] when it is) and the corrals next to
    /// `from` (a corral touches no cell of the region, so only `from` joins them): its
    /// least cell comes from those without a flood. Otherwise it floods.
    fn child_player(&mut self, boxes: &[u64], from: u16, to: u16) -> u16 {
        if !self.region.contains(to) {
            // Pushed into a corral: the parent's region stays whole and joins `from` and
            // what `from` reaches outside it.
            let least = self.flood_outside(boxes, from).1.min(self.region.least[0]);
            debug_assert_eq!(least, self.normalise(boxes, from), "a corral push's region");
            return least;
        }
        let cut = self.region.is_cut(to);
        let [first, second] = self.region.least;
        let mut least = match cut {
            true => from,
            false => from.min(if first == to { second } else { first }),
        };
        for dir in 0..4 {
            let Some(next) = self.board.step(from, dir) else {
                continue;
            };
            if next == to || bits::has(boxes, next) {
                continue;
            }
            if self.region.contains(next) {
                if cut {
                    least = least.min(self.region.least_of_part(self.board, to, next));
                }
                continue;
            }
            match self.corrals.least_of(next) {
                Some(cell) => least = least.min(cell),
                None => return self.normalise(boxes, from),
            }
        }
        debug_assert_eq!(
            least,
            self.normalise(boxes, from),
            "the child region's least cell"
        );
        least
    }

    /// The pushes from the start to state `id`, in order, each in the frame of the state
    /// it was made from, with the symmetry that stored its result.
    fn chain(&self, mut id: u32) -> Vec<(u16, u8, u8)> {
        let mut pushes = Vec::new();
        while self.table.node(id).pushes > 0 {
            let node = self.table.node(id);
            pushes.push((node.moved_from, node.dir, node.sym));
            id = node.parent;
        }
        pushes.reverse();
        pushes
    }
}
