//! Game modes and who is friend or foe of whom: seats, sides (a seat and its allies), and the
//! Moloch exception of the team modes (D-28).
//!
//! Every relation is a seat mask per seat, worked out once when the mode is set, so that a
//! battle asks "does seat `a`'s attack hit seat `b`'s unit" with one shift.

use crate::seats::{HQ_START_HP, MAX_SEATS, NEUTRAL, SEAT_SLOTS};
use crate::tiles::{tiles, ArmyId};

/// How a battle, or the game, ended: nobody yet, one seat, several seats together, nobody.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The game goes on.
    None,
    Winner(u8),
    /// Several seats win together (a seat mask): a team, or seats sharing the best result
    /// (D-26, FAQ-373).
    Shared(u8),
    /// Nobody wins.
    Draw,
}

/// How a game is played and won (3.0 Multiplayer).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Mode {
    /// Two seats, the base game.
    #[default]
    Standard,
    /// Every seat for itself; a seat whose HQ is destroyed is eliminated (D-26).
    Deathmatch,
    /// Deathmatch with scores: HQ counters count points, first to 20 (D-29).
    Points,
    /// Seat 0 alone against seats 1 and 2 (HQs 13 each), turn order 0, 1, 0, 2.
    OneVsTeam,
    /// Seats 0 and 2 against seats 1 and 3.
    Team,
}

impl Mode {
    pub const ALL: [Mode; 5] = [
        Mode::Standard,
        Mode::Deathmatch,
        Mode::Points,
        Mode::OneVsTeam,
        Mode::Team,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Mode::Standard => "standard",
            Mode::Deathmatch => "deathmatch",
            Mode::Points => "points",
            Mode::OneVsTeam => "one_vs_team",
            Mode::Team => "team",
        }
    }

    pub fn from_name(name: &str) -> Option<Mode> {
        Mode::ALL.into_iter().find(|m| m.name() == name)
    }

    /// The mode a game of `seats` seats has when none is named: the base game with two,
    /// deathmatch with more.
    pub fn default_for(seats: u8) -> Mode {
        if seats <= 2 {
            Mode::Standard
        } else {
            Mode::Deathmatch
        }
    }

    /// Why `seats` seats cannot play this mode, if they cannot.
    pub fn check_seats(self, seats: u8) -> Result<(), String> {
        let ok = match self {
            Mode::Standard => seats == 2,
            Mode::Deathmatch | Mode::Points => (2..=4).contains(&seats),
            Mode::OneVsTeam => seats == 3,
            Mode::Team => seats == 4,
        };
        if ok {
            Ok(())
        } else {
            let want = match self {
                Mode::Standard => "two seats",
                Mode::Deathmatch | Mode::Points => "two to four seats",
                Mode::OneVsTeam => "three seats (seat 0 against seats 1 and 2)",
                Mode::Team => "four seats (seats 0 and 2 against seats 1 and 3)",
            };
            Err(format!(
                "mode {} is played by {want}, not {seats}",
                self.name()
            ))
        }
    }

    /// Whether seats form teams.
    pub fn has_teams(self) -> bool {
        matches!(self, Mode::OneVsTeam | Mode::Team)
    }

    /// A seat's HQ counter at the start: hit points (20; 13 for the team of one against a
    /// team, FAQ-377), or points (0) in the points game.
    pub fn hq_start(self, seat: u8) -> u8 {
        match self {
            Mode::Points => 0,
            Mode::OneVsTeam if seat > 0 => 13,
            _ => HQ_START_HP,
        }
    }

    /// The seat whose turn is `k`-th in the repeating turn order (0, 1, 0, 2 for one against
    /// a team; 0, 1, .. otherwise), with `seats` seats.
    pub fn order_seat(self, k: usize, seats: u8) -> u8 {
        match self {
            Mode::OneVsTeam => [0, 1, 0, 2][k % 4],
            _ => (k % seats as usize) as u8,
        }
    }

    /// The length of the repeating turn order.
    pub fn order_len(self, seats: u8) -> usize {
        match self {
            Mode::OneVsTeam => 4,
            _ => seats as usize,
        }
    }
}

/// Points that win the points game (FAQ-372: scores stop there).
pub const WIN_POINTS: u8 = 20;

