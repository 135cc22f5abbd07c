//! A position: which tiles stand where, and each seat's HQ hit points.
//!
//! This is the state a battle resolves. It is small and `Copy`-friendly (fixed arrays sized
//! for the largest board and four seats), so cloning it for a search costs one memcpy.

use crate::control::{Control, CtlBoard, CtlScratch, CtlTile};
use crate::hex::{BoardKind, Geometry, Hex, MAX_CELLS};
use crate::seats::{HQ_START_HP, MAX_SEATS};
use crate::sides::{Mode, Relations};
use crate::tiles::{tiles, ArmyId, TileDef, TileId, MOVE_TAKEOVER};

/// A tile on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Unit {
    pub tile: TileId,
    /// The seat that owns the tile (D-35: whose discard pile it goes to).
    pub seat: u8,
    /// The seat that controls it: the owner unless taken over (D-13). Derived from the
    /// board by [`Position::settle`], never stored in a file.
    pub ctrl: u8,
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

/// A foundation tile on the board (the Mine, D-15): under no unit, not a unit itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Foundation {
    pub tile: TileId,
    pub seat: u8,
}

/// Most foundations a board holds at once (two Mines an army, four seats).
pub const MAX_FOUNDATIONS: usize = 8;

/// The foundations on a board: few, so a cell mask and a short list in cell order (a
/// position is copied often; a per-cell array would triple its size).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Foundations {
    mask: u64,
    n: u8,
    list: [(u8, Foundation); MAX_FOUNDATIONS],
}

impl Default for Foundations {
    fn default() -> Self {
        Foundations {
            mask: 0,
            n: 0,
            list: [(
                0,
                Foundation {
                    tile: TileId(0),
                    seat: 0,
                },
            ); MAX_FOUNDATIONS],
        }
    }
}

impl Foundations {
    /// The cells holding a foundation.
    #[inline]
    pub fn mask(&self) -> u64 {
        self.mask
    }

    #[inline]
    pub fn is_at(&self, cell: u8) -> bool {
        self.mask >> cell & 1 == 1
    }

    pub fn get(&self, cell: u8) -> Option<Foundation> {
        if !self.is_at(cell) {
            return None;
        }
        self.list[..self.n as usize]
            .iter()
            .find(|(c, _)| *c == cell)
            .map(|&(_, f)| f)
    }

    /// Puts a foundation on `cell` (kept in cell order); false when the board holds
    /// [`MAX_FOUNDATIONS`] already or the cell has one.
    #[must_use]
    pub fn put(&mut self, cell: u8, f: Foundation) -> bool {
        if self.n as usize == MAX_FOUNDATIONS || self.is_at(cell) {
            return false;
        }
        let n = self.n as usize;
        let at = self.list[..n]
            .iter()
            .position(|(c, _)| *c > cell)
            .unwrap_or(n);
        self.list.copy_within(at..n, at + 1);
        self.list[at] = (cell, f);
        self.n += 1;
        self.mask |= 1 << cell;
        true
    }

    /// Removes and returns the foundation on `cell`.
    pub fn take(&mut self, cell: u8) -> Option<Foundation> {
        if !self.is_at(cell) {
            return None;
        }
        let n = self.n as usize;
        let at = self.list[..n].iter().position(|(c, _)| *c == cell)?;
        let f = self.list[at].1;
        self.list.copy_within(at + 1..n, at);
        // The freed slot is cleared, so that equal foundations are equal values.
        self.list[n - 1] = Foundations::default().list[0];
        self.n -= 1;
        self.mask &= !(1 << cell);
        Some(f)
    }

    /// (cell, foundation), in cell order.
    pub fn iter(&self) -> impl Iterator<Item = (u8, Foundation)> + '_ {
        self.list[..self.n as usize].iter().copied()
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub board: BoardKind,
    pub seats: u8,
    pub armies: [ArmyId; MAX_SEATS],
    pub hq_hp: [u8; MAX_SEATS],
    pub cells: [Option<Unit>; MAX_CELLS],
    /// Foundation tiles (a hex holding one holds no unit).
    pub foundations: Foundations,
    /// Next placement number.
    pub next_placed: u16,
    /// The game mode (sides, HQ counters as hit points or points).
    mode: Mode,
    /// Friend and foe per seat, from the mode and the armies.
    rel: Relations,
}

impl Position {
    /// An empty board for the given armies (one per seat, 2 to 4 seats), in the mode a game
    /// of that many seats has by default ([`Mode::default_for`]).
    pub fn new(board: BoardKind, armies: &[ArmyId]) -> Position {
        assert!((1..=MAX_SEATS).contains(&armies.len()));
        let mut a = [ArmyId(0); MAX_SEATS];
        a[..armies.len()].copy_from_slice(armies);
        let mode = Mode::default_for(armies.len() as u8);
        Position {
            board,
            seats: armies.len() as u8,
            armies: a,
            hq_hp: [HQ_START_HP; MAX_SEATS],
            cells: [None; MAX_CELLS],
            foundations: Foundations::default(),
            next_placed: 0,
            mode,
            rel: Relations::new(mode, armies),
        }
    }

