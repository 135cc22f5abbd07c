//! Loading the army files: their JSON form checked and turned into tile definitions, each
//! tile's printed edges rotated into its six facings.

use super::{
    ArmyDef, ArmyId, InstantKind, Kind, ModuleEffect, Oriented, TileDef, TileId, TileSet,
    MERCENARY_ARMY, MOVE_GRANT, MOVE_MOBILITY, MOVE_NET, MOVE_RECON, MOVE_SCOPER, MOVE_TAKEOVER,
    MOVE_TRANSPORT, MOVE_TRANSPORTER,
};
use crate::hex::{edge_dir, rotate_mask};
use serde::Deserialize;
use std::collections::HashMap;
use std::fmt;

/// An army file that cannot be used, with where the problem is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArmyDataError {
    pub army: String,
    pub tile: Option<String>,
    pub field: String,
    pub message: String,
}

impl ArmyDataError {
    fn at(army: &str, tile: Option<&str>, field: &str, message: String) -> ArmyDataError {
        ArmyDataError {
            army: army.to_string(),
            tile: tile.map(str::to_string),
            field: field.to_string(),
            message,
        }
    }
}

/// The JSON of a data file (`kind`: "army" or "tile"), or where it is not one.
fn parse_file<'a, T: Deserialize<'a>>(
    army: &str,
    kind: &str,
    text: &'a str,
) -> Result<T, ArmyDataError> {
    serde_json::from_str(text).map_err(|e| {
        ArmyDataError::at(
            army,
            None,
            "(file)",
            format!("not a valid {kind} file: {e} (line {})", e.line()),
        )
    })
}

impl fmt::Display for ArmyDataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "army {}", self.army)?;
        if let Some(t) = &self.tile {
            write!(f, ", tile {t}")?;
        }
        write!(f, ", field {}: {}", self.field, self.message)
    }
}

impl std::error::Error for ArmyDataError {}

#[derive(Deserialize)]
struct RawArmy {
    id: String,
    name: String,
    deck_size: Option<u32>,
    tiles: Vec<RawTile>,
}

#[derive(Deserialize)]
struct RawMercenaries {
    id: String,
    tiles: Vec<RawTile>,
    mad_bomber: Option<RawTile>,
}

#[derive(Deserialize)]
struct RawTile {
    id: String,
    name: String,
    count: i64,
    kind: String,
    initiative: Option<Vec<i64>>,
    edges: Option<Vec<RawEdge>>,
    toughness: i64,
    mobility: bool,
    abilities: Option<Vec<String>>,
    #[serde(default)]
    text: String,
}

#[derive(Deserialize)]
struct RawEdge {
    edge: i64,
    melee: i64,
    ranged: i64,
    armor: bool,
    net: bool,
    link: bool,
    #[serde(default)]
    special: Option<String>,
}

const DECK_SIZE: u32 = 35;

