//! The legal actions in compact form: the placements and moves (most of a turn's actions)
//! kept as blocks of "every facing on every cell of a mask" instead of one entry each, so
//! that a random playout picks its action without listing the others.

use crate::action::Action;
use crate::hex::{bits, NO_CELL};
use crate::tiles::TileId;

/// What a block's actions are: placements of a tile, or moves of one kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Make {
    Place(TileId),
    Move,
    Mobility,
    Transport,
    Grant,
}

/// Every facing `0..facings` on every cell of `cells` (ascending), but facing `skip` on cell
/// `from` (a unit "moving" to its own hex must turn): the actions a placement or a unit's
/// moves give, in the order they are listed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Block {
    /// The position among the listed actions this block comes before.
    at: u32,
    /// Its first action's position in the full list, and its length (set by `count`).
    first: u32,
    len: u32,
    make: Make,
    from: u8,
    skip: u8,
    facings: u8,
    cells: u64,
}

impl Block {
    /// Placements of `tile` on `cells`, each with facings `0..facings`.
    pub(super) fn places(tile: TileId, cells: u64, facings: u8) -> Block {
        Block {
            at: 0,
            first: 0,
            len: 0,
            make: Make::Place(tile),
            from: NO_CELL,
            skip: 6,
            facings,
            cells,
        }
    }

    /// The unit on `from` moving to `cells` (which include `from`) with any facing but, on
    /// `from` itself, its current one `facing`.
    pub(super) fn moves(make: Make, from: u8, facing: u8, cells: u64) -> Block {
        Block {
            at: 0,
            first: 0,
            len: 0,
            make,
            from,
            skip: facing,
            facings: 6,
            cells,
        }
    }

    fn action(&self, cell: u8, facing: u8) -> Action {
        let (from, to) = (self.from, cell);
        match self.make {
            Make::Place(tile) => Action::Place { tile, cell, facing },
            Make::Move => Action::Move { from, to, facing },
            Make::Mobility => Action::Mobility { from, to, facing },
            Make::Transport => Action::Transport { from, to, facing },
            Make::Grant => Action::Grant { from, to, facing },
        }
    }

    fn count(&self) -> usize {
        let skipped = self.skip < self.facings && self.cells >> self.from & 1 == 1;
        self.cells.count_ones() as usize * self.facings as usize - skipped as usize
    }

    /// The `k`-th action of the block (`k < len`).
    fn nth(&self, mut k: usize) -> Action {
        let mut m = self.cells;
        loop {
            let c = m.trailing_zeros() as u8;
            let skips = c == self.from && self.skip < self.facings;
            let n = self.facings as usize - skips as usize;
            if k < n {
                let f = if skips && k >= self.skip as usize {
                    k + 1
                } else {
                    k
                };
                return self.action(c, f as u8);
            }
            k -= n;
            m &= m - 1;
        }
    }

    /// Lists the block's actions onto `out`.
    fn list(&self, out: &mut Vec<Action>) {
        let from = self.from;
        // One loop per kind of action, so that no action is built through a `match`.
        match self.make {
            Make::Place(tile) => {
                self.list_with(out, |cell, facing| Action::Place { tile, cell, facing })
            }
            Make::Move => self.list_with(out, |to, facing| Action::Move { from, to, facing }),
            Make::Mobility => {
                self.list_with(out, |to, facing| Action::Mobility { from, to, facing })
            }
            Make::Transport => {
                self.list_with(out, |to, facing| Action::Transport { from, to, facing })
            }
            Make::Grant => self.list_with(out, |to, facing| Action::Grant { from, to, facing }),
        }
    }

    #[inline(always)]
    fn list_with(&self, out: &mut Vec<Action>, make: impl Fn(u8, u8) -> Action) {
        out.reserve(self.count());
        for c in bits(self.cells) {
            if self.facings == 6 {
                let six: [Action; 6] = std::array::from_fn(|f| make(c, f as u8));
                if c == self.from && self.skip < 6 {
                    let s = self.skip as usize;
                    out.extend_from_slice(&six[..s]);
                    out.extend_from_slice(&six[s + 1..]);
                } else {
                    out.extend_from_slice(&six);
                }
            } else {
                out.extend((0..self.facings).map(|f| make(c, f)));
            }
        }
    }
}

