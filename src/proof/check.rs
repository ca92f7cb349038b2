//! The independent checker of proof certificates (design notes §6).
//!
//! It shares no code with the search: it has its own board (a plain array of points), its
//! own windows, line test, threat windows, hitting sets and symmetries, all written from the
//! rules. From the rest of the crate it uses only the certificate's data types
//! ([`super::format`]), [`Rules`] to validate the header's numbers, and
//! [`crate::notation::format_point`] to name points in messages.
//!
//! What a valid certificate proves, part by part: from the root position, the *prover* (the
//! attacker for a win claim, the defender for a no-win claim) has a strategy that reaches
//! only positions where the claim holds. The checker replays every edge of the proof from
//! the root and, at each node:
//! - at the prover's nodes, plays the one given move (or checks a leaf: the prover completes
//!   a line with the stones of this turn; or, for no-win claims, every window holds a defender
//!   stone, or a pairing strategy covers every window the attacker could still fill, or the
//!   potential of those windows is too small for the attacker ever to fill one);
//! - at the other side's nodes, checks that it cannot complete a line this turn and that every
//!   empty point is a listed reply or is covered by one of three reasons it derives itself:
//!   1. *Threats and order.* Let T be the prover's threat windows (no stone of the mover, at
//!      least k - p of the prover's). Any set of this turn's stones that misses a window of T
//!      loses at once, and any set that hits all of T contains a point b with the rest of T
//!      hittable by the remaining stones, which can be played first (no stone of the turn
//!      can win, so order does not matter). So when T is not empty only such points b need
//!      to be listed.
//!   2. *Dead points.* A point in no window that either side can still fill can never matter:
//!      swapping it with another such point maps strategies onto strategies. One listed dead
//!      point covers all of them.
//!   3. *Symmetry.* If a symmetry of the board maps the position after x onto the position
//!      after a listed reply, x needs no proof of its own.
//! - or checks that the mover is overwhelmed: it cannot complete a line this turn and no set
//!   of its stones hits all of the prover's threat windows.
//!
//! A node reached along two paths must be the same position both times, or its mirror image
//! under a symmetry of the board (format version 2), so shared subtrees are checked once: the
//! strategy checked from the first position, mirrored, is one from the second (the node
//! cannot be reached again below itself, as every move adds a stone). Positions are compared
//! by a 128-bit hash of their stones and the turn, kept under every symmetry of the board,
//! with keys drawn at random for each check: a file written without those keys matches two
//! different positions with a chance of about 2^-128 a comparison, and the checker keeps 16
//! bytes a node instead of every node's stone list.
//!
//! Nodes are decoded one at a time as the walk reaches them ([`PackedPart::node`]), so a
//! proof of tens of millions of nodes is checked in about the memory of its file.

use super::format::{Certificate, Claim, Node, Packed, PackedPart};
use crate::notation::format_point;
use crate::rules::Rules;

/// What a valid certificate proves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Summary {
    /// One line per claim, e.g. "Black (to move) forces a win".
    pub claims: Vec<String>,
    /// The value the claims establish for the side to move, when they establish one
    /// ("win", "loss", "draw", "no-win", "no-loss").
    pub value: Option<&'static str>,
    /// Proof nodes checked over all parts.
    pub nodes: usize,
    /// The rules and the root position the claims are about, e.g. "Connect(7,6,5,2,1), the
    /// empty board, Black to move with 1 stone(s)": a certificate checked without rules or a
    /// position names what it proves, down to the stones left in the turn.
    pub root: String,
}

/// Checks a certificate. `Err` holds the first failure found, naming the part, the node, the
/// stones that lead to it from the root, and the reason.
pub fn check(cert: &Certificate) -> Result<Summary, String> {
    check_packed(&Packed::from(cert))
}

/// [`check`] for a certificate read as it is stored ([`Packed::read_from`]).
pub fn check_packed(cert: &Packed) -> Result<Summary, String> {
    // The checker recurses once a stone: give it room on boards of up to 4096 points.
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .name("c6solve-check".into())
            .stack_size(256 << 20)
            .spawn_scoped(scope, || check_here(cert))
            .map_err(|e| format!("cannot start the checker thread: {e}"))?
            .join()
            .map_err(|_| "the checker failed (internal error above)".to_string())?
    })
}