/// Parses and validates army files (`(army id, JSON text)`), in order.
pub fn load_armies(files: &[(&str, &str)]) -> Result<TileSet, ArmyDataError> {
    let mut set = TileSet {
        armies: Vec::new(),
        tiles: Vec::new(),
        by_id: HashMap::new(),
        move_flags: Vec::new(),
        mercenaries: Vec::new(),
        mad_bomber: None,
    };
    for (army_id, text) in files {
        let err = |tile: Option<&str>, field: &str, message: String| {
            ArmyDataError::at(army_id, tile, field, message)
        };
        let raw: RawArmy = parse_file(army_id, "army", text)?;
        if raw.id != *army_id {
            return Err(err(
                None,
                "id",
                format!("is {:?}, expected {army_id:?}", raw.id),
            ));
        }
        let army = ArmyId(set.armies.len() as u8);
        let mut tile_ids = Vec::new();
        let mut hq = None;
        let mut total = 0i64;
        for rt in &raw.tiles {
            let tid = rt.id.as_str();
            let e = |field: &str, message: String| err(Some(tid), field, message);
            let prefix = format!("{army_id}.");
            if !rt.id.starts_with(&prefix) || rt.id.len() == prefix.len() {
                return Err(e("id", format!("must start with {prefix:?}")));
            }
            if set.by_id.contains_key(&rt.id) {
                return Err(e("id", "appears twice".into()));
            }
            let tile = convert_tile(army, rt).map_err(|(f, m)| e(&f, m))?;
            if tile.kind == Kind::Hq {
                if hq.is_some() {
                    return Err(e("kind", "a second HQ in one army".into()));
                }
                if tile.count != 1 {
                    return Err(e("count", "an HQ must have count 1".into()));
                }
                hq = Some(TileId(set.tiles.len() as u16));
            }
            total += rt.count;
            let id = TileId(set.tiles.len() as u16);
            set.by_id.insert(rt.id.clone(), id);
            tile_ids.push(id);
            set.tiles.push(tile);
        }
        let hq = hq.ok_or_else(|| err(None, "tiles", "no HQ tile".into()))?;
        let expected = raw.deck_size.unwrap_or(DECK_SIZE);
        if total != DECK_SIZE as i64 || expected != DECK_SIZE {
            return Err(err(
                None,
                "tiles[].count",
                format!("counts add up to {total}, an army has {DECK_SIZE} tiles"),
            ));
        }
        let defs = || tile_ids.iter().map(|t| &set.tiles[t.0 as usize]);
        let takeovers = defs().any(|d| d.takeover != 0);
        let duel_tiles = defs().any(|d| {
            d.takeover != 0 || d.grant || d.transporter || d.mine || d.bio_droid || d.rotator
        });
        set.armies.push(ArmyDef {
            id: raw.id,
            name: raw.name,
            tiles: tile_ids,
            hq,
            takeovers,
            duel_tiles,
        });
    }
    set.move_flags = set.tiles.iter().map(move_flags_of).collect();
    Ok(set)
}

/// A tile's `MOVE_*` bits.
fn move_flags_of(d: &TileDef) -> u8 {
    let flag = |on: bool, f: u8| if on { f } else { 0 };
    flag(d.net != 0, MOVE_NET)
        | flag(d.mobility, MOVE_MOBILITY)
        | flag(d.effect.transport, MOVE_TRANSPORT)
        | flag(d.recon_center, MOVE_RECON)
        | flag(d.scoper, MOVE_SCOPER)
        | flag(d.takeover != 0, MOVE_TAKEOVER)
        | flag(d.grant, MOVE_GRANT)
        | flag(d.transporter, MOVE_TRANSPORTER)
}