/// Where legal-action generation writes: a plain list (blocks listed at once), or the
/// compact list's parts. Derefs to the listed actions for everything that is not a block.
pub(super) struct Sink<'a> {
    listed: &'a mut Vec<Action>,
    blocks: Option<&'a mut Vec<Block>>,
}

impl<'a> Sink<'a> {
    /// A sink that lists every action onto `out`.
    pub(super) fn listing(out: &'a mut Vec<Action>) -> Sink<'a> {
        Sink {
            listed: out,
            blocks: None,
        }
    }

    pub(super) fn clear(&mut self) {
        self.listed.clear();
        if let Some(b) = self.blocks.as_deref_mut() {
            b.clear();
        }
    }

    /// Adds a block's actions after those added so far.
    pub(super) fn block(&mut self, mut b: Block) {
        if b.cells == 0 {
            return;
        }
        match self.blocks.as_deref_mut() {
            Some(blocks) => {
                b.at = self.listed.len() as u32;
                blocks.push(b);
            }
            None => b.list(self.listed),
        }
    }
}

impl std::ops::Deref for Sink<'_> {
    type Target = Vec<Action>;
    fn deref(&self) -> &Vec<Action> {
        self.listed
    }
}

impl std::ops::DerefMut for Sink<'_> {
    fn deref_mut(&mut self) -> &mut Vec<Action> {
        self.listed
    }
}

/// The legal actions in compact form ([`Game::legal_actions_compact`]): the actions of
/// [`Game::legal_actions`] in the same order, with each tile's placements and each unit's
/// moves kept as one block instead of one entry each. `get(k)` gives the `k`-th action, so
/// a uniformly random pick from it is the same pick as from the full list.
#[derive(Clone, Debug, Default)]
pub struct LegalActions {
    listed: Vec<Action>,
    blocks: Vec<Block>,
    len: usize,
}

impl LegalActions {
    pub fn new() -> LegalActions {
        LegalActions {
            listed: Vec::with_capacity(64),
            blocks: Vec::with_capacity(16),
            len: 0,
        }
    }

    pub(super) fn sink(&mut self) -> Sink<'_> {
        Sink {
            listed: &mut self.listed,
            blocks: Some(&mut self.blocks),
        }
    }

    /// Counts the actions after the sink has been filled.
    pub(super) fn count(&mut self) {
        let mut in_blocks = 0;
        for b in &mut self.blocks {
            b.first = b.at + in_blocks;
            b.len = b.count() as u32;
            in_blocks += b.len;
        }
        self.len = self.listed.len() + in_blocks as usize;
    }

    /// How many legal actions there are.
    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The `k`-th legal action (the `k`-th of [`Game::legal_actions`]), or `None` past the
    /// end.
    pub fn get(&self, k: usize) -> Option<Action> {
        if k >= self.len {
            return None;
        }
        let k = k as u32;
        let mut in_blocks = 0;
        for b in &self.blocks {
            if k < b.first {
                break;
            }
            if k < b.first + b.len {
                return Some(b.nth((k - b.first) as usize));
            }
            in_blocks += b.len;
        }
        Some(self.listed[(k - in_blocks) as usize])
    }

    /// Every action, in order.
    pub fn iter(&self) -> impl Iterator<Item = Action> + '_ {
        let mut done = 0;
        let tail = self.blocks.last().map_or(0, |b| b.at as usize);
        self.blocks
            .iter()
            .flat_map(move |b| {
                let listed = self.listed[done..b.at as usize].iter().copied();
                done = b.at as usize;
                listed.chain((0..b.len as usize).map(move |k| b.nth(k)))
            })
            .chain(self.listed[tail..].iter().copied())
    }

    /// Lists every action onto `out` (cleared first): what [`Game::legal_actions_into`]
    /// gives.
    pub fn list_into(&self, out: &mut Vec<Action>) {
        out.clear();
        let mut done = 0;
        for b in &self.blocks {
            out.extend_from_slice(&self.listed[done..b.at as usize]);
            done = b.at as usize;
            b.list(out);
        }
        out.extend_from_slice(&self.listed[done..]);
    }
}
