//! A deliberately simple second implementation of the Songo rules, written
//! straight from RULES.md with plain arrays and loops: no bit tricks, no
//! lookup tables, no cleverness. The tests compare the fast core with it
//! (through the position string only), and the benches use it as the
//! plain-array baseline. It depends on nothing but std.
//!
//! Section numbers in the comments refer to RULES.md.
#![allow(dead_code)]

use std::fmt;

/// The three variants of RULES.md.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum RefVariant {
    Beginner,
    Amateur,
    Songo40,
}

impl RefVariant {
    pub const ALL: [RefVariant; 3] = [
        RefVariant::Beginner,
        RefVariant::Amateur,
        RefVariant::Songo40,
    ];

    pub fn from_name(s: &str) -> Option<RefVariant> {
        match s {
            "songo36-beginner" => Some(RefVariant::Beginner),
            "songo36-amateur" => Some(RefVariant::Amateur),
            "songo40" => Some(RefVariant::Songo40),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            RefVariant::Beginner => "songo36-beginner",
            RefVariant::Amateur => "songo36-amateur",
            RefVariant::Songo40 => "songo40",
        }
    }

    fn is_songo36(self) -> bool {
        self != RefVariant::Songo40
    }
}

/// Pit letters by absolute index, in sowing-cycle order (section 1).
pub const LETTERS: [char; 14] = [
    'A', 'B', 'C', 'D', 'E', 'F', 'G', 'a', 'b', 'c', 'd', 'e', 'f', 'g',
];

pub const SOUTH: usize = 0;
pub const NORTH: usize = 1;

/// The letter of an absolute pit index (0..14).
pub fn letter(pit: usize) -> char {
    LETTERS[pit]
}

/// The absolute pit index of a pit letter.
pub fn pit_of_letter(c: char) -> Option<usize> {
    LETTERS.iter().position(|&l| l == c)
}

/// Absolute index of `player`'s pit `number` (1..=7).
pub fn pit_index(player: usize, number: usize) -> usize {
    assert!(player < 2 && (1..=7).contains(&number));
    player * 7 + (number - 1)
}

/// The player owning an absolute pit index.
pub fn owner(pit: usize) -> usize {
    pit / 7
}

/// A position: 14 pits, side to move, captured counts, pit-7 flags.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct RefPos {
    /// Absolute index: 0..7 = South A..G, 7..14 = North a..g (sowing order).
    pub pits: [u8; 14],
    /// 0 South, 1 North.
    pub side: usize,
    /// Captured seeds: [south, north].
    pub captured: [u8; 2],
    /// Whether each player's pit 7 has never been played in this game.
    pub unplayed7: [bool; 2],
}

/// What a normal (sown) move does, before the side to move changes.
#[derive(Clone, Copy, Debug)]
struct Sowing {
    /// Pits after sowing and capturing.
    pits: [u8; 14],
    /// Seeds sown into the opponent's row (rule 4.1's count).
    sown_to_opponent: u32,
    /// Seeds taken by the direct gain (songo40, rule 2.3).
    direct_gain: u32,
    /// Seeds taken by the capture of rule 3.
    captured: u32,
    /// A chain of rule 3 cancelled because it held all 7 pits.
    grand_slam: bool,
    /// A chain of rule 3 cancelled by songo40's C1 exception.
    c1_exception: bool,
}

/// What a sown move does: for tests that want to know which rules they reached.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct MoveDetail {
    pub sown_to_opponent: u32,
    pub direct_gain: u32,
    pub captured: u32,
    pub grand_slam: bool,
    pub c1_exception: bool,
    pub capture_solo: bool,
}

impl RefPos {
    /// `5,5,5,5,5,5,5/5,5,5,5,5,5,5 s 0 0 Gg`
    pub fn start() -> RefPos {
        RefPos {
            pits: [5; 14],
            side: SOUTH,
            captured: [0, 0],
            unplayed7: [true, true],
        }
    }

    /// Parses the five-field position string of section 1. Strict: single
    /// spaces, plain decimal counts, canonical flags, total of 70.
    pub fn parse(s: &str) -> Option<RefPos> {
        fn count(t: &str) -> Option<u8> {
            if t.is_empty() || t.len() > 2 || !t.chars().all(|c| c.is_ascii_digit()) {
                return None;
            }
            let n: u32 = t.parse().ok()?;
            if n > 70 {
                return None;
            }
            Some(n as u8)
        }
        let fields: Vec<&str> = s.split(' ').collect();
        if fields.len() != 5 {
            return None;
        }
        let rows: Vec<&str> = fields[0].split('/').collect();
        if rows.len() != 2 {
            return None;
        }
        let mut pits = [0u8; 14];
        for (r, row) in rows.iter().enumerate() {
            let counts: Vec<&str> = row.split(',').collect();
            if counts.len() != 7 {
                return None;
            }
            for (k, c) in counts.iter().enumerate() {
                pits[r * 7 + k] = count(c)?;
            }
        }
        let side = match fields[1] {
            "s" => SOUTH,
            "n" => NORTH,
            _ => return None,
        };
        let captured = [count(fields[2])?, count(fields[3])?];
        let unplayed7 = match fields[4] {
            "Gg" => [true, true],
            "G" => [true, false],
            "g" => [false, true],
            "-" => [false, false],
            _ => return None,
        };
        let mut total: u32 = 0;
        for &p in &pits {
            total += p as u32;
        }
        total += captured[0] as u32 + captured[1] as u32;
        if total != 70 {
            return None;
        }
        Some(RefPos {
            pits,
            side,
            captured,
            unplayed7,
        })
    }