/// Adds the Mercenaries' tiles (`mercenaries.json`: four tiles, one of each) to `set`.
pub fn load_mercenaries(set: &mut TileSet, text: &str) -> Result<(), ArmyDataError> {
    let err = |tile: Option<&str>, field: &str, message: String| {
        ArmyDataError::at("mercenaries", tile, field, message)
    };
    let raw: RawMercenaries = parse_file("mercenaries", "tile", text)?;
    if raw.id != "mercenaries" {
        return Err(err(None, "id", format!("is {:?}", raw.id)));
    }
    for rt in &raw.tiles {
        let e = |field: &str, message: String| err(Some(&rt.id), field, message);
        if !rt.id.starts_with("mercenaries.") || set.by_id.contains_key(&rt.id) {
            return Err(e(
                "id",
                "must be a new id starting with \"mercenaries.\"".into(),
            ));
        }
        let tile = convert_tile(MERCENARY_ARMY, rt).map_err(|(f, m)| e(&f, m))?;
        if tile.count != 1 || !tile.is_board_tile() || tile.is_hq() {
            return Err(e("kind", "a Mercenary is one unit tile".into()));
        }
        let id = TileId(set.tiles.len() as u16);
        set.by_id.insert(rt.id.clone(), id);
        set.mercenaries.push(id);
        set.move_flags.push(move_flags_of(&tile));
        set.tiles.push(tile);
    }
    if set.mercenaries.len() > 8 {
        return Err(err(None, "tiles", "at most 8 Mercenaries".into()));
    }
    if let Some(rt) = &raw.mad_bomber {
        let e = |field: &str, message: String| err(Some(&rt.id), field, message);
        if rt.id != "mercenaries.mad_bomber" || set.by_id.contains_key(&rt.id) {
            return Err(e("id", "must be \"mercenaries.mad_bomber\"".into()));
        }
        let tile = convert_tile(MERCENARY_ARMY, rt).map_err(|(f, m)| e(&f, m))?;
        if !tile.mad_bomber || tile.count != 1 || tile.n_init != 0 || tile.trigger != 0b11_1111 {
            return Err(e(
                "abilities",
                "the Mad Bomber is one tile without initiative, marked on all six edges".into(),
            ));
        }
        let id = TileId(set.tiles.len() as u16);
        set.by_id.insert(rt.id.clone(), id);
        set.mad_bomber = Some(id);
        set.move_flags.push(move_flags_of(&tile));
        set.tiles.push(tile);
    }
    Ok(())
}

/// A field of a tile that is wrong: (the field, what is wrong).
type Bad = (String, String);

fn bad<T>(field: &str, msg: String) -> Result<T, Bad> {
    Err((field.to_string(), msg))
}

/// A tile's printed edges, one bit per edge in the masks.
#[derive(Clone, Copy, Default)]
struct Edges {
    melee: [u8; 6],
    ranged: [u8; 6],
    armor: u8,
    net: u8,
    link: u8,
    gauss: u8,
    takeover: u8,
    redirect_in: u8,
    redirect_out: u8,
    trigger: u8,
    long_link: u8,
}

/// What a tile's abilities give it.
#[derive(Default)]
struct Abilities {
    effect: ModuleEffect,
    scoper: bool,
    recon_center: bool,
    explodes: bool,
    hq_takeover: bool,
    agitator: bool,
    grant: bool,
    transporter: bool,
    bio_droid: bool,
    mine: bool,
    rotator: bool,
    redirector: bool,
    trap: bool,
    mad_bomber: bool,
}

fn convert_tile(army: ArmyId, rt: &RawTile) -> Result<TileDef, Bad> {
    let kind = kind_of(rt)?;
    if !(1..=35).contains(&rt.count) {
        return bad("count", format!("{} is not in 1..35", rt.count));
    }
    let initiative = initiative_of(rt)?;
    if !(0..=19).contains(&rt.toughness) {
        return bad("toughness", format!("{} is not in 0..19", rt.toughness));
    }
    let mut edges = edges_of(rt, kind)?;
    if initiative.len() > 2 {
        return bad("initiative", "at most two printed values".into());
    }
    let has_attack = edges
        .melee
        .iter()
        .chain(edges.ranged.iter())
        .any(|&s| s > 0);
    if has_attack && initiative.is_empty() {
        return bad(
            "initiative",
            "a tile with attacks needs an initiative".into(),
        );
    }
    if kind == Kind::Hq && initiative != [0] {
        return bad("initiative", "an HQ has initiative 0".into());
    }
    let abilities = rt.abilities.clone().unwrap_or_default();
    let ab = abilities_of(&abilities, kind, edges.gauss)?;
    check_markers(kind, &ab, &mut edges, has_attack)?;
    let instant = instant_of(rt, kind)?;
    let oriented = oriented_of(&edges);
    let mut init = [0u8; 2];
    init[..initiative.len()].copy_from_slice(&initiative);
    let is_source = !ab.effect.is_empty() && matches!(kind, Kind::Module | Kind::Hq);
    Ok(TileDef {
        init,
        n_init: initiative.len() as u8,
        is_source,
        oriented,
        id: rt.id.clone(),
        army,
        name: rt.name.clone(),
        kind,
        count: rt.count as u8,
        initiative,
        melee: edges.melee,
        ranged: edges.ranged,
        armor: edges.armor,
        net: edges.net,
        link: edges.link,
        gauss: edges.gauss,
        toughness: rt.toughness as u8,
        mobility: rt.mobility,
        effect: ab.effect,
        scoper: ab.scoper,
        recon_center: ab.recon_center,
        explodes: ab.explodes,
        takeover: edges.takeover,
        agitator: ab.agitator,
        grant: ab.grant,
        transporter: ab.transporter,
        bio_droid: ab.bio_droid,
        mine: ab.mine,
        rotator: ab.rotator,
        redirect_in: edges.redirect_in,
        redirect_out: edges.redirect_out,
        trigger: edges.trigger,
        mad_bomber: ab.mad_bomber,
        long_link: edges.long_link,
        instant,
        abilities,
        text: rt.text.clone(),
    })
}