fn check_here(cert: &Packed) -> Result<Summary, String> {
    let cert_parts = &cert.parts;
    let cert = &cert.head;
    let [m, n, k, p, q] = cert.rules;
    let rules = Rules::new(m, n, k, p, q).map_err(|e| format!("header: {e}"))?;
    let keys = Keys::new(&rules);
    let geo = Geo::new(&rules);
    let root = Board::root(&geo, cert)?;
    if cert_parts.is_empty() {
        return Err("the certificate holds no claim".into());
    }
    let mut claims = Vec::new();
    let mut nodes = 0;
    let mut won = None;
    let mut held = [false; 2];
    for (i, part) in cert_parts.iter().enumerate() {
        if part.attacker > 1 {
            return Err(format!(
                "part {}: attacker {} is not a colour",
                i + 1,
                part.attacker
            ));
        }
        let mut c = Checker::new(&geo, &keys, root.clone(), part);
        c.node(0).map_err(|e| format!("part {}: {e}", i + 1))?;
        nodes += c.checked;
        let who = colour_name(part.attacker);
        let role = if part.attacker == root.to_move {
            " (to move)"
        } else {
            ""
        };
        claims.push(match part.claim {
            Claim::Win => {
                won = Some(part.attacker);
                format!("{who}{role} forces a win")
            }
            Claim::NoWin => {
                held[part.attacker as usize] = true;
                format!("{who}{role} cannot force a win")
            }
        });
    }
    let me = root.to_move as usize;
    let value = match won {
        Some(a) if a as usize == me => Some("win"),
        Some(_) => Some("loss"),
        None if held[0] && held[1] => Some("draw"),
        None if held[me] => Some("no-win"),
        None if held[1 - me] => Some("no-loss"),
        None => None,
    };
    Ok(Summary {
        claims,
        value,
        nodes,
        root: root.describe(&rules),
    })
}

fn colour_name(c: u8) -> &'static str {
    if c == 0 { "Black" } else { "White" }
}

/// The fixed facts of a board size: its windows and symmetries.
struct Geo {
    rules: Rules,
    w: usize,
    h: usize,
    k: usize,
    /// Every set of k consecutive points in a row, column or diagonal.
    windows: Vec<Vec<u16>>,
    /// Symmetries of the board (all but the identity), as point maps.
    syms: Vec<Vec<u16>>,
}

impl Geo {
    fn new(rules: &Rules) -> Geo {
        let (w, h, k) = (
            rules.width as usize,
            rules.height as usize,
            rules.k as usize,
        );
        let mut windows = Vec::new();
        for y in 0..h as i64 {
            for x in 0..w as i64 {
                for (dx, dy) in [(1i64, 0i64), (0, 1), (1, 1), (1, -1)] {
                    let cells: Vec<u16> = (0..k as i64)
                        .map(|i| (x + dx * i, y + dy * i))
                        .take_while(|&(a, b)| a >= 0 && b >= 0 && a < w as i64 && b < h as i64)
                        .map(|(a, b)| (b as usize * w + a as usize) as u16)
                        .collect();
                    if cells.len() == k {
                        windows.push(cells);
                    }
                }
            }
        }
        let mut syms = Vec::new();
        let count = if w == h { 8 } else { 4 };
        for t in 1..count {
            let map = (0..w * h)
                .map(|c| {
                    let (x, y) = (c % w, c / w);
                    let (fx, fy) = (w - 1 - x, h - 1 - y);
                    let (a, b) = match t {
                        1 => (fx, y),
                        2 => (x, fy),
                        3 => (fx, fy),
                        4 => (y, x),
                        5 => (fy, x),
                        6 => (y, fx),
                        _ => (fy, fx),
                    };
                    (b * w + a) as u16
                })
                .collect();
            syms.push(map);
        }
        Geo {
            rules: *rules,
            w,
            h,
            k,
            windows,
            syms,
        }
    }

    fn name(&self, c: u16) -> String {
        format_point(&self.rules, c)
    }
}

/// A position as the checker sees it: one byte a point (0 empty, 1 Black, 2 White).
#[derive(Clone)]
struct Board {
    points: Vec<u8>,
    /// 0 Black, 1 White.
    to_move: u8,
    left: u16,
    /// 1 + colour of the side that made a line, 0 if none.
    winner: u8,
    empties: usize,
}

/// What [`Board::play`] changed, for [`Board::undo`].
struct Saved {
    to_move: u8,
    left: u16,
    winner: u8,
}

