//! Board geometry: flat-topped hexes in axial coordinates, the six directions, and the two
//! boards (19 and 37 hexes) as precomputed index tables.
//!
//! The battle resolver works on small integer cell indices, never on coordinates: every
//! neighbour lookup is one table read, so the hot loops do no arithmetic on `(q, r)` and no
//! bounds checks against the board shape.

use std::fmt;
use std::sync::OnceLock;

/// An axial hex coordinate `(q, r)`; the centre hex is `(0, 0)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Hex {
    pub q: i8,
    pub r: i8,
}

impl Hex {
    pub const fn new(q: i8, r: i8) -> Self {
        Hex { q, r }
    }

    /// Distance from the centre hex.
    pub fn ring(self) -> i8 {
        let (q, r) = (self.q, self.r);
        q.abs().max(r.abs()).max((q + r).abs())
    }

    /// The neighbouring hex in direction `dir` (0..6), possibly off any board.
    pub fn step(self, dir: u8) -> Hex {
        let (dq, dr) = DIR_STEPS[dir as usize];
        Hex::new(self.q + dq, self.r + dr)
    }
}

impl fmt::Display for Hex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.q, self.r)
    }
}

/// Axial steps of the six directions, clockwise from the top: N, NE, SE, S, SW, NW.
pub const DIR_STEPS: [(i8, i8); 6] = [(0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)];

/// Direction names, for messages and logs.
pub const DIR_NAMES: [&str; 6] = ["N", "NE", "SE", "S", "SW", "NW"];

/// The direction opposite to `dir` (0 to 5): one table lookup, no division (armor checks
/// on the battle's hot path ask for it at every shot).
#[inline]
pub const fn opposite(dir: u8) -> u8 {
    const OPPOSITE: [u8; 8] = [3, 4, 5, 0, 1, 2, 3, 4];
    debug_assert!(dir < 6);
    OPPOSITE[dir as usize & 7]
}

/// Which way a printed edge points once the tile is placed with `facing`.
#[inline]
pub const fn edge_dir(edge: u8, facing: u8) -> u8 {
    (edge + facing) % 6
}

/// The printed edge that points in direction `dir` for a tile placed with `facing`.
#[inline]
pub const fn dir_edge(dir: u8, facing: u8) -> u8 {
    (dir + 6 - facing) % 6
}

/// Turns a 6-bit mask of printed edges into a mask of directions.
#[inline]
pub const fn rotate_mask(mask: u8, facing: u8) -> u8 {
    let m = mask as u16;
    let f = facing as u16;
    (((m << f) | (m >> ((6 - f) % 6))) & 0x3f) as u8
}

/// Iterates the set bits of a mask (cells, directions), lowest first.
#[inline]
pub fn bits(mut m: u64) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if m == 0 {
            None
        } else {
            let b = m.trailing_zeros() as u8;
            m &= m - 1;
            Some(b)
        }
    })
}

/// Marker for "no cell" in the neighbour tables.
pub const NO_CELL: u8 = u8::MAX;

/// The largest board has 37 hexes; per-cell arrays are sized for it.
pub const MAX_CELLS: usize = 37;

/// Which battlefield a position is played on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum BoardKind {
    /// The 19-hex board of the two-player game.
    #[default]
    Standard,
    /// The standard board plus the ring at distance 3 (37 hexes).
    Expanded,
    /// The Duel board: the 19 hexes of the standard board, seven of them terminals (D-11),
    /// with energy and procedures for two seats (D-16).
    Duel,
}

/// The Duel board's terminals (D-11): the centre and the six middle hexes of the outer ring.
/// Kept as data: the printed board's marks may replace it.
pub const DUEL_TERMINALS: [(i8, i8); 7] =
    [(0, 0), (1, -2), (2, -1), (1, 1), (-1, 2), (-2, 1), (-1, -1)];