fn kind_of(rt: &RawTile) -> Result<Kind, Bad> {
    Ok(match rt.kind.as_str() {
        "hq" => Kind::Hq,
        "warrior" => Kind::Warrior,
        "module" => Kind::Module,
        "instant" => Kind::Instant,
        "foundation" => Kind::Foundation,
        other => return bad("kind", format!("unknown kind {other:?}")),
    })
}

/// The printed initiative values, highest first, none twice.
fn initiative_of(rt: &RawTile) -> Result<Vec<u8>, Bad> {
    let mut initiative = Vec::new();
    for (i, &v) in rt.initiative.iter().flatten().enumerate() {
        if !(0..=5).contains(&v) {
            return bad(&format!("initiative[{i}]"), format!("{v} is not in 0..5"));
        }
        initiative.push(v as u8);
    }
    initiative.sort_unstable_by(|a, b| b.cmp(a));
    if initiative.windows(2).any(|w| w[0] == w[1]) {
        return bad("initiative", "a value appears twice".into());
    }
    Ok(initiative)
}

/// The six edges of a board tile (an instant has none).
fn edges_of(rt: &RawTile, kind: Kind) -> Result<Edges, Bad> {
    let mut out = Edges::default();
    match (&rt.edges, kind) {
        (None, Kind::Instant) => {}
        (Some(edges), Kind::Instant) if edges.is_empty() => {}
        (Some(_), Kind::Instant) => return bad("edges", "an instant tile has no edges".into()),
        (None, _) => return bad("edges", "a board tile needs six edges".into()),
        (Some(edges), _) => {
            if edges.len() != 6 {
                return bad(
                    "edges",
                    format!("{} edges, a board tile has 6", edges.len()),
                );
            }
            for (i, e) in edges.iter().enumerate() {
                edge_into(&mut out, i, e, kind)?;
            }
        }
    }
    Ok(out)
}