impl Board {
    /// The rules and the position, in words.
    fn describe(&self, rules: &Rules) -> String {
        let count = |c: u8| self.points.iter().filter(|&&s| s == 1 + c).count();
        let stones = match (count(0), count(1)) {
            (0, 0) => "the empty board".to_string(),
            (b, w) => format!("{b} Black and {w} White stone(s)"),
        };
        format!(
            "Connect({rules}), {stones}, {} to move with {} stone(s)",
            colour_name(self.to_move),
            self.left
        )
    }

    /// The certificate's root position, validated.
    fn root(geo: &Geo, cert: &Certificate) -> Result<Board, String> {
        let cells = geo.w * geo.h;
        let mut points = vec![0u8; cells];
        for (list, colour) in [(&cert.black, 1u8), (&cert.white, 2u8)] {
            for &c in list.iter() {
                if c as usize >= cells {
                    return Err(format!("header: root stone {c} is off the board"));
                }
                if points[c as usize] != 0 {
                    return Err(format!("header: root point {} is given twice", geo.name(c)));
                }
                points[c as usize] = colour;
            }
        }
        if cert.to_move > 1 {
            return Err(format!(
                "header: side to move {} is not a colour",
                cert.to_move
            ));
        }
        let r = &geo.rules;
        let max = if points.iter().all(|&s| s == 0) && cert.to_move == 0 {
            r.q.max(r.p)
        } else {
            r.p
        };
        if cert.stones_left == 0 || cert.stones_left > max {
            return Err(format!(
                "header: {} stones left in the turn; a turn here has 1 to {max}",
                cert.stones_left
            ));
        }
        let mut board = Board {
            empties: points.iter().filter(|&&s| s == 0).count(),
            points,
            to_move: cert.to_move,
            left: cert.stones_left,
            winner: 0,
        };
        let lines: Vec<u8> = (1..=2u8)
            .filter(|&s| {
                geo.windows
                    .iter()
                    .any(|w| w.iter().all(|&c| board.points[c as usize] == s))
            })
            .collect();
        match lines[..] {
            [] => {}
            [s] => board.winner = s,
            _ => return Err("header: both colours already have a line at the root".into()),
        }
        Ok(board)
    }

    fn over(&self) -> bool {
        self.winner != 0 || self.empties == 0
    }

    /// Plays a stone for the side to move; a stone that makes k in a row ends the game.
    fn play(&mut self, geo: &Geo, c: u16) -> Saved {
        let saved = Saved {
            to_move: self.to_move,
            left: self.left,
            winner: self.winner,
        };
        let s = self.to_move + 1;
        self.points[c as usize] = s;
        self.empties -= 1;
        if self.makes_line(geo, c, s) {
            self.winner = s;
        } else if self.left > 1 {
            self.left -= 1;
        } else {
            self.to_move ^= 1;
            self.left = geo.rules.p;
        }
        saved
    }

    fn undo(&mut self, c: u16, saved: Saved) {
        self.points[c as usize] = 0;
        self.empties += 1;
        self.to_move = saved.to_move;
        self.left = saved.left;
        self.winner = saved.winner;
    }

    /// True if the stone `s` on `c` is part of k or more in a row, counted along the four
    /// lines through it (independent of the window lists).
    fn makes_line(&self, geo: &Geo, c: u16, s: u8) -> bool {
        let (x, y) = ((c as usize % geo.w) as i64, (c as usize / geo.w) as i64);
        let at = |a: i64, b: i64| {
            a >= 0
                && b >= 0
                && (a as usize) < geo.w
                && (b as usize) < geo.h
                && self.points[b as usize * geo.w + a as usize] == s
        };
        [(1i64, 0i64), (0, 1), (1, 1), (1, -1)]
            .iter()
            .any(|&(dx, dy)| {
                let mut run = 1;
                for sign in [1i64, -1] {
                    let mut i = 1;
                    while at(x + sign * i * dx, y + sign * i * dy) {
                        run += 1;
                        i += 1;
                    }
                }
                run >= geo.k
            })
    }

    /// Stones of each colour in a window: (Black, White).
    fn tally(&self, win: &[u16]) -> [usize; 3] {
        let mut t = [0; 3];
        for &c in win {
            t[self.points[c as usize] as usize] += 1;
        }
        t
    }

