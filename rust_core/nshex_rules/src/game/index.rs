//! What the legal actions read off the board at every decision, kept up to date as the board
//! changes instead of worked out from the cells each time: the occupied cells and, per
//! `MOVE_*` bit of the tiles (`TileSet::move_flags`), the cells whose tile has it.
//!
//! The game changes its board in a few places (a tile placed, taken off, moved, two tiles
//! swapped); each tells the index. After a battle or an action's hits, which may take any
//! tiles off, it is worked out again. Test builds check it against the board at every
//! decision.

use crate::position::Position;
use crate::tiles::{tiles, TileId};

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct BoardIndex {
    /// The cells that hold a unit.
    pub occ: u64,
    /// Per bit `b` of the tiles' move flags, the cells whose unit's tile has it.
    pub flags: [u64; 8],
}

impl BoardIndex {
    /// The index of `pos`, worked out from its cells.
    pub fn of(pos: &Position) -> BoardIndex {
        let mut ix = BoardIndex::default();
        let n = pos.geometry().len();
        for (c, u) in pos.cells[..n].iter().enumerate() {
            if let Some(u) = u {
                ix.put(c as u8, u.tile);
            }
        }
        ix
    }

    /// A unit with tile `tile` now stands on cell `c`.
    #[inline]
    pub fn put(&mut self, c: u8, tile: TileId) {
        let f = tiles().move_flags[tile.0 as usize] as u64;
        self.occ |= 1 << c;
        for (b, m) in self.flags.iter_mut().enumerate() {
            *m |= (f >> b & 1) << c;
        }
    }

    /// Cell `c` holds no unit now.
    #[inline]
    pub fn clear(&mut self, c: u8) {
        self.occ &= !(1 << c);
        for m in self.flags.iter_mut() {
            *m &= !(1 << c);
        }
    }

    /// The cells with move flag `flag` (one `MOVE_*` bit).
    #[inline]
    pub fn with(&self, flag: u8) -> u64 {
        self.flags[flag.trailing_zeros() as usize]
    }

    /// Every move flag some unit on the board has.
    #[inline]
    pub fn seen(&self) -> u8 {
        self.flags
            .iter()
            .enumerate()
            .fold(0, |s, (b, &m)| s | ((m != 0) as u8) << b)
    }

    /// Whether every cell of `mask` holds a unit.
    #[inline]
    pub fn covers(&self, mask: u64) -> bool {
        self.occ & mask == mask
    }
}

impl super::Game {
    /// Places a new unit without wounds on `cell` and tells the index.
    pub(super) fn place_cell(&mut self, cell: u8, tile: TileId, seat: u8, facing: u8) {
        self.state.pos.place_cell(cell, tile, seat, facing, 0);
        self.index.put(cell, tile);
    }

    /// [`Position::is_full`], read off the index.
    #[inline]
    pub(super) fn board_full(&self) -> bool {
        let full = self.index.covers(self.state.pos.full_cells());
        debug_assert_eq!(
            full,
            self.state.pos.is_full(),
            "the board index's full board"
        );
        full
    }
}

/// Test builds: the cells `ix` says hold units are those that do.
#[cfg(debug_assertions)]
pub(super) fn check(ix: &BoardIndex, pos: &Position) {
    let fresh = BoardIndex::of(pos);
    assert_eq!(*ix, fresh, "the board index has drifted from the board");
}