/// Edge `i` (`e`) into the tile's edges.
fn edge_into(out: &mut Edges, i: usize, e: &RawEdge, kind: Kind) -> Result<(), Bad> {
    let f = |name: &str| format!("edges[{i}].{name}");
    if e.edge != i as i64 {
        return bad(
            &f("edge"),
            format!("is {}, expected {i} (edges in order)", e.edge),
        );
    }
    if !(0..=5).contains(&e.melee) {
        return bad(&f("melee"), format!("{} is not in 0..5", e.melee));
    }
    if !(0..=5).contains(&e.ranged) {
        return bad(&f("ranged"), format!("{} is not in 0..5", e.ranged));
    }
    out.melee[i] = e.melee as u8;
    out.ranged[i] = e.ranged as u8;
    let bit = 1u8 << i;
    if e.armor {
        out.armor |= bit;
    }
    if e.net {
        out.net |= bit;
    }
    if e.link {
        out.link |= bit;
    }
    match e.special.as_deref() {
        None => {}
        Some("gauss") => {
            if e.ranged == 0 {
                return bad(&f("special"), "a gauss edge needs a ranged attack".into());
            }
            out.gauss |= bit;
        }
        Some("takeover-link") => {
            if kind != Kind::Hq || !e.link {
                return bad(
                    &f("special"),
                    "a takeover-link edge is an HQ's link edge".into(),
                );
            }
            // A takeover edge, never a bonus link.
            out.link &= !bit;
            out.takeover |= bit;
        }
        Some("entry") => out.redirect_in |= bit,
        Some("exit") => out.redirect_out |= bit,
        Some("trigger") => out.trigger |= bit,
        Some("long-range-link") => {
            if !e.link {
                return bad(&f("special"), "a long-range link is a link edge".into());
            }
            out.long_link |= bit;
        }
        Some(other) => {
            return bad(&f("special"), format!("unknown marker {other:?}"));
        }
    }
    Ok(())
}

/// What the listed abilities give (`gauss`: the tile's gauss edges).
fn abilities_of(abilities: &[String], kind: Kind, gauss: u8) -> Result<Abilities, Bad> {
    let mut ab = Abilities::default();
    let effect = &mut ab.effect;
    for (i, a) in abilities.iter().enumerate() {
        match a.as_str() {
            "hq" => {
                if kind != Kind::Hq {
                    return bad(
                        &format!("abilities[{i}]"),
                        "\"hq\" on a tile that is not an HQ".into(),
                    );
                }
            }
            "hq-initiative+1" | "scout-initiative+1" => effect.initiative += 1,
            "hq-melee+1" | "officer-melee+1" => effect.melee += 1,
            "hq-ranged+1" | "officer-ranged+1" => effect.ranged += 1,
            "hq-extra-initiative" | "mother-extra-initiative" => effect.extra_attack = true,
            "saboteur-enemy-initiative-1" => effect.enemy_initiative -= 1,
            "medic" => effect.medic = true,
            "quartermaster-melee-to-ranged" => effect.quartermaster = true,
            "transport" => effect.transport = true,
            "scoper-steal-enemy-modules" => ab.scoper = true,
            "recon-center" => ab.recon_center = true,
            "explode" => ab.explodes = true,
            "hq-takeover" => ab.hq_takeover = true,
            "agitator-takeover" => ab.agitator = true,
            "hq-grant-mobility" => ab.grant = true,
            "transporter-swap" => ab.transporter = true,
            "bio-droid-return" => ab.bio_droid = true,
            "mine" => ab.mine = true,
            "hq-rotate-own-unit" => ab.rotator = true,
            "redirector" | "redirector-triple" => ab.redirector = true,
            "trap" | "trap-all-edges" => ab.trap = true,
            "mad-bomber" => ab.mad_bomber = true,
            "gauss" => {
                if gauss == 0 {
                    return bad(
                        &format!("abilities[{i}]"),
                        "\"gauss\" without a gauss edge".into(),
                    );
                }
            }
            other => {
                return bad(
                    &format!("abilities[{i}]"),
                    format!("unknown ability {other:?}"),
                )
            }
        }
    }
    let effect = &mut ab.effect;
    effect.bonus = effect.initiative != 0 || (effect.melee | effect.ranged) != 0;
    effect.rare = effect.extra_attack
        || effect.medic
        || effect.quartermaster
        || effect.transport
        || effect.enemy_initiative != 0;
    Ok(ab)
}

