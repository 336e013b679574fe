//! The visited set: one paged bitset over the local states per bridge mask reached.
//!
//! A bridge mask gets a table number the first time the search reaches it (a small map
//! from mask to number, consulted only when a press changes the mask). A page, once used,
//! holds the bits of `2^9` consecutive local states (64 bytes, a cache line); a chunk
//! holds the numbers of up to 4096 consecutive pages (fewer on a level whose states fill
//! fewer pages: 64 on a 10 x 15 board), and a table is a directory of chunk numbers
//! covering its `3W + W²` local states. Chunks and pages live in two arenas (number 0
//! means "none yet"), so memory follows the states reached, not the states a level could
//! have: on the game's boards a mask reached with a handful of states costs a directory
//! entry, a chunk of 256 bytes and a page or two. Every arena grows only after the budget
//! agreed.

use super::reserve;
use puzzle_frame::budget::Ledger;
use puzzle_frame::budget::OverBudget;
use std::collections::HashMap;

/// Local states per page: `2^PAGE_BITS`.
const PAGE_BITS: u32 = 9;
/// `u64` words per page.
const PAGE_WORDS: usize = 1 << (PAGE_BITS - 6);
/// The most pages per chunk: `2^MAX_CHUNK_BITS`.
const MAX_CHUNK_BITS: u32 = 12;

/// The visited states of every bridge mask reached.
pub struct Visited {
    /// Pages per chunk: `2^chunk_bits`.
    chunk_bits: u32,
    /// Directory entries per table.
    per_table: usize,
    /// The masks, by table number.
    masks: Vec<u64>,
    numbers: HashMap<u64, u32>,
    /// `per_table` entries per table: chunk numbers.
    directory: Vec<u32>,
    /// `2^chunk_bits` page numbers per chunk (chunk 0 unused).
    chunks: Vec<u32>,
    /// `PAGE_WORDS` words per page (page 0 unused).
    pages: Vec<u64>,
}

impl Visited {
    /// An empty set for levels of `locals` local states.
    pub(crate) fn new(locals: u64, memory: &mut Ledger) -> Result<Visited, OverBudget> {
        let pages_needed = locals.div_ceil(1 << PAGE_BITS).max(1);
        let chunk_bits = (64 - (pages_needed - 1).leading_zeros()).min(MAX_CHUNK_BITS);
        let per_table =
            usize::try_from(locals.div_ceil(1 << (PAGE_BITS + chunk_bits))).unwrap_or(usize::MAX);
        let chunks = memory.vec("the visited sets", 1 << chunk_bits, 0u32)?;
        let pages = memory.vec("the visited sets", PAGE_WORDS, 0u64)?;
        Ok(Visited {
            chunk_bits,
            per_table,
            masks: Vec::new(),
            numbers: HashMap::new(),
            directory: Vec::new(),
            chunks,
            pages,
        })
    }

    /// The table number of `mask`, made when it is new.
    pub(crate) fn table(&mut self, mask: u64, memory: &mut Ledger) -> Result<u32, OverBudget> {
        if let Some(&t) = self.numbers.get(&mask) {
            return Ok(t);
        }
        let what = "the bridge masks' tables";
        let t = self.masks.len() as u32;
        reserve(memory, &mut self.masks, 1, what)?;
        reserve(memory, &mut self.directory, self.per_table, what)?;
        // A map entry: the key, the value and the map's control byte, at its load factor.
        memory.take::<[u64; 3]>(what, 1)?;
        self.masks.push(mask);
        self.directory
            .resize(self.directory.len() + self.per_table, 0);
        self.numbers.insert(mask, t);
        Ok(t)
    }

    /// The bridge mask of table `t`.
    #[inline]
    pub(crate) fn mask(&self, t: u32) -> u64 {
        self.masks[t as usize]
    }

    /// The number of tables (bridge masks reached).
    pub fn tables(&self) -> usize {
        self.masks.len()
    }

    /// Marks local state `local` of table `t`: true when it was not marked before.
    #[inline]
    pub(crate) fn insert(
        &mut self,
        t: u32,
        local: u64,
        memory: &mut Ledger,
    ) -> Result<bool, OverBudget> {
        let entry = t as usize * self.per_table + (local >> (PAGE_BITS + self.chunk_bits)) as usize;
        let chunk = self.directory[entry] as usize;
        if chunk != 0 {
            let slot = (chunk << self.chunk_bits)
                + ((local >> PAGE_BITS) as usize & ((1 << self.chunk_bits) - 1));
            let page = self.chunks[slot] as usize;
            if page != 0 {
                return Ok(self.mark(page, local));
            }
        }
        self.insert_new_page(entry, local, memory)
    }

    /// Sets the bit of `local` in `page`: true when it was clear.
    #[inline]
    fn mark(&mut self, page: usize, local: u64) -> bool {
        let word = &mut self.pages[page * PAGE_WORDS + (local as usize >> 6) % PAGE_WORDS];
        let bit = 1u64 << (local & 63);
        let new = *word & bit == 0;
        *word |= bit;
        new
    }

    /// [`Visited::insert`] where the chunk or the page is not made yet.
    #[cold]
    fn insert_new_page(
        &mut self,
        entry: usize,
        local: u64,
        memory: &mut Ledger,
    ) -> Result<bool, OverBudget> {
        let chunk_len = 1usize << self.chunk_bits;
        let mut chunk = self.directory[entry] as usize;
        if chunk == 0 {
            chunk = self.chunks.len() >> self.chunk_bits;
            reserve(memory, &mut self.chunks, chunk_len, "the visited sets")?;
            self.chunks.resize(self.chunks.len() + chunk_len, 0);
            self.directory[entry] = chunk as u32;
        }
        let slot = (chunk << self.chunk_bits) + ((local >> PAGE_BITS) as usize & (chunk_len - 1));
        let mut page = self.chunks[slot] as usize;
        if page == 0 {
            page = self.pages.len() / PAGE_WORDS;
            reserve(memory, &mut self.pages, PAGE_WORDS, "the visited sets")?;
            self.pages.resize(self.pages.len() + PAGE_WORDS, 0);
            self.chunks[slot] = page as u32;
        }
        Ok(self.mark(page, local))
    }
}