/// The result of a battle as far as the game's end is concerned: `present`, the seats with
/// an HQ on the board at its start; `destroyed`, those whose HQ it destroyed; `hq` the HQ
/// counters after it (hit points, or points in the points game).
pub fn outcome_after_battle(
    mode: Mode,
    seats: u8,
    present: u8,
    destroyed: u8,
    hq: &[u8; MAX_SEATS],
) -> Outcome {
    let all = ((1u16 << seats) - 1) as u8;
    match mode {
        Mode::Points => {
            let top = (0..seats)
                .filter(|&s| hq[s as usize] >= WIN_POINTS)
                .fold(0u8, |m, s| m | 1 << s);
            // Two or more at 20 after the same battle: they share (FAQ-373).
            winners(top, all)
        }
        _ if destroyed == 0 => Outcome::None,
        Mode::Standard | Mode::Deathmatch => {
            let alive = present & !destroyed;
            match alive.count_ones() {
                // The last HQs went together: those seats share the result (D-26).
                0 => winners(destroyed & present, all),
                1 => Outcome::Winner(alive.trailing_zeros() as u8),
                _ => Outcome::None,
            }
        }
        Mode::OneVsTeam => {
            // The first side to destroy an enemy HQ wins; both at once: the team.
            if destroyed & 1 == 1 {
                Outcome::Shared(0b110)
            } else {
                Outcome::Winner(0)
            }
        }
        Mode::Team => {
            let (a, b) = (0b0101u8, 0b1010u8);
            match (destroyed & a != 0, destroyed & b != 0) {
                (true, false) => Outcome::Shared(b),
                (false, true) => Outcome::Shared(a),
                _ => {
                    // D-27: the best surviving HQ of each team; a survivor beats none.
                    let alive = present & !destroyed;
                    let best = |team: u8| {
                        (0..4)
                            .filter(|&s| (alive & team) >> s & 1 == 1)
                            .map(|s| hq[s] as i16)
                            .max()
                            .unwrap_or(-1)
                    };
                    let (ba, bb) = (best(a), best(b));
                    if ba > bb {
                        Outcome::Shared(a)
                    } else if bb > ba {
                        Outcome::Shared(b)
                    } else {
                        Outcome::Draw
                    }
                }
            }
        }
    }
}

impl Outcome {
    /// What a finished game's result is worth to `seat`: 1 for a win (alone or with its
    /// side), 0 for a loss, 1/2 for a draw or a win shared with another side's seats;
    /// `None` while the game goes on.
    pub fn share_for(self, seat: u8, rel: &Relations) -> Option<f64> {
        match self {
            Outcome::None => None,
            Outcome::Draw => Some(0.5),
            Outcome::Winner(w) => Some(if rel.allied(seat, w) { 1.0 } else { 0.0 }),
            Outcome::Shared(m) if m >> seat & 1 == 0 && m & rel.side[seat as usize] == 0 => {
                Some(0.0)
            }
            Outcome::Shared(m) => Some(if m & !rel.side[seat as usize] == 0 {
                1.0
            } else {
                0.5
            }),
        }
    }
}

/// The outcome for a set of winning seats: nobody goes on; one wins; all of the game's
/// seats: a draw; otherwise they share the win.
pub fn winners(mask: u8, all: u8) -> Outcome {
    match mask.count_ones() {
        0 => Outcome::None,
        1 => Outcome::Winner(mask.trailing_zeros() as u8),
        _ if mask == all => Outcome::Draw,
        _ => Outcome::Shared(mask),
    }
}

/// Friend and foe, per seat, as seat masks. The last slot (`NEUTRAL`) is a neutral Mad
/// Bomber's: its own side, an enemy whom every seat hits and nets; it hits and nets nobody
/// (D-24).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Relations {
    /// The seat's side: itself and its allies.
    pub side: [u8; SEAT_SLOTS],
    /// The seats whose units its attacks hit: the other sides', and for Moloch its allies'
    /// too (3.0 "Moloch in a Team Match"; its allies' attacks pass over Moloch, D-28).
    pub hits: [u8; SEAT_SLOTS],
    /// The seats whose units its nets net and whose units it may push back: the other
    /// sides', and between Moloch and its allies both ways.
    pub nets: [u8; SEAT_SLOTS],
    /// Every seat its own side (no teams): friend is own, foe is every other seat.
    pub plain: bool,
}

impl Relations {
    /// Every seat its own side.
    pub const NO_TEAMS: Relations = Relations {
        side: [1, 2, 4, 8, 16],
        hits: [0b11110, 0b11101, 0b11011, 0b10111, 0],
        nets: [0b11110, 0b11101, 0b11011, 0b10111, 0],
        plain: true,
    };