    /// True if colour `me` (0/1) can make a line with `r` more stones: some window without
    /// the opponent's stones has at most `r` empty points.
    fn can_complete(&self, geo: &Geo, me: u8, r: u16) -> bool {
        let (own, opp) = (me as usize + 1, 2 - me as usize);
        geo.windows.iter().any(|w| {
            let t = self.tally(w);
            t[opp] == 0 && t[own] + r as usize >= geo.k
        })
    }

    /// The empty points of `me`'s threat windows: windows without the opponent's stones that
    /// `me` completes with one turn of p stones.
    fn threats(&self, geo: &Geo, me: u8) -> Vec<Vec<u16>> {
        let (own, opp) = (me as usize + 1, 2 - me as usize);
        geo.windows
            .iter()
            .filter(|w| {
                let t = self.tally(w);
                t[opp] == 0 && t[own] + geo.rules.p as usize >= geo.k
            })
            .map(|w| {
                w.iter()
                    .copied()
                    .filter(|&c| self.points[c as usize] == 0)
                    .collect()
            })
            .collect()
    }

    /// Per point: true if no window through it can still be filled by either side.
    fn dead_points(&self, geo: &Geo) -> Vec<bool> {
        let mut dead = vec![true; self.points.len()];
        for w in &geo.windows {
            let t = self.tally(w);
            if t[1] == 0 || t[2] == 0 {
                for &c in w {
                    dead[c as usize] = false;
                }
            }
        }
        dead
    }
}

/// True if `r` points can be chosen so that each set in `sets` contains one of them.
fn can_hit(sets: &[&[u16]], r: u16) -> bool {
    let Some(smallest) = sets.iter().min_by_key(|s| s.len()) else {
        return true;
    };
    if r == 0 {
        return false;
    }
    smallest.iter().any(|c| {
        let rest: Vec<&[u16]> = sets.iter().copied().filter(|s| !s.contains(c)).collect();
        can_hit(&rest, r - 1)
    })
}

/// Random keys of the position hash, drawn afresh for each check (see the module notes).
struct Keys {
    /// Per point, per colour.
    stones: Vec<[u128; 2]>,
    /// Per stones left in the turn, per side to move.
    turns: Vec<[u128; 2]>,
}

impl Keys {
    fn new(rules: &Rules) -> Keys {
        use std::hash::{BuildHasher, Hasher};
        // std's RandomState is seeded from the operating system's random source.
        let state = std::collections::hash_map::RandomState::new();
        let mut i = 0u64;
        let mut draw = || {
            let mut half = || {
                i += 1;
                let mut h = state.build_hasher();
                h.write_u64(i);
                h.finish() as u128
            };
            [(half() << 64) | half(), (half() << 64) | half()]
        };
        let stones = (0..rules.cells()).map(|_| draw()).collect();
        let turns = (0..=rules.p.max(rules.q)).map(|_| draw()).collect();
        Keys { stones, turns }
    }
}

/// Checks one part.
struct Checker<'a> {
    geo: &'a Geo,
    keys: &'a Keys,
    board: Board,
    part: &'a PackedPart,
    /// The colour the claim favours (to move at the nodes that give one move).
    prover: u8,
    /// Per node, the hash of the position it was first reached with (0 while unreached):
    /// all its stones and the turn.
    seen: Vec<u128>,
    /// Stones played from the root to the current node.
    path: Vec<u16>,
    /// Hash of the board's stones, then of their images under each of `geo.syms`.
    hashes: Vec<u128>,
    checked: usize,
}

impl<'a> Checker<'a> {
    fn new(geo: &'a Geo, keys: &'a Keys, board: Board, part: &'a PackedPart) -> Checker<'a> {
        let prover = match part.claim {
            Claim::Win => part.attacker,
            Claim::NoWin => part.attacker ^ 1,
        };
        Checker {
            geo,
            keys,
            board,
            part,
            prover,
            seen: vec![0; part.len()],
            path: Vec::new(),
            hashes: Vec::new(),
            checked: 0,
        }
        .hashed()
    }

    /// Sets `hashes` from the board's stones.
    fn hashed(mut self) -> Checker<'a> {
        self.hashes = vec![0; self.geo.syms.len() + 1];
        for c in 0..self.board.points.len() {
            if let s @ 1..=2 = self.board.points[c] {
                self.toggle(c as u16, s - 1);
            }
        }
        self
    }