    /// The game mode.
    #[inline]
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// Sets the mode (and with it the sides); the HQ counters are the caller's to set.
    pub fn set_mode(&mut self, mode: Mode) {
        self.mode = mode;
        self.rel = Relations::new(mode, &self.armies[..self.seats as usize]);
    }

    /// Friend and foe per seat.
    #[inline]
    pub fn relations(&self) -> &Relations {
        &self.rel
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
        let cell = self.cell_of(hex).expect("hex on the board");
        self.place_cell(cell, tile, seat, facing, wounds);
    }

    /// [`Position::place`] by cell index (the game's actions carry cells).
    #[inline]
    pub fn place_cell(&mut self, cell: u8, tile: TileId, seat: u8, facing: u8, wounds: u8) {
        let cell = cell as usize;
        debug_assert!(self.cells[cell].is_none());
        self.cells[cell] = Some(Unit {
            tile,
            seat,
            ctrl: seat,
            facing,
            wounds,
            placed: self.next_placed,
        });
        self.next_placed += 1;
    }

    /// Puts a foundation on a hex without a unit or a foundation; false when the board holds
    /// [`MAX_FOUNDATIONS`] already (the caller says so: no rule can reach it).
    #[must_use]
    pub fn place_foundation(&mut self, hex: Hex, tile: TileId, seat: u8) -> bool {
        let cell = self.cell_of(hex).expect("hex on the board");
        debug_assert!(self.cells[cell as usize].is_none());
        self.foundations.put(cell, Foundation { tile, seat })
    }