    /// Same as `to_string()`; kept as a short name.
    pub fn text(&self) -> String {
        self.to_string()
    }

    /// Seeds in `player`'s row.
    pub fn row_seeds(&self, player: usize) -> u32 {
        let mut sum = 0;
        for k in 0..7 {
            sum += self.pits[player * 7 + k] as u32;
        }
        sum
    }

    pub fn row_empty(&self, player: usize) -> bool {
        self.row_seeds(player) == 0
    }

    pub fn seeds_on_board(&self) -> u32 {
        self.row_seeds(SOUTH) + self.row_seeds(NORTH)
    }

    /// Rule 5.1 items 1-3 (item 4 needs the move generator).
    fn over_before_moves(&self, v: RefVariant) -> bool {
        for player in 0..2 {
            let c = self.captured[player];
            if v.is_songo36() && c > 35 {
                return true;
            }
            if v == RefVariant::Songo40 && c >= 40 {
                return true;
            }
        }
        if self.seeds_on_board() < 10 {
            return true;
        }
        self.row_empty(self.side)
    }

    /// Rule 5.1 items 1-4.
    pub fn is_over(&self, v: RefVariant) -> bool {
        self.legal_moves(v).is_empty()
    }

    /// Sows the seeds of `pit` normally (rule 2) and applies rule 3.
    fn sow(&self, v: RefVariant, pit: usize) -> Sowing {
        let mover = owner(pit);
        let opponent = 1 - mover;
        let mut pits = self.pits;
        let mut left = pits[pit] as u32;
        pits[pit] = 0;
        let mut sown_to_opponent = 0;
        let mut last: Option<usize> = None;

        // 2.1 First lap: the 13 other pits in cycle order.
        let mut i = pit;
        for _ in 0..13 {
            if left == 0 {
                break;
            }
            i = (i + 1) % 14;
            pits[i] += 1;
            left -= 1;
            last = Some(i);
            if owner(i) == opponent {
                sown_to_opponent += 1;
            }
        }

        // 2.2 Later laps: opponent's pits 1..7 only.
        let mut direct_gain = 0;
        while left > 0 {
            // 2.3 songo40 direct gain: a later lap about to start with one seed left.
            if v == RefVariant::Songo40 && left == 1 {
                direct_gain = 1;
                break;
            }
            for number in 1..=7 {
                if left == 0 {
                    break;
                }
                let j = pit_index(opponent, number);
                pits[j] += 1;
                left -= 1;
                last = Some(j);
                sown_to_opponent += 1;
            }
        }

        // 3. Capture (not after a direct gain: the move ends there).
        let mut captured = 0;
        let mut grand_slam = false;
        let mut c1_exception = false;
        if direct_gain == 0 {
            if let Some(last) = last {
                let mut chain: Vec<usize> = Vec::new();
                let mut j = last;
                while owner(j) == opponent && (2..=4).contains(&pits[j]) {
                    chain.push(j);
                    if j == pit_index(opponent, 1) {
                        break;
                    }
                    j -= 1;
                }
                grand_slam = chain.len() == 7;
                c1_exception = v == RefVariant::Songo40
                    && chain.len() == 1
                    && chain[0] == pit_index(opponent, 1);
                if !grand_slam && !c1_exception {
                    for &j in &chain {
                        captured += pits[j] as u32;
                        pits[j] = 0;
                    }
                }
            }
        }
        Sowing {
            pits,
            sown_to_opponent,
            direct_gain,
            captured,
            grand_slam,
            c1_exception,
        }
    }

    /// What playing `pit` does (for coverage counts in tests).
    pub fn detail(&self, v: RefVariant, pit: usize) -> MoveDetail {
        let s = self.sow(v, pit);
        MoveDetail {
            sown_to_opponent: s.sown_to_opponent,
            direct_gain: s.direct_gain,
            captured: s.captured,
            grand_slam: s.grand_slam,
            c1_exception: s.c1_exception,
            capture_solo: self.is_capture_solo(v, pit),
        }
    }

    /// The mover's non-empty pits, ascending.
    fn candidates(&self) -> Vec<usize> {
        let mut out = Vec::new();
        for number in 1..=7 {
            let p = pit_index(self.side, number);
            if self.pits[p] > 0 {
                out.push(p);
            }
        }
        out
    }