    /// Adds or removes the stone of colour `s` (0/1) on `c` in every hash.
    fn toggle(&mut self, c: u16, s: u8) {
        let stones = &self.keys.stones;
        self.hashes[0] ^= stones[c as usize][s as usize];
        for (h, g) in self.hashes[1..].iter_mut().zip(&self.geo.syms) {
            *h ^= stones[g[c as usize] as usize][s as usize];
        }
    }

    /// Plays `c` for the side to move and checks node `child` after it.
    fn follow(&mut self, c: u16, child: u32) -> Result<(), String> {
        let s = self.board.to_move;
        let saved = self.board.play(self.geo, c);
        self.path.push(c);
        self.toggle(c, s);
        let res = self.node(child);
        self.toggle(c, s);
        self.path.pop();
        self.board.undo(c, saved);
        res
    }

    fn fail(&self, id: u32, why: impl std::fmt::Display) -> String {
        let path = if self.path.is_empty() {
            "the root".to_string()
        } else {
            let names: Vec<String> = self.path.iter().map(|&c| self.geo.name(c)).collect();
            format!("after {}", names.join(" "))
        };
        format!("node {id} ({path}): {why}")
    }

    /// The hash of the current position under symmetry `g` (0 the identity, else `g - 1` of
    /// `geo.syms`), never 0.
    fn signature(&self, g: usize) -> u128 {
        let turn = self.keys.turns[self.board.left as usize][self.board.to_move as usize];
        (self.hashes[g] ^ turn).max(1)
    }

    /// Checks the node `id` at the current board.
    fn node(&mut self, id: u32) -> Result<(), String> {
        let node = match self.part.node(id) {
            None => return Err(self.fail(id, "no such node in the certificate")),
            Some(Err(e)) => return Err(self.fail(id, e)),
            Some(Ok(node)) => node,
        };
        let attacker = self.part.attacker;
        if self.board.over() {
            if node != Node::Over {
                return Err(self.fail(id, "the game is over here but the node goes on"));
            }
            let winner = self.board.winner;
            let ok = match self.part.claim {
                Claim::Win => winner == attacker + 1,
                Claim::NoWin => winner != attacker + 1,
            };
            return if ok {
                Ok(())
            } else {
                let result = match winner {
                    0 => "a draw (full board)".to_string(),
                    s => format!("a win for {}", colour_name(s - 1)),
                };
                Err(self.fail(id, format!("the game ends in {result}, against the claim")))
            };
        }
        match self.seen[id as usize] {
            0 => self.seen[id as usize] = self.signature(0),
            // The position, or a mirror image of it, was checked from this node already.
            s if (0..self.hashes.len()).any(|g| self.signature(g) == s) => return Ok(()),
            _ => {
                return Err(self.fail(
                    id,
                    "reached along two paths as two different positions (not mirror images)",
                ));
            }
        }
        self.checked += 1;
        let (me, r) = (self.board.to_move, self.board.left);
        let geo = self.geo;
        let prover_moves = me == self.prover;
        match &node {
            Node::Over => Err(self.fail(id, "claims the game is over, but it is not")),
            Node::Move { cell, child } => {
                if !prover_moves {
                    return Err(self.fail(
                        id,
                        format!(
                            "one move is given for {}, who must be answered on every move",
                            colour_name(me)
                        ),
                    ));
                }
                self.play_checked(id, *cell)?;
                self.follow(*cell, *child)
            }
            Node::WinNow => {
                if prover_moves && self.board.can_complete(geo, me, r) {
                    Ok(())
                } else {
                    Err(self.fail(
                        id,
                        format!("{} cannot complete a line this turn", colour_name(me)),
                    ))
                }
            }
            Node::Overwhelmed => {
                if prover_moves {
                    return Err(self.fail(id, "the prover is to move, not the overwhelmed side"));
                }
                if self.board.can_complete(geo, me, r) {
                    return Err(self.fail(
                        id,
                        format!("{} completes a line this turn", colour_name(me)),
                    ));
                }
                let threats = self.board.threats(geo, self.prover);
                let sets: Vec<&[u16]> = threats.iter().map(Vec::as_slice).collect();
                if threats.is_empty() || can_hit(&sets, r) {
                    return Err(self.fail(
                        id,
                        format!(
                            "{} can stop {}'s threats with {r} stone(s)",
                            colour_name(me),
                            colour_name(self.prover)
                        ),
                    ));
                }
                Ok(())
            }
            Node::Dead => {
                let defender = attacker ^ 1;
                let dead = self.part.claim == Claim::NoWin
                    && geo
                        .windows
                        .iter()
                        .all(|w| self.board.tally(w)[defender as usize + 1] > 0);
                if dead {
                    Ok(())
                } else {
                    Err(self.fail(
                        id,
                        format!("{} can still fill a window", colour_name(attacker)),
                    ))
                }
            }
            Node::Paired(pairs) => {
                let groups: Vec<Vec<u16>> = pairs.iter().map(|&(a, b)| vec![a, b]).collect();
                self.check_groups(id, &groups)
            }
            Node::Grouped(groups) => self.check_groups(id, groups),
            Node::StrategyStealing => self.check_stealing(id),
            Node::Outweighed(stones) => self.check_potential(id, stones),
            Node::Replies(list) => self.check_replies(id, list),
        }
    }

