//! The name under which a child is stored on a symmetric level: the least image of its
//! box set, then of its region's least cell ([`Symmetries`](super::super::symmetry::Symmetries)).

use super::super::bits;
use super::super::board::NONE;
use super::Search;

impl Search<'_> {
    /// The name and symmetry under which the child with `boxes` (also as `list`) and the
    /// player's region on `player` is stored: the least image of its box set (left in
    /// `self.best` unless the symmetry is the identity) and, among the symmetries giving
    /// it, the least image of its region's least cell ([`Symmetries`](super::super::symmetry::Symmetries)). `push` is the
    /// push that made the child: `(from, to)`. A child's image under each symmetry is its
    /// parent's image (made once per expanded state) less the image of `from`, plus the
    /// image of `to`.
    pub(super) fn canonical(
        &mut self,
        boxes: &[u64],
        list: &[u16],
        player: u16,
        push: (u16, u16),
    ) -> (u16, u8) {
        let count = self.symmetries.len();
        if count == 1 {
            return (player, 0);
        }
        let (from, to) = push;
        if !self.box_images_ready {
            self.prepare_box_images(list, push);
        }
        let words = self.best.len();
        self.best.copy_from_slice(boxes);
        self.ties.clear();
        self.ties.push(0);
        for k in 1..count {
            self.image
                .copy_from_slice(&self.box_images[k * words..(k + 1) * words]);
            bits::remove(&mut self.image, self.symmetries.cell(k, from));
            bits::insert(&mut self.image, self.symmetries.cell(k, to));
            match self.image.cmp(&self.best) {
                std::cmp::Ordering::Less => {
                    std::mem::swap(&mut self.image, &mut self.best);
                    self.ties.clear();
                    self.ties.push(k as u8);
                }
                std::cmp::Ordering::Equal => self.ties.push(k as u8),
                std::cmp::Ordering::Greater => {}
            }
        }
        debug_assert!(
            {
                let mut least = boxes.to_vec();
                for k in 1..count {
                    let mut image = vec![0; words];
                    for &cell in list {
                        bits::insert(&mut image, self.symmetries.cell(k, cell));
                    }
                    least = least.min(image);
                }
                least == self.best
            },
            "the least image of the child's boxes"
        );
        if self.ties[..] == [0] {
            return (player, 0);
        }
        let mut winner = (u16::MAX, 0);
        for t in 0..self.ties.len() {
            let k = self.ties[t];
            let name = match k {
                0 => Some(player),
                _ => self.image_least(boxes, usize::from(k), push),
            };
            let name = match name {
                Some(name) => name,
                None => self.flooded_least(boxes, usize::from(k), player),
            };
            debug_assert_eq!(
                name,
                self.flooded_least(boxes, usize::from(k), player),
                "the least image of the child's region"
            );
            if name < winner.0 {
                winner = (name, k);
            }
        }
        winner
    }

    /// The least image under symmetry `k` of the region of the player on `player` among
    /// `boxes`, by a flood.
    pub(super) fn flooded_least(&mut self, boxes: &[u64], k: usize, player: u16) -> u16 {
        let (cells, _) = self.flood(boxes, player);
        let image = |c: &u16| self.symmetries.cell(k, *c);
        self.queue[..cells]
            .iter()
            .map(image)
            .min()
            .unwrap_or(player)
    }

    /// The least image under symmetry `k` of the region of the child whose box went
    /// `from` -> `to`, without a flood when [`Search::child_player`] would need none and
    /// `to` is no cut cell: the images of the expanded state's region less `to`, of
    /// `from` and of the corrals next to it. `None` otherwise.
    pub(super) fn image_least(
        &mut self,
        boxes: &[u64],
        k: usize,
        (from, to): (u16, u16),
    ) -> Option<u16> {
        if !self.region.contains(to) {
            if !self.images_ready[k] {
                self.prepare_images(k);
            }
            // Pushed into a corral: the parent's region and what `from` reaches outside it.
            let (cells, _) = self.flood_outside(boxes, from);
            let image = |c: &u16| self.symmetries.cell(k, *c);
            let added = self.queue[..cells].iter().map(image).min();
            return Some(self.region_images[k][0].min(added.unwrap_or(NONE)));
        }
        if self.region.is_cut(to) {
            return None;
        }
        if !self.images_ready[k] {
            self.prepare_images(k);
        }
        let count = self.symmetries.len();
        let [first, second] = self.region_images[k];
        let image_to = self.symmetries.cell(k, to);
        let rest = if first == image_to { second } else { first };
        let mut least = self.symmetries.cell(k, from).min(rest);
        for dir in 0..4 {
            let Some(next) = self.board.step(from, dir) else {
                continue;
            };
            if next == to || bits::has(boxes, next) || self.region.contains(next) {
                continue;
            }
            let corral = self.corrals.index_of(next)?;
            least = least.min(self.corral_images[corral * count + k]);
        }
        Some(least)
    }

    /// Fills the images of the expanded state's box set, per symmetry, from a child's
    /// `list` and the push `(from, to)` that made it.
    fn prepare_box_images(&mut self, list: &[u16], (from, to): (u16, u16)) {
        self.box_images_ready = true;
        let words = self.best.len();
        self.box_images.fill(0);
        for k in 1..self.symmetries.len() {
            let image = &mut self.box_images[k * words..(k + 1) * words];
            for &cell in list {
                let cell = if cell == to { from } else { cell };
                bits::insert(image, self.symmetries.cell(k, cell));
            }
        }
    }

    /// Fills the images under symmetry `k` of the expanded state's region and corrals.
    fn prepare_images(&mut self, k: usize) {
        let count = self.symmetries.len();
        if !self.images_ready.contains(&true) {
            self.corral_images.clear();
            self.corral_images
                .resize(self.corrals.count() * count, NONE);
        }
        self.images_ready[k] = true;
        let mut least = [NONE; 2];
        for cell in 0..self.board.floor() as u16 {
            let image = self.symmetries.cell(k, cell);
            if self.region.contains(cell) {
                if image < least[0] {
                    least = [image, least[0]];
                } else if image < least[1] {
                    least[1] = image;
                }
            } else if let Some(corral) = self.corrals.index_of(cell) {
                let slot = &mut self.corral_images[corral * count + k];
                *slot = (*slot).min(image);
            }
        }
        self.region_images[k] = least;
    }
}