impl BoardKind {
    pub fn name(self) -> &'static str {
        match self {
            BoardKind::Standard => "standard",
            BoardKind::Expanded => "expanded",
            BoardKind::Duel => "duel",
        }
    }

    pub fn from_name(name: &str) -> Option<BoardKind> {
        match name {
            "standard" => Some(BoardKind::Standard),
            "expanded" => Some(BoardKind::Expanded),
            "duel" => Some(BoardKind::Duel),
            _ => None,
        }
    }

    pub fn radius(self) -> i8 {
        match self {
            BoardKind::Standard | BoardKind::Duel => 2,
            BoardKind::Expanded => 3,
        }
    }

    /// The terminal cells (a mask over this board's cells): the Duel board's seven (D-11),
    /// none on the other boards.
    pub fn terminals(self) -> u64 {
        match self {
            BoardKind::Duel => {
                let geo = self.geometry();
                DUEL_TERMINALS.iter().fold(0, |m, &(q, r)| {
                    m | geo.cell(Hex::new(q, r)).map_or(0, |c| 1u64 << c)
                })
            }
            _ => 0,
        }
    }

    /// The precomputed tables of this board.
    pub fn geometry(self) -> &'static Geometry {
        static STANDARD: OnceLock<Geometry> = OnceLock::new();
        static EXPANDED: OnceLock<Geometry> = OnceLock::new();
        match self {
            BoardKind::Standard | BoardKind::Duel => STANDARD.get_or_init(|| Geometry::new(2)),
            BoardKind::Expanded => EXPANDED.get_or_init(|| Geometry::new(3)),
        }
    }
}

/// Cell indices and neighbour tables of one board.
///
/// Cells are numbered row by row (`r` ascending, then `q` ascending), so the order is the
/// same on every run and a cell index is a stable name for a hex within one board.
#[derive(Debug)]
pub struct Geometry {
    pub radius: i8,
    /// Hex of each cell index.
    pub hexes: Vec<Hex>,
    /// `neighbors[cell][dir]`: the adjacent cell, or `NO_CELL` past the edge of the board.
    pub neighbors: Vec<[u8; 6]>,
    /// Cells on the outer ring ("edge hexes").
    pub edge_mask: u64,
    /// The cells that start a battle when all hold units: the inner 19 (on the 37-hex
    /// board too: FAQ-31, FAQ-39 apply to them).
    pub full_mask: u64,
    /// `rays[cell][dir]`: every cell on the line from `cell` in `dir` (not `cell` itself).
    /// Cells are numbered row by row, so along directions 2, 3 and 4 the numbers grow and
    /// the nearest cell of a ray is its lowest bit; along 0, 1 and 5 its highest.
    pub rays: Vec<[u64; 6]>,
    /// `dir_cells[cell][mask]`: the cells adjacent to `cell` in the directions of `mask`.
    pub dir_cells: Vec<[u64; 64]>,
}

/// Whether cell numbers grow along `dir` (see `Geometry::rays`).
#[inline]
pub fn ray_ascends(dir: u8) -> bool {
    (2..=4).contains(&dir)
}

impl Geometry {
    fn new(radius: i8) -> Geometry {
        let mut hexes = Vec::new();
        for r in -radius..=radius {
            for q in -radius..=radius {
                let h = Hex::new(q, r);
                if h.ring() <= radius {
                    hexes.push(h);
                }
            }
        }
        let mut geo = Geometry {
            radius,
            neighbors: Vec::with_capacity(hexes.len()),
            edge_mask: 0,
            full_mask: 0,
            rays: Vec::with_capacity(hexes.len()),
            dir_cells: Vec::with_capacity(hexes.len()),
            hexes,
        };
        for i in 0..geo.hexes.len() {
            let h = geo.hexes[i];
            let mut n = [NO_CELL; 6];
            for (dir, slot) in n.iter_mut().enumerate() {
                if let Some(c) = geo.cell(h.step(dir as u8)) {
                    *slot = c;
                }
            }
            geo.neighbors.push(n);
            if h.ring() == radius {
                geo.edge_mask |= 1 << i;
            }
            if h.ring() <= 2 {
                geo.full_mask |= 1 << i;
            }
        }
        for i in 0..geo.hexes.len() {
            let mut rays = [0u64; 6];
            for (dir, ray) in rays.iter_mut().enumerate() {
                let mut c = i as u8;
                loop {
                    c = geo.neighbors[c as usize][dir];
                    if c == NO_CELL {
                        break;
                    }
                    *ray |= 1 << c;
                }
            }
            geo.rays.push(rays);
            let mut by_mask = [0u64; 64];
            for (mask, cells) in by_mask.iter_mut().enumerate() {
                for dir in 0..6 {
                    let n = geo.neighbors[i][dir];
                    if mask >> dir & 1 == 1 && n != NO_CELL {
                        *cells |= 1 << n;
                    }
                }
            }
            geo.dir_cells.push(by_mask);
        }
        geo
    }

    pub fn len(&self) -> usize {
        self.hexes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.hexes.is_empty()
    }