    pub fn new(mode: Mode, armies: &[ArmyId]) -> Relations {
        let n = armies.len().min(MAX_SEATS);
        let all = ((1u16 << n) - 1) as u8;
        let mut r = Relations {
            side: [0; SEAT_SLOTS],
            hits: [0; SEAT_SLOTS],
            nets: [0; SEAT_SLOTS],
            plain: !mode.has_teams(),
        };
        let neutral = 1u8 << NEUTRAL;
        r.side[NEUTRAL as usize] = neutral;
        let moloch = |s: usize| tiles().army(armies[s]).id == "moloch";
        for s in 0..n {
            r.side[s] = match (mode, s) {
                (Mode::Team, _) => 0b0101 << (s % 2) & all,
                (Mode::OneVsTeam, 0) => 1,
                (Mode::OneVsTeam, _) => 0b0110 & all,
                _ => 1 << s,
            };
        }
        for s in 0..n {
            let allies = r.side[s] & !(1 << s);
            let allied_molochs = (0..n)
                .filter(|&t| allies >> t & 1 == 1 && moloch(t))
                .fold(0u8, |m, t| m | 1 << t);
            let foes = all & !r.side[s];
            r.hits[s] = neutral | foes | if moloch(s) { allies } else { 0 };
            r.nets[s] = neutral | foes | if moloch(s) { allies } else { allied_molochs };
        }
        r
    }

    /// Whether seats `a` and `b` are on one side (a seat is its own ally).
    #[inline]
    pub fn allied(&self, a: u8, b: u8) -> bool {
        self.side[a as usize] >> b & 1 == 1
    }