    fn play_checked(&self, id: u32, cell: u16) -> Result<(), String> {
        if cell as usize >= self.board.points.len() {
            return Err(self.fail(id, format!("stone {cell} is off the board")));
        }
        if self.board.points[cell as usize] != 0 {
            return Err(self.fail(id, format!("{} is not empty", self.geo.name(cell))));
        }
        Ok(())
    }

    /// A pairing (`Paired`, p = 1) or its p-stone form (`Grouped`): disjoint groups of p + 1
    /// empty points, a whole group in every window the attacker can still fill, and an
    /// attacker to move with at most p stones left. The defender then answers in every group
    /// the attacker touches, which a turn of at most p stones cannot fill.
    fn check_groups(&self, id: u32, groups: &[Vec<u16>]) -> Result<(), String> {
        let geo = self.geo;
        let attacker = self.part.attacker;
        let size = geo.rules.p as usize + 1;
        if self.part.claim != Claim::NoWin {
            return Err(self.fail(id, "a pairing proves only that a side cannot win"));
        }
        if self.board.to_move == attacker && self.board.left > geo.rules.p {
            return Err(self.fail(
                id,
                format!(
                    "a pairing needs the attacker to have at most {} stone(s) left in its turn",
                    geo.rules.p
                ),
            ));
        }
        let mut group = vec![u32::MAX; self.board.points.len()];
        for (g, members) in groups.iter().enumerate() {
            if members.len() != size {
                return Err(self.fail(
                    id,
                    format!("a group has {} points, not p + 1 = {size}", members.len()),
                ));
            }
            for &c in members {
                self.play_checked(id, c)?;
                if group[c as usize] != u32::MAX {
                    return Err(self.fail(id, format!("{} is in two groups", geo.name(c))));
                }
                group[c as usize] = g as u32;
            }
        }
        let defender = attacker as usize ^ 1;
        for w in &geo.windows {
            if self.board.tally(w)[defender + 1] > 0 {
                continue;
            }
            let covered = w.iter().any(|&a| {
                let g = group[a as usize];
                g != u32::MAX && groups[g as usize].iter().all(|b| w.contains(b))
            });
            if !covered {
                let names: Vec<String> = w.iter().map(|&c| geo.name(c)).collect();
                return Err(self.fail(
                    id,
                    format!("no group lies in the window {}", names.join("-")),
                ));
            }
        }
        Ok(())
    }