    /// The cell index of `hex`, or `None` if it is off this board.
    pub fn cell(&self, hex: Hex) -> Option<u8> {
        if hex.ring() > self.radius {
            return None;
        }
        // Row-major numbering: count the cells of the rows above, then the offset in the row.
        let rad = self.radius as i32;
        let (q, r) = (hex.q as i32, hex.r as i32);
        let mut idx = 0i32;
        for row in -rad..r {
            idx += row_len(rad, row);
        }
        let q_min = (-rad).max(-rad - r);
        Some((idx + q - q_min) as u8)
    }

    pub fn hex(&self, cell: u8) -> Hex {
        self.hexes[cell as usize]
    }

    pub fn is_edge(&self, cell: u8) -> bool {
        self.edge_mask >> cell & 1 == 1
    }
}

fn row_len(rad: i32, r: i32) -> i32 {
    2 * rad + 1 - r.abs()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The nearest cell of a ray is the neighbour, as `ray_ascends` says.
    #[test]
    fn rays_follow_the_lines_and_their_nearest_cell_is_known() {
        for kind in [BoardKind::Standard, BoardKind::Expanded] {
            let geo = kind.geometry();
            for c in 0..geo.len() {
                for dir in 0..6u8 {
                    let ray = geo.rays[c][dir as usize];
                    let n = geo.neighbors[c][dir as usize];
                    if n == NO_CELL {
                        assert_eq!(ray, 0);
                        continue;
                    }
                    let nearest = if ray_ascends(dir) {
                        ray.trailing_zeros()
                    } else {
                        63 - ray.leading_zeros()
                    };
                    assert_eq!(nearest, n as u32);
                    assert_eq!(ray, 1 << n | geo.rays[n as usize][dir as usize]);
                }
            }
        }
    }

    #[test]
    fn boards_have_19_and_37_hexes() {
        assert_eq!(BoardKind::Standard.geometry().len(), 19);
        assert_eq!(BoardKind::Expanded.geometry().len(), 37);
        assert_eq!(BoardKind::Standard.geometry().edge_mask.count_ones(), 12);
        assert_eq!(BoardKind::Expanded.geometry().edge_mask.count_ones(), 18);
    }

    #[test]
    fn cell_numbering_round_trips() {
        for kind in [BoardKind::Standard, BoardKind::Expanded] {
            let g = kind.geometry();
            for (i, h) in g.hexes.iter().enumerate() {
                assert_eq!(g.cell(*h), Some(i as u8), "{h}");
            }
            assert_eq!(g.cell(Hex::new(kind.radius() + 1, 0)), None);
        }
    }

    #[test]
    fn directions_match_the_interface() {
        // docs/NOTATION.md "Geometry": N (0,-1), NE (+1,-1), SE (+1,0), S (0,+1), SW (-1,+1), NW (-1,0).
        let c = Hex::new(0, 0);
        assert_eq!(c.step(0), Hex::new(0, -1));
        assert_eq!(c.step(1), Hex::new(1, -1));
        assert_eq!(c.step(2), Hex::new(1, 0));
        assert_eq!(c.step(3), Hex::new(0, 1));
        assert_eq!(c.step(4), Hex::new(-1, 1));
        assert_eq!(c.step(5), Hex::new(-1, 0));
    }

    #[test]
    fn neighbours_are_symmetric() {
        let g = BoardKind::Expanded.geometry();
        for i in 0..g.len() {
            for d in 0..6u8 {
                let n = g.neighbors[i][d as usize];
                if n != NO_CELL {
                    assert_eq!(g.neighbors[n as usize][opposite(d) as usize], i as u8);
                }
            }
        }
        // The centre has six neighbours, a corner of the standard board three.
        let s = BoardKind::Standard.geometry();
        let centre = s.cell(Hex::new(0, 0)).unwrap() as usize;
        assert!(s.neighbors[centre].iter().all(|&n| n != NO_CELL));
        let corner = s.cell(Hex::new(0, -2)).unwrap() as usize;
        assert_eq!(
            s.neighbors[corner]
                .iter()
                .filter(|&&n| n != NO_CELL)
                .count(),
            3
        );
    }

    #[test]
    fn facing_turns_edges_clockwise() {
        // Edge e of a tile with facing f points in direction (e + f) mod 6.
        assert_eq!(edge_dir(0, 3), 3);
        assert_eq!(edge_dir(5, 2), 1);
        assert_eq!(dir_edge(1, 2), 5);
        assert_eq!(rotate_mask(0b000001, 1), 0b000010);
        assert_eq!(rotate_mask(0b100000, 1), 0b000001);
        assert_eq!(rotate_mask(0b100011, 0), 0b100011);
        for f in 0..6 {
            for e in 0..6 {
                assert_eq!(rotate_mask(1 << e, f), 1 << edge_dir(e, f));
            }
        }
    }
}