/// The marked edges agree with the abilities (redirectors, traps, takeovers, the Mine); an
/// Agitator's one link edge becomes its takeover edge.
fn check_markers(kind: Kind, ab: &Abilities, e: &mut Edges, has_attack: bool) -> Result<(), Bad> {
    if ab.redirector != (e.redirect_in != 0 && e.redirect_out != 0) {
        return bad(
            "abilities",
            "a redirector has entry and exit edges, and only a redirector has them".into(),
        );
    }
    if e.redirect_in & e.redirect_out != 0 {
        return bad("edges", "an edge is an entry or an exit, not both".into());
    }
    if ab.trap != (e.trigger != 0) {
        return bad(
            "abilities",
            "\"trap\" goes with exactly the marked (trigger) edge".into(),
        );
    }
    if kind == Kind::Module && e.link == 0 && !ab.recon_center && !ab.trap {
        return bad("edges", "a module needs at least one link edge".into());
    }
    if ab.hq_takeover != (e.takeover != 0) {
        return bad(
            "abilities",
            "\"hq-takeover\" goes with exactly the HQ's takeover-link edge".into(),
        );
    }
    if ab.agitator {
        if kind != Kind::Module || e.link.count_ones() != 1 {
            return bad(
                "abilities",
                "an Agitator is a module with one link edge (its takeover edge)".into(),
            );
        }
        e.takeover = e.link;
        e.link = 0;
    }
    if ab.mine != (kind == Kind::Foundation) {
        return bad("kind", "the Mine is the one foundation tile".into());
    }
    if kind == Kind::Foundation && has_attack {
        return bad("edges", "a foundation has no attacks".into());
    }
    Ok(())
}

/// An instant tile's action, by its id.
fn instant_of(rt: &RawTile, kind: Kind) -> Result<Option<InstantKind>, Bad> {
    if kind != Kind::Instant {
        return Ok(None);
    }
    let suffix = rt.id.split_once('.').map(|(_, s)| s).unwrap_or("");
    Ok(Some(match suffix {
        "battle" => InstantKind::Battle,
        "move" => InstantKind::Move,
        "push_back" => InstantKind::PushBack,
        "grenade" => InstantKind::Grenade,
        "sniper" => InstantKind::Sniper,
        "air_strike" => InstantKind::AirStrike,
        "terror" => InstantKind::Terror,
        "castling" => InstantKind::Castling,
        "rotation" => InstantKind::Rotation,
        "small_bomb" => InstantKind::SmallBomb,
        other => return bad("id", format!("unknown instant action {other:?}")),
    }))
}

/// The printed edges turned into each of the six facings.
fn oriented_of(e: &Edges) -> [Oriented; 6] {
    let mut oriented = [Oriented::default(); 6];
    for (f, o) in oriented.iter_mut().enumerate() {
        let f = f as u8;
        for edge in 0..6u8 {
            let d = edge_dir(edge, f) as usize;
            o.melee[d] = e.melee[edge as usize];
            o.ranged[d] = e.ranged[edge as usize];
        }
        o.armor = rotate_mask(e.armor, f);
        o.net = rotate_mask(e.net, f);
        o.link = rotate_mask(e.link, f);
        o.gauss = rotate_mask(e.gauss, f);
        o.take = rotate_mask(e.takeover, f);
        o.redirect_in = rotate_mask(e.redirect_in, f);
        o.redirect_out = rotate_mask(e.redirect_out, f);
        o.trigger = rotate_mask(e.trigger, f);
        o.long_link = rotate_mask(e.long_link, f);
        for d in 0..6 {
            o.melee_dirs |= ((o.melee[d] > 0) as u8) << d;
            o.ranged_dirs |= ((o.ranged[d] > 0) as u8) << d;
        }
        o.attacks = o.melee_dirs | o.ranged_dirs;
        (o.melee_plain, o.ranged_plain) = (o.melee_dirs & !o.gauss, o.ranged_dirs & !o.gauss);
        let mut strengths = (0..6)
            .filter(|&d| o.melee_plain >> d & 1 == 1)
            .map(|d| o.melee[d]);
        let first = strengths.next().unwrap_or(0);
        o.melee_even = if strengths.all(|m| m == first) {
            first
        } else {
            0
        };
    }
    oriented
}