    /// The foundations on the board, in cell order.
    pub fn foundations(&self) -> impl Iterator<Item = (Hex, Foundation)> + '_ {
        let geo = self.geometry();
        self.foundations
            .iter()
            .map(move |(c, f)| (geo.hexes[c as usize], f))
    }

    /// Whether a takeover source (the Vegas HQ, an Agitator) is on the board: only then can a
    /// controller differ from its owner.
    pub fn has_takeover_sources(&self) -> bool {
        let flags = &tiles().move_flags;
        self.cells[..self.geometry().len()]
            .iter()
            .flatten()
            .any(|u| flags[u.tile.0 as usize] & MOVE_TAKEOVER != 0)
    }

    /// Whether a takeover source's takeover edge faces a tile it could take (any but an HQ):
    /// without one, no round of control resolution takes anything and every unit is its
    /// owner's (D-13), whatever the nets and Scopers.
    fn takeover_aimed(&self) -> bool {
        let geo = self.geometry();
        let set = tiles();
        let mut targets = 0u64;
        for (i, u) in self.cells[..geo.len()].iter().enumerate() {
            if let Some(u) = u {
                if set.move_flags[u.tile.0 as usize] & MOVE_TAKEOVER != 0 {
                    let take = set.tile(u.tile).oriented[u.facing as usize % 6].take;
                    targets |= geo.dir_cells[i][take as usize & 63];
                }
            }
        }
        crate::hex::bits(targets).any(|c| self.cells[c as usize].is_some_and(|u| !u.def().is_hq()))
    }

    /// Resolves control, nets and scoping from the owners' state (D-13).
    pub(crate) fn control(&self) -> Control {
        let geo = self.geometry();
        let set = tiles();
        let mut board = CtlBoard::new();
        let mut occ = 0u64;
        for (i, u) in self.cells[..geo.len()].iter().enumerate() {
            if let Some(u) = u {
                board.set(
                    i as u8,
                    CtlTile::of(set.tile(u.tile), u.seat, u.facing, u.placed),
                );
                occ |= 1 << i;
            }
        }
        thread_local! {
            static SCRATCH: std::cell::RefCell<CtlScratch> =
                std::cell::RefCell::new(CtlScratch::new());
        }
        SCRATCH.with_borrow_mut(|scratch| {
            crate::control::resolve(&geo.neighbors, occ, &board, &self.rel, scratch)
        })
    }

    /// Sets every unit's controller from the board (D-13): called after every change of the
    /// board outside a battle. Without a takeover source every unit is its owner's.
    pub fn settle(&mut self) {
        self.settle_into(None);
    }

    /// [`Position::settle`], also filling `takeovers` (when given) with what
    /// [`Position::takeovers`] returns, from the same resolution.
    pub fn settle_into(&mut self, takeovers: Option<&mut Vec<(u16, u16)>>) {
        let mut takeovers = takeovers;
        if let Some(t) = takeovers.as_deref_mut() {
            t.clear();
        }
        if !self.takeover_aimed() {
            #[cfg(debug_assertions)]
            if self.has_takeover_sources() {
                // What the full resolution would give: every unit its owner's.
                let c = self.control();
                for (i, u) in self.cells.iter().enumerate() {
                    if let Some(u) = u {
                        assert_eq!(c.ctrl[i], u.seat, "controller of cell {i}");
                    }
                }
                assert!(c.through.iter().all(|&t| t == 0), "a takeover");
            }
            for u in self.cells.iter_mut().flatten() {
                u.ctrl = u.seat;
            }
            return;
        }
        let c = self.control();
        for (i, u) in self.cells.iter_mut().enumerate() {
            if let Some(u) = u {
                u.ctrl = c.ctrl[i];
            }
        }
        if let Some(out) = takeovers {
            self.takeovers_of(&c, out);
        }
    }

    /// Per taken-over unit (by placement number), the sources it is controlled through (by
    /// placement number): what a new takeover is measured against (D-12).
    pub fn takeovers(&self) -> Vec<(u16, u16)> {
        let mut out = Vec::new();
        if self.has_takeover_sources() {
            self.takeovers_of(&self.control(), &mut out);
        }
        out
    }

    fn takeovers_of(&self, c: &Control, out: &mut Vec<(u16, u16)>) {
        for (i, u) in self.cells.iter().enumerate() {
            if let Some(u) = u {
                for s in crate::hex::bits(c.through[i]) {
                    if let Some(src) = &self.cells[s as usize] {
                        out.push((u.placed, src.placed));
                    }
                }
            }
        }
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

    /// The cells that hold a tile, as a mask (without a branch per cell: which cells are
    /// taken follows no pattern).
    #[inline]
    pub fn occupied(&self) -> u64 {
        self.cells[..self.geometry().len()]
            .iter()
            .enumerate()
            .fold(0, |m, (i, c)| m | (c.is_some() as u64) << i)
    }

    /// Every cell of [`Position::full_cells`] holds a tile: a battle starts.
    #[inline]
    pub fn is_full(&self) -> bool {
        let m = self.full_cells();
        self.occupied() & m == m
    }

    /// The cells that start a battle when all hold units: every cell, but on the 37-hex
    /// board only the inner 19 (D-30).
    #[inline]
    pub fn full_cells(&self) -> u64 {
        let geo = self.geometry();
        if self.board == BoardKind::Expanded {
            geo.full_mask
        } else {
            (1u64 << geo.len()) - 1
        }
    }

    /// Whether two seats are enemies: on different sides (P-6; one seat is one side without
    /// teams).
    #[inline]
    pub fn enemies(&self, a: u8, b: u8) -> bool {
        self.rel.enemies(a, b)
    }

    /// The terminals of this board (Duel board, D-11), as a cell mask.
    pub fn terminals(&self) -> u64 {
        self.board.terminals()
    }

    pub fn army_id(&self, seat: u8) -> &'static str {
        &tiles().army(self.armies[seat as usize]).id
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A board of the Vegas HQ (seat 1) on the centre turned to `facing` (its takeover edge
    /// faces NE at facing 0) and an enemy tile `other` (seat 0) on the NE hex; the
    /// controller of that tile once the board is settled.
    fn controller_after_settle(facing: u8, other: &str) -> u8 {
        let set = tiles();
        let armies = [
            set.find_army("borgo").unwrap(),
            set.find_army("vegas").unwrap(),
        ];
        let mut pos = Position::new(BoardKind::Standard, &armies);
        pos.place(Hex::new(0, 0), set.find("vegas.hq").unwrap(), 1, facing, 0);
        pos.place(Hex::new(1, -1), set.find(other).unwrap(), 0, 0, 0);
        pos.settle();
        pos.unit_at(Hex::new(1, -1)).unwrap().ctrl
    }

    #[test]
    fn d13_settling_takes_over_only_what_a_takeover_edge_faces() {
        // Faced: taken over (the full resolution).
        assert_eq!(controller_after_settle(0, "borgo.mutant"), 1);
        // Turned away, or facing an HQ, which is never taken: no takeover aims at a tile it
        // could take, so settling keeps every unit its owner's without resolving rounds.
        assert_eq!(controller_after_settle(1, "borgo.mutant"), 0);
        assert_eq!(controller_after_settle(0, "borgo.hq"), 0);
    }

    fn mine(seat: u8) -> Foundation {
        Foundation {
            tile: tiles().find("vegas.mine").unwrap(),
            seat,
        }
    }

    #[test]
    fn foundations_stay_in_cell_order_and_compare_by_content() {
        let (mut a, mut b) = (Foundations::default(), Foundations::default());
        for c in [9, 3, 14] {
            assert!(a.put(c, mine(0)));
        }
        for c in [14, 9, 3] {
            assert!(b.put(c, mine(0)));
        }
        assert_eq!(a, b, "the same foundations, put in another order");
        assert_eq!(a.iter().map(|(c, _)| c).collect::<Vec<_>>(), vec![3, 9, 14]);
        assert!(!a.put(9, mine(1)), "one a hex");
        assert_eq!(a.take(9), Some(mine(0)));
        assert_eq!(a.take(9), None);
        let mut c = Foundations::default();
        for cell in [3, 14] {
            assert!(c.put(cell, mine(0)));
        }
        assert_eq!(a, c, "a foundation taken leaves no trace");
        assert_eq!(a.mask(), 1 << 3 | 1 << 14);
        assert_eq!(a.get(14), Some(mine(0)));
        for c in 20..40 {
            let _ = a.put(c, mine(1));
        }
        assert_eq!(
            a.iter().count(),
            MAX_FOUNDATIONS,
            "no more than a board holds"
        );
    }
}