    /// A potential strategy (Beck's biased Erdős–Selfridge criterion): with λ = (1 + p)^(1/p),
    /// the windows free of defender stones weigh λ^-e together (e = empty points), and
    /// the sum is small enough that a defender blocking greedily never lets one fill. The
    /// bound: λ^-r with the attacker to move and r stones left; 1 with the defender to move
    /// and a full turn; λ^-p with the defender to move and fewer than p stones, after the
    /// listed stones (its first ones) are counted as played.
    fn check_potential(&self, id: u32, stones: &[u16]) -> Result<(), String> {
        let geo = self.geo;
        let attacker = self.part.attacker;
        let p = geo.rules.p as i32;
        if self.part.claim != Claim::NoWin {
            return Err(self.fail(id, "a potential proves only that a side cannot win"));
        }
        let defender_moves = self.board.to_move != attacker;
        let partial = defender_moves && (self.board.left as i32) < p;
        if stones.len() > if partial { self.board.left as usize } else { 0 } {
            return Err(self.fail(
                id,
                "a potential lists more defender stones than it may play",
            ));
        }
        let mut points = self.board.points.clone();
        for &c in stones {
            self.play_checked(id, c)?;
            if points[c as usize] != 0 {
                return Err(self.fail(id, format!("{} is listed twice", geo.name(c))));
            }
            points[c as usize] = 2 - attacker;
        }
        let lambda = (1.0 + p as f64).powf(1.0 / p as f64);
        let defender = 2 - attacker;
        let sum: f64 = geo
            .windows
            .iter()
            .filter(|w| w.iter().all(|&c| points[c as usize] != defender))
            .map(|w| {
                let empty = w.iter().filter(|&&c| points[c as usize] == 0).count();
                lambda.powf(-(empty as f64))
            })
            .sum();
        let bound = if !defender_moves {
            lambda.powf(-(self.board.left as f64))
        } else if partial {
            lambda.powf(-(p as f64))
        } else {
            1.0
        };
        if sum < bound * (1.0 - 1e-9) {
            Ok(())
        } else {
            Err(self.fail(
                id,
                format!("the potential {sum:.6} is not below its bound {bound:.6}"),
            ))
        }
    }

    /// Strategy stealing: White cannot force a win from the empty board when Black's first
    /// turn is a full turn (q = p). If it could, Black would place its first stones anywhere
    /// and then play White's winning strategy as the second player of the same game; an extra
    /// stone never hurts its owner, so White would never complete a line first.
    fn check_stealing(&self, id: u32) -> Result<(), String> {
        let r = self.geo.rules;
        let holds = self.part.claim == Claim::NoWin
            && self.part.attacker == 1
            && self.path.is_empty()
            && r.q == r.p
            && self.board.to_move == 0
            && self.board.left == r.q
            && self.board.points.iter().all(|&x| x == 0);
        if holds {
            Ok(())
        } else {
            Err(self.fail(
                id,
                "strategy stealing shows only that White cannot force a win, from the empty \
                 board, when q = p",
            ))
        }
    }

    fn check_replies(&mut self, id: u32, list: &[(u16, u32)]) -> Result<(), String> {
        let geo = self.geo;
        let (me, r) = (self.board.to_move, self.board.left);
        if me == self.prover {
            return Err(self.fail(
                id,
                format!("{} is to move here and must give one move", colour_name(me)),
            ));
        }
        if self.board.can_complete(geo, me, r) {
            return Err(self.fail(
                id,
                format!("{} completes a line this turn", colour_name(me)),
            ));
        }
        let cells = self.board.points.len();
        let mut listed = vec![false; cells];
        for &(c, _) in list {
            self.play_checked(id, c)?;
            if listed[c as usize] {
                return Err(self.fail(id, format!("{} is listed twice", geo.name(c))));
            }
            listed[c as usize] = true;
        }
        // Reason 1: with the prover holding threats, only points that start a set of this
        // turn's stones stopping them all need a proof.
        let threats = self.board.threats(geo, self.prover);
        let sets: Vec<&[u16]> = threats.iter().map(Vec::as_slice).collect();
        let needed = |x: u16| {
            if threats.is_empty() {
                return true;
            }
            // A point in no threat window is never needed first: a set of stones that stops
            // the threats holds a threat point that can be played before it.
            if !sets.iter().any(|s| s.contains(&x)) {
                return false;
            }
            let rest: Vec<&[u16]> = sets.iter().copied().filter(|s| !s.contains(&x)).collect();
            can_hit(&rest, r - 1)
        };
        // Reason 2: dead points are interchangeable.
        let dead = self.board.dead_points(geo);
        let dead_listed = list.iter().any(|&(c, _)| dead[c as usize]);
        // Reason 3: a symmetry maps the position after x onto the one after a listed reply.
        let mirrored = self.mirrored(&listed);
        for x in 0..cells as u16 {
            if self.board.points[x as usize] != 0 || listed[x as usize] {
                continue;
            }
            if (dead[x as usize] && dead_listed) || mirrored[x as usize] || !needed(x) {
                continue;
            }
            return Err(self.fail(
                id,
                format!(
                    "{}'s reply {} is missing (not forced out by threats, not a dead point, \
                     not symmetric to a listed reply)",
                    colour_name(me),
                    geo.name(x)
                ),
            ));
        }
        for &(c, child) in list {
            self.follow(c, child)?;
        }
        Ok(())
    }