    /// Legal moves as absolute pit indices, ascending; empty when over.
    pub fn legal_moves(&self, v: RefVariant) -> Vec<usize> {
        if self.over_before_moves(v) {
            return Vec::new();
        }
        let mover = self.side;
        let opponent = 1 - mover;
        let candidates = self.candidates();

        // 4.1 Feeding: decides alone when the opponent's row is empty.
        if self.row_empty(opponent) {
            let fed: Vec<(usize, u32)> = candidates
                .iter()
                .map(|&p| (p, self.sow(v, p).sown_to_opponent))
                .collect();
            let mut out = Vec::new();
            if v == RefVariant::Amateur {
                for &(p, n) in &fed {
                    if n >= 7 {
                        out.push(p);
                    }
                }
                if out.is_empty() {
                    let mut best = 0;
                    for &(_, n) in &fed {
                        best = best.max(n);
                    }
                    if best >= 1 {
                        for &(p, n) in &fed {
                            if n == best {
                                out.push(p);
                            }
                        }
                    }
                }
            } else {
                for &(p, n) in &fed {
                    if n >= 1 {
                        out.push(p);
                    }
                }
            }
            return out;
        }

        let seven = pit_index(mover, 7);
        let mut out = Vec::new();
        match v {
            // 4.2 The noble pit.
            RefVariant::Beginner | RefVariant::Amateur => {
                let seeds = self.pits[seven];
                let prohibited = seeds == 1 || (v == RefVariant::Amateur && seeds == 2);
                let lifted = self.sow(v, seven).captured > 0;
                let mut held_back = false;
                for &p in &candidates {
                    if p == seven && prohibited && !lifted {
                        held_back = true;
                    } else {
                        out.push(p);
                    }
                }
                if out.is_empty() && held_back {
                    out.push(seven);
                }
            }
            // 4.3 The last pit.
            RefVariant::Songo40 => {
                for &p in &candidates {
                    if p == seven {
                        let seeds = self.pits[seven];
                        let allowed = seeds > 7
                            || (seeds == 5 && self.unplayed7[mover])
                            || candidates.len() == 1;
                        if !allowed {
                            continue;
                        }
                    }
                    out.push(p);
                }
            }
        }
        out
    }

    /// Whether playing `pit` (assumed legal) is a Capture Solo (rule 4.2):
    /// amateur, a pit 7 holding one seed, opponent's row not empty, and the
    /// move does not capture (so it can only be legal because it is forced).
    pub fn is_capture_solo(&self, v: RefVariant, pit: usize) -> bool {
        v == RefVariant::Amateur
            && pit == pit_index(self.side, 7)
            && self.pits[pit] == 1
            && !self.row_empty(1 - self.side)
            && self.sow(v, pit).captured == 0
    }

    /// Makes a legal move (Capture Solo included).
    pub fn play(&self, v: RefVariant, pit: usize) -> RefPos {
        let mover = self.side;
        assert_eq!(owner(pit), mover, "pit {} is not the mover's", letter(pit));
        assert!(self.pits[pit] > 0, "pit {} is empty", letter(pit));
        let mut next = *self;
        if self.is_capture_solo(v, pit) {
            next.pits[pit] = 0;
            next.captured[mover] += 1;
        } else {
            let s = self.sow(v, pit);
            next.pits = s.pits;
            next.captured[mover] += (s.direct_gain + s.captured) as u8;
        }
        if pit == pit_index(mover, 7) {
            next.unplayed7[mover] = false;
        }
        next.side = 1 - mover;
        next
    }

    /// Rule 5.2: songo36 captured + own row; songo40 captured only.
    pub fn final_scores(&self, v: RefVariant) -> [u8; 2] {
        if v.is_songo36() {
            [
                self.captured[0] + self.row_seeds(0) as u8,
                self.captured[1] + self.row_seeds(1) as u8,
            ]
        } else {
            self.captured
        }
    }

    /// Rule 5.2 thresholds; `None` is a draw.
    pub fn winner(&self, v: RefVariant) -> Option<usize> {
        let s = self.final_scores(v);
        if v.is_songo36() {
            if s[0] > 35 {
                Some(SOUTH)
            } else if s[1] > 35 {
                Some(NORTH)
            } else {
                None
            }
        } else if s[0] as i32 - s[1] as i32 >= 5 {
            Some(SOUTH)
        } else if s[1] as i32 - s[0] as i32 >= 5 {
            Some(NORTH)
        } else {
            None
        }
    }
}

impl fmt::Display for RefPos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.pits.iter().enumerate() {
            if i == 7 {
                write!(f, "/")?;
            } else if i > 0 {
                write!(f, ",")?;
            }
            write!(f, "{p}")?;
        }
        let side = if self.side == SOUTH { "s" } else { "n" };
        let flags = match self.unplayed7 {
            [true, true] => "Gg",
            [true, false] => "G",
            [false, true] => "g",
            [false, false] => "-",
        };
        write!(
            f,
            " {side} {} {} {flags}",
            self.captured[0], self.captured[1]
        )
    }
}

/// Section 6: plain recursion over every legal move; 1 at depth 0.
pub fn perft(p: &RefPos, v: RefVariant, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut total = 0;
    for pit in p.legal_moves(v) {
        total += perft(&p.play(v, pit), v, depth - 1);
    }
    total
}