    /// Whether `b`'s units are `a`'s enemies ("enemy": controlled by another side).
    #[inline]
    pub fn enemies(&self, a: u8, b: u8) -> bool {
        !self.allied(a, b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn armies(ids: &[&str]) -> Vec<ArmyId> {
        ids.iter().map(|i| tiles().find_army(i).unwrap()).collect()
    }

    #[test]
    fn no_teams_is_every_seat_for_itself() {
        let a = armies(&["borgo", "moloch", "outpost", "hegemony"]);
        assert_eq!(Relations::new(Mode::Deathmatch, &a), Relations::NO_TEAMS);
        assert!(Relations::new(Mode::Standard, &a[..2]).plain);
        assert!(!Relations::new(Mode::Team, &a).plain);
        let two = Relations::new(Mode::Standard, &a[..2]);
        assert_eq!(two.hits[0], 0b10010, "seat 1 and the neutral slot");
        assert_eq!(two.side[1], 0b10);
    }

    #[test]
    fn team_match_pairs_seats_0_2_and_1_3() {
        let r = Relations::new(
            Mode::Team,
            &armies(&["borgo", "outpost", "hegemony", "borgo"]),
        );
        assert!(r.allied(0, 2) && r.allied(1, 3) && !r.allied(0, 1) && !r.allied(2, 3));
        assert_eq!(r.hits[0], 0b11010);
        assert_eq!(r.nets[3], 0b10101);
    }

    #[test]
    fn one_vs_team_puts_seats_1_and_2_together() {
        let r = Relations::new(Mode::OneVsTeam, &armies(&["borgo", "outpost", "hegemony"]));
        assert_eq!(r.side, [0b001, 0b110, 0b110, 0, 0b10000]);
        assert_eq!(Mode::OneVsTeam.hq_start(0), 20);
        assert_eq!(Mode::OneVsTeam.hq_start(2), 13);
        let order: Vec<u8> = (0..6).map(|k| Mode::OneVsTeam.order_seat(k, 3)).collect();
        assert_eq!(order, [0, 1, 0, 2, 0, 1]);
    }

    #[test]
    fn d28_moloch_hits_its_ally_but_not_the_other_way_and_nets_go_both_ways() {
        // Seat 0 Moloch with seat 2 Borgo.
        let r = Relations::new(
            Mode::Team,
            &armies(&["moloch", "outpost", "borgo", "hegemony"]),
        );
        assert_eq!(r.hits[0] & 0b100, 0b100, "Moloch's attacks hit its ally");
        assert_eq!(
            r.hits[2] & 0b001,
            0,
            "the ally's attacks pass over Moloch (D-28)"
        );
        assert_eq!(r.nets[0] & 0b100, 0b100, "Moloch's nets net its ally");
        assert_eq!(r.nets[2] & 0b001, 0b001, "the ally's nets net Moloch");
        assert!(r.allied(0, 2), "bonuses still work between them");
        // The other team has no Moloch: no exception there.
        assert_eq!(r.hits[1] & 0b1000, 0);
        assert_eq!(r.nets[3] & 0b0010, 0);
    }

    #[test]
    fn seats_a_mode_allows() {
        assert!(Mode::Team.check_seats(3).is_err());
        assert!(Mode::OneVsTeam.check_seats(3).is_ok());
        assert!(Mode::Standard.check_seats(3).is_err());
        assert!(Mode::Points.check_seats(4).is_ok());
        assert_eq!(Mode::default_for(4), Mode::Deathmatch);
    }

    #[test]
    fn d27_both_teams_losing_an_hq_compare_their_best_survivors() {
        let o = |destroyed: u8, hq: [u8; 4]| {
            outcome_after_battle(Mode::Team, 4, 0b1111, destroyed, &hq)
        };
        // Only team 0+2 lost an HQ: 1+3 win.
        assert_eq!(o(0b0001, [0, 20, 20, 20]), Outcome::Shared(0b1010));
        assert_eq!(o(0b1000, [20, 20, 20, 0]), Outcome::Shared(0b0101));
        // Both lost one: the better survivor's team wins (D-27).
        assert_eq!(o(0b0011, [0, 0, 5, 7]), Outcome::Shared(0b1010));
        assert_eq!(o(0b0011, [0, 0, 9, 7]), Outcome::Shared(0b0101));
        // A survivor beats none; no survivors or equal ones: a draw.
        assert_eq!(o(0b1011, [0, 0, 2, 0]), Outcome::Shared(0b0101));
        assert_eq!(o(0b1111, [0, 0, 0, 0]), Outcome::Draw);
        assert_eq!(o(0b0011, [0, 0, 6, 6]), Outcome::Draw);
        assert_eq!(o(0, [3, 4, 5, 6]), Outcome::None);
    }

    #[test]
    fn one_against_a_team_the_first_side_to_destroy_an_enemy_hq_wins_and_the_team_on_both() {
        let o = |destroyed: u8| outcome_after_battle(Mode::OneVsTeam, 3, 0b111, destroyed, &[0; 4]);
        assert_eq!(o(0b010), Outcome::Winner(0));
        assert_eq!(o(0b001), Outcome::Shared(0b110));
        assert_eq!(
            o(0b011),
            Outcome::Shared(0b110),
            "both sides: the team wins"
        );
    }

    #[test]
    fn d26_deathmatch_last_hq_wins_and_the_last_ones_together_share() {
        let o = |present: u8, destroyed: u8| {
            outcome_after_battle(Mode::Deathmatch, 4, present, destroyed, &[0; 4])
        };
        assert_eq!(
            o(0b1111, 0b0011),
            Outcome::None,
            "two left: the game goes on"
        );
        assert_eq!(o(0b1111, 0b1011), Outcome::Winner(2));
        // Seat 0 was out before; the last three fall together: they share.
        assert_eq!(o(0b1110, 0b1110), Outcome::Shared(0b1110));
        assert_eq!(o(0b1111, 0b1111), Outcome::Draw);
        // Two seats: the base game's draw.
        assert_eq!(
            outcome_after_battle(Mode::Standard, 2, 0b11, 0b11, &[0; 4]),
            Outcome::Draw
        );
    }

    #[test]
    fn faq373_two_seats_at_20_points_after_one_battle_share_the_win() {
        let o = |hq: [u8; 4]| outcome_after_battle(Mode::Points, 3, 0b111, 0, &hq);
        assert_eq!(o([20, 12, 3, 0]), Outcome::Winner(0));
        assert_eq!(o([20, 20, 3, 0]), Outcome::Shared(0b011));
        assert_eq!(o([19, 12, 3, 0]), Outcome::None);
    }

    #[test]
    fn outcomes_are_worth_a_win_a_share_or_a_loss_to_each_seat() {
        let r = Relations::new(
            Mode::Team,
            &armies(&["borgo", "outpost", "hegemony", "borgo"]),
        );
        assert_eq!(Outcome::Shared(0b0101).share_for(2, &r), Some(1.0));
        assert_eq!(Outcome::Shared(0b0101).share_for(1, &r), Some(0.0));
        let free = Relations::NO_TEAMS;
        assert_eq!(Outcome::Shared(0b0011).share_for(0, &free), Some(0.5));
        assert_eq!(Outcome::Shared(0b0011).share_for(2, &free), Some(0.0));
        assert_eq!(Outcome::Winner(3).share_for(3, &free), Some(1.0));
        assert_eq!(Outcome::None.share_for(3, &free), None);
    }
}