    /// Per empty point x: true if some symmetry g maps the position after the mover plays x
    /// onto the position after the mover plays a listed point.
    fn mirrored(&self, listed: &[bool]) -> Vec<bool> {
        let pts = &self.board.points;
        let mover = self.board.to_move + 1;
        let mut out = vec![false; pts.len()];
        for g in &self.geo.syms {
            // g moves the stone on c to g[c]; collect where the image differs from the board.
            let mut diff = Vec::new();
            for c in 0..pts.len() {
                if pts[g[c] as usize] != pts[c] {
                    diff.push(g[c] as usize);
                    if diff.len() > 2 {
                        break;
                    }
                }
            }
            match diff[..] {
                // g fixes the position: x is covered when g(x) is listed.
                [] => {
                    for x in 0..pts.len() {
                        if pts[x] == 0 && listed[g[x] as usize] {
                            out[x] = true;
                        }
                    }
                }
                // The image differs in two points: one where the image has a mover stone
                // and the board is empty (the listed reply a), one where the board has a
                // mover stone and the image is empty (b = g(x)).
                [d1, d2] => {
                    let image_at = |d: usize| {
                        let pre = g.iter().position(|&t| t as usize == d).expect("bijection");
                        pts[pre]
                    };
                    for (a, b) in [(d1, d2), (d2, d1)] {
                        if image_at(a) == mover
                            && pts[a] == 0
                            && image_at(b) == 0
                            && pts[b] == mover
                            && listed[a]
                        {
                            let x = g.iter().position(|&t| t as usize == b).expect("bijection");
                            if pts[x] == 0 {
                                out[x] = true;
                            }
                        }
                    }
                }
                _ => {}
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::proof::format::{PackedPart, Part};

    fn board(geo: &Geo, black: &[u16], white: &[u16], to_move: u8) -> Board {
        let mut points = vec![0u8; geo.w * geo.h];
        for &c in black {
            points[c as usize] = 1;
        }
        for &c in white {
            points[c as usize] = 2;
        }
        Board {
            empties: points.iter().filter(|&&s| s == 0).count(),
            points,
            to_move,
            left: 1,
            winner: 0,
        }
    }

    #[test]
    fn hitting_sets() {
        let a: &[u16] = &[1, 2];
        let b: &[u16] = &[2, 3];
        let c: &[u16] = &[4, 5];
        assert!(can_hit(&[], 0));
        assert!(!can_hit(&[a], 0));
        assert!(can_hit(&[a, b], 1));
        assert!(!can_hit(&[a, b, c], 1));
        assert!(can_hit(&[a, b, c], 2));
    }

    #[test]
    fn lines_and_overlines() {
        let geo = Geo::new(&Rules::new(5, 1, 3, 1, 1).unwrap());
        // X X . X .: C1 makes four in a row, an overline, which wins.
        let mut b = board(&geo, &[0, 1, 3], &[], 0);
        b.play(&geo, 2);
        assert_eq!(b.winner, 1);
        let mut b = board(&geo, &[0, 3], &[], 0);
        b.play(&geo, 2);
        assert_eq!(b.winner, 0);
        assert!(b.can_complete(&geo, 0, 1));
        assert!(!b.can_complete(&geo, 1, 2));
    }

    #[test]
    fn mirror_images_of_listed_replies() {
        let geo = Geo::new(&Rules::tictactoe());
        let part = PackedPart::from(&Part {
            attacker: 0,
            claim: Claim::Win,
            nodes: Vec::new(),
        });
        let keys = Keys::new(&geo.rules);
        let c = Checker::new(&geo, &keys, board(&geo, &[], &[], 0), &part);
        let mut listed = vec![false; 9];
        listed[0] = true; // A1
        let m = c.mirrored(&listed);
        // Every corner (A1 itself through the diagonal reflection, which fixes it).
        let corners: Vec<usize> = (0..9).filter(|&x| m[x]).collect();
        assert_eq!(corners, [0, 2, 6, 8]);
        // Black A1 on the board breaks the symmetry of B1 and A2 only by reflection in the
        // diagonal: White's B1 is covered by a listed A2.
        let c = Checker::new(&geo, &keys, board(&geo, &[0], &[], 1), &part);
        let mut listed = vec![false; 9];
        listed[3] = true; // A2
        let m = c.mirrored(&listed);
        assert!(m[1] && !m[5] && !m[4]);
    }
}
