//! A position: which tiles stand where, and each seat's HQ hit points.
//!
//! This is the state a battle resolves. It is small and `Copy`-friendly (fixed arrays sized
//! for the largest board and four seats), so cloning it for a search costs one memcpy.

use crate::hex::{BoardKind, Geometry, Hex, MAX_CELLS};
use crate::tiles::{tiles, ArmyId, TileDef, TileId};

/// Most seats a game can have.
pub const MAX_SEATS: usize = 4;

/// HQ hit points at the start of a game; they never go above this (FAQ-87).
pub const HQ_START_HP: u8 = 20;

/// A tile on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Unit {
    pub tile: TileId,
    /// The seat that owns the tile.
    pub seat: u8,
    pub facing: u8,
    pub wounds: u8,
    /// Placement order on the board (lower = placed earlier); settles "first placed wins".
    pub placed: u16,
}

impl Unit {
    pub fn def(&self) -> &'static TileDef {
        tiles().tile(self.tile)
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub board: BoardKind,
    pub seats: u8,
    pub armies: [ArmyId; MAX_SEATS],
    pub hq_hp: [u8; MAX_SEATS],
    pub cells: [Option<Unit>; MAX_CELLS],
    /// Next placement number.
    pub next_placed: u16,
}

impl Position {
    /// An empty board for the given armies (one per seat, 2 to 4 seats).
    pub fn new(board: BoardKind, armies: &[ArmyId]) -> Position {
        assert!((1..=MAX_SEATS).contains(&armies.len()));
        let mut a = [ArmyId(0); MAX_SEATS];
        a[..armies.len()].copy_from_slice(armies);
        Position {
            board,
            seats: armies.len() as u8,
            armies: a,
            hq_hp: [HQ_START_HP; MAX_SEATS],
            cells: [None; MAX_CELLS],
            next_placed: 0,
        }
    }

    pub fn geometry(&self) -> &'static Geometry {
        self.board.geometry()
    }

    pub fn cell_of(&self, hex: Hex) -> Option<u8> {
        self.geometry().cell(hex)
    }

    pub fn unit_at(&self, hex: Hex) -> Option<&Unit> {
        self.cell_of(hex)
            .and_then(|c| self.cells[c as usize].as_ref())
    }

    /// Puts a tile on an empty hex. The caller has checked the hex is on the board and free.
    pub fn place(&mut self, hex: Hex, tile: TileId, seat: u8, facing: u8, wounds: u8) {
        let cell = self.cell_of(hex).expect("hex on the board") as usize;
        debug_assert!(self.cells[cell].is_none());
        self.cells[cell] = Some(Unit {
            tile,
            seat,
            facing,
            wounds,
            placed: self.next_placed,
        });
        self.next_placed += 1;
    }

    /// The occupied cells with their units, in cell order.
    pub fn units(&self) -> impl Iterator<Item = (Hex, &Unit)> + '_ {
        let geo = self.geometry();
        self.cells[..geo.len()]
            .iter()
            .enumerate()
            .filter_map(move |(i, u)| u.as_ref().map(|u| (geo.hexes[i], u)))
    }

    /// Where each seat's HQ stands, if it is on the board.
    pub fn hq_hex(&self, seat: u8) -> Option<Hex> {
        self.units()
            .find(|(_, u)| u.seat == seat && u.def().is_hq())
            .map(|(h, _)| h)
    }

    /// Every hex of the board holds a tile.
    /// The cells that hold a tile, as a mask (without a branch per cell: which cells are
    /// taken follows no pattern).
    #[inline]
    pub fn occupied(&self) -> u64 {
        self.cells[..self.geometry().len()]
            .iter()
            .enumerate()
            .fold(0, |m, (i, c)| m | (c.is_some() as u64) << i)
    }

    pub fn is_full(&self) -> bool {
        self.cells[..self.geometry().len()]
            .iter()
            .all(Option::is_some)
    }

    /// Whether two seats are enemies. Without teams every other seat is an enemy (P-6).
    #[inline]
    pub fn enemies(&self, a: u8, b: u8) -> bool {
        a != b
    }

    pub fn army_id(&self, seat: u8) -> &'static str {
        &tiles().army(self.armies[seat as usize]).id
    }
}
