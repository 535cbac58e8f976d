//! A deliberately simple second implementation of the rules, written
//! straight from RULES.md with plain arrays and loops: no bit tricks, no
//! tables. The tests compare the fast core with it, and the benches use it
//! as the plain-array baseline. It depends on nothing but std.
#![allow(dead_code)]

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
}

/// Pits by absolute index: 0..7 are South's pits 1..7 (A..G), 7..14 North's (a..g).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct RefPos {
    pub pits: [u8; 14],
    /// 0 South, 1 North.
    pub side: usize,
    pub captured: [u8; 2],
    /// Whether each player's pit 7 has never been played.
    pub unplayed7: [bool; 2],
}

/// Absolute index of `player`'s pit `number` (1..=7).
fn pit_index(player: usize, number: usize) -> usize {
    player * 7 + number - 1
}

fn owner(pit: usize) -> usize {
    pit / 7
}

impl RefPos {
    pub fn start() -> RefPos {
        RefPos {
            pits: [5; 14],
            side: 0,
            captured: [0, 0],
            unplayed7: [true, true],
        }
    }

    pub fn parse(s: &str) -> Option<RefPos> {
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
            for (j, c) in counts.iter().enumerate() {
                pits[r * 7 + j] = c.parse().ok()?;
            }
        }
        let side = match fields[1] {
            "s" => 0,
            "n" => 1,
            _ => return None,
        };
        let captured = [fields[2].parse().ok()?, fields[3].parse().ok()?];
        let unplayed7 = match fields[4] {
            "Gg" => [true, true],
            "G" => [true, false],
            "g" => [false, true],
            "-" => [false, false],
            _ => return None,
        };
        let mut total: u32 = 0;
        for p in pits {
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

    pub fn text(&self) -> String {
        let row = |r: usize| {
            (0..7)
                .map(|j| self.pits[r * 7 + j].to_string())
                .collect::<Vec<_>>()
                .join(",")
        };
        let flags = match self.unplayed7 {
            [true, true] => "Gg",
            [true, false] => "G",
            [false, true] => "g",
            [false, false] => "-",
        };
        format!(
            "{}/{} {} {} {} {}",
            row(0),
            row(1),
            if self.side == 0 { "s" } else { "n" },
            self.captured[0],
            self.captured[1],
            flags
        )
    }

    fn row_total(&self, player: usize) -> u32 {
        let mut t = 0;
        for n in 1..=7 {
            t += self.pits[pit_index(player, n)] as u32;
        }
        t
    }

    fn board_total(&self) -> u32 {
        self.row_total(0) + self.row_total(1)
    }

    /// Rule 5.1 items 1 to 3.
    fn basic_over(&self, v: RefVariant) -> bool {
        for p in 0..2 {
            let c = self.captured[p];
            let reached = match v {
                RefVariant::Songo40 => c >= 40,
                _ => c > 35,
            };
            if reached {
                return true;
            }
        }
        if self.board_total() < 10 {
            return true;
        }
        self.row_total(self.side) == 0
    }

    /// Sows the seeds of `pit` (rule 2) without any capture. Returns the
    /// position, the last pit sown (None after a direct gain), the seeds
    /// that went into the opponent's row, and whether a direct gain happened.
    fn sow(&self, v: RefVariant, pit: usize) -> (RefPos, Option<usize>, u32, bool) {
        let mut q = *self;
        let me = self.side;
        let opp = 1 - me;
        let mut seeds = q.pits[pit];
        q.pits[pit] = 0;
        let mut last = None;
        let mut fed = 0;
        let mut gain = false;
        // First lap: the 13 other pits.
        let mut cur = pit;
        let mut sown_in_lap = 0;
        while seeds > 0 && sown_in_lap < 13 {
            cur = (cur + 1) % 14;
            if cur == pit {
                continue;
            }
            q.pits[cur] += 1;
            seeds -= 1;
            sown_in_lap += 1;
            last = Some(cur);
            if owner(cur) == opp {
                fed += 1;
            }
        }
        // Later laps: only the opponent's pits 1..7.
        while seeds > 0 {
            if v == RefVariant::Songo40 && seeds == 1 {
                q.captured[me] += 1;
                last = None;
                gain = true;
                break;
            }
            let mut n = 1;
            while n <= 7 && seeds > 0 {
                let i = pit_index(opp, n);
                q.pits[i] += 1;
                seeds -= 1;
                last = Some(i);
                fed += 1;
                n += 1;
            }
        }
        (q, last, fed, gain)
    }

    /// Rule 3 applied after a sowing that ended in `last`.
    fn capture(q: &mut RefPos, v: RefVariant, me: usize, last: usize) {
        let opp = 1 - me;
        if owner(last) != opp {
            return;
        }
        let mut number = last % 7 + 1; // the opponent's pit number of `last`
        let mut chain = Vec::new();
        while number >= 1 {
            let i = pit_index(opp, number);
            let c = q.pits[i];
            if (2..=4).contains(&c) {
                chain.push(i);
                number -= 1;
            } else {
                break;
            }
        }
        if chain.is_empty() {
            return;
        }
        if chain.len() == 7 {
            return; // grand slam
        }
        if v == RefVariant::Songo40 && chain.len() == 1 && chain[0] == pit_index(opp, 1) {
            return; // C1 exception
        }
        for i in chain {
            q.captured[me] += q.pits[i];
            q.pits[i] = 0;
        }
    }

    /// The sowing and the capture, without Capture Solo.
    fn sow_and_capture(&self, v: RefVariant, pit: usize) -> RefPos {
        let (mut q, last, _, _) = self.sow(v, pit);
        if let Some(l) = last {
            RefPos::capture(&mut q, v, self.side, l);
        }
        q
    }

    fn move_captures(&self, v: RefVariant, pit: usize) -> bool {
        let q = self.sow_and_capture(v, pit);
        // Only rule 3 counts, not a direct gain; a direct gain ends sowings
        // of at least 14 seeds, never a noble pit holding 1 or 2.
        let (sown, _, _, _) = self.sow(v, pit);
        q.captured[self.side] > sown.captured[self.side]
    }

    pub fn legal_moves(&self, v: RefVariant) -> Vec<usize> {
        if self.basic_over(v) {
            return Vec::new();
        }
        let me = self.side;
        let opp = 1 - me;
        let mut candidates = Vec::new();
        for n in 1..=7 {
            if self.pits[pit_index(me, n)] > 0 {
                candidates.push(pit_index(me, n));
            }
        }
        // 4.1 feeding
        if self.row_total(opp) == 0 {
            let fed: Vec<(usize, u32)> =
                candidates.iter().map(|&p| (p, self.sow(v, p).2)).collect();
            return match v {
                RefVariant::Amateur => {
                    let seven: Vec<usize> = fed.iter().filter(|f| f.1 >= 7).map(|f| f.0).collect();
                    if !seven.is_empty() {
                        seven
                    } else {
                        let best = fed.iter().map(|f| f.1).max().unwrap_or(0);
                        if best == 0 {
                            Vec::new()
                        } else {
                            fed.iter().filter(|f| f.1 == best).map(|f| f.0).collect()
                        }
                    }
                }
                _ => fed.iter().filter(|f| f.1 >= 1).map(|f| f.0).collect(),
            };
        }
        let seven = pit_index(me, 7);
        match v {
            RefVariant::Songo40 => {
                // 4.3 the last pit
                let c = self.pits[seven];
                let only = candidates.len() == 1 && candidates[0] == seven;
                let allowed = c > 7 || (c == 5 && self.unplayed7[me]) || only;
                candidates.retain(|&p| p != seven || allowed);
                candidates
            }
            _ => {
                // 4.2 the noble pit
                let c = self.pits[seven];
                let prohibited_count = c == 1 || (v == RefVariant::Amateur && c == 2);
                let prohibited = prohibited_count && !self.move_captures(v, seven);
                if prohibited {
                    let others: Vec<usize> =
                        candidates.iter().copied().filter(|&p| p != seven).collect();
                    if !others.is_empty() {
                        return others;
                    }
                }
                candidates
            }
        }
    }

    pub fn is_over(&self, v: RefVariant) -> bool {
        self.legal_moves(v).is_empty()
    }

    /// Whether playing `pit` is a Capture Solo.
    pub fn is_capture_solo(&self, v: RefVariant, pit: usize) -> bool {
        let me = self.side;
        v == RefVariant::Amateur
            && pit == pit_index(me, 7)
            && self.pits[pit] == 1
            && self.row_total(1 - me) > 0
            && !self.move_captures(v, pit)
            && self.legal_moves(v) == vec![pit]
    }

    /// Plays the legal move `pit`.
    pub fn play(&self, v: RefVariant, pit: usize) -> RefPos {
        let me = self.side;
        let mut q = if self.is_capture_solo(v, pit) {
            let mut q = *self;
            q.pits[pit] = 0;
            q.captured[me] += 1;
            q
        } else {
            self.sow_and_capture(v, pit)
        };
        if pit == pit_index(me, 7) {
            q.unplayed7[me] = false;
        }
        q.side = 1 - me;
        q
    }

    pub fn final_scores(&self, v: RefVariant) -> [u8; 2] {
        let mut s = self.captured;
        if v != RefVariant::Songo40 {
            s[0] += self.row_total(0) as u8;
            s[1] += self.row_total(1) as u8;
        }
        s
    }

    pub fn winner(&self, v: RefVariant) -> Option<usize> {
        let s = self.final_scores(v);
        match v {
            RefVariant::Songo40 => {
                if s[0] >= s[1] + 5 {
                    Some(0)
                } else if s[1] >= s[0] + 5 {
                    Some(1)
                } else {
                    None
                }
            }
            _ => {
                if s[0] > 35 {
                    Some(0)
                } else if s[1] > 35 {
                    Some(1)
                } else {
                    None
                }
            }
        }
    }
}

/// Perft exactly as RULES.md section 6 defines it: every move is made.
pub fn perft(p: &RefPos, v: RefVariant, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut n = 0;
    for m in p.legal_moves(v) {
        n += perft(&p.play(v, m), v, depth - 1);
    }
    n
}
