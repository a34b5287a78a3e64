//! The pairing systems an event can be run by (the vocabulary the planners, the store and the
//! pages share): the FIDE (Dutch) Swiss (C.04.3) with or without Baku acceleration (C.04.7),
//! single and double round robins (C.05 Annex 1), team leagues and the team Swiss (C.04.6).

/// Single or double round robin.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Cycles {
    /// Everyone meets everyone once.
    #[default]
    Single,
    /// Everyone meets everyone twice, the second time with colours reversed.
    Double {
        /// Play rounds `n-2` and `n-1` of the first cycle in reverse order (C.05 Annex 1).
        swap_last_two_rounds: bool,
    },
}

/// How rounds are paired.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PairingSystem {
    /// Single round robin, Berger tables (C.05 Annex 1).
    RoundRobin,
    /// Double round robin: the second cycle with colours reversed.
    DoubleRoundRobin,
    /// FIDE (Dutch) Swiss system (C.04.3).
    SwissDutch,
    /// FIDE (Dutch) Swiss system with Baku acceleration (C.04.7).
    SwissDutchBaku,
    /// A team league: single round robin over teams (C.05 Annex 1), matches of several
    /// boards ([`crate::tournament::team`]).
    TeamRoundRobin,
    /// A team league over two cycles, home and away exchanged in the second.
    TeamDoubleRoundRobin,
    /// A team event paired round by round by the Swiss system (C.04.6,
    /// [`crate::day::team_swiss`]).
    TeamSwiss,
}

impl PairingSystem {
    /// Every system.
    pub const ALL: [PairingSystem; 7] = [
        PairingSystem::RoundRobin,
        PairingSystem::DoubleRoundRobin,
        PairingSystem::SwissDutch,
        PairingSystem::SwissDutchBaku,
        PairingSystem::TeamRoundRobin,
        PairingSystem::TeamDoubleRoundRobin,
        PairingSystem::TeamSwiss,
    ];

    /// The stored name.
    pub fn as_str(self) -> &'static str {
        match self {
            PairingSystem::RoundRobin => "round_robin",
            PairingSystem::DoubleRoundRobin => "double_round_robin",
            PairingSystem::SwissDutch => "swiss_dutch",
            PairingSystem::SwissDutchBaku => "swiss_dutch_baku",
            PairingSystem::TeamRoundRobin => "team_round_robin",
            PairingSystem::TeamDoubleRoundRobin => "team_double_round_robin",
            PairingSystem::TeamSwiss => "team_swiss",
        }
    }

    /// True for the team competitions (matches of teams, not games of players).
    pub fn is_team(self) -> bool {
        matches!(
            self,
            PairingSystem::TeamRoundRobin
                | PairingSystem::TeamDoubleRoundRobin
                | PairingSystem::TeamSwiss
        )
    }

    /// True for a team event paired by the Swiss system (C.04.6).
    pub fn is_team_swiss(self) -> bool {
        self == PairingSystem::TeamSwiss
    }

    /// True for the Swiss systems (paired round by round from the results).
    pub fn is_swiss(self) -> bool {
        matches!(
            self,
            PairingSystem::SwissDutch | PairingSystem::SwissDutchBaku
        )
    }

    /// Parses a stored name.
    pub fn parse(text: &str) -> Option<PairingSystem> {
        PairingSystem::ALL
            .into_iter()
            .find(|system| system.as_str() == text)
    }

    /// The round-robin cycles of the system (`None` for a Swiss).
    pub fn cycles(self, swap_last_two_rounds: bool) -> Option<Cycles> {
        match self {
            PairingSystem::RoundRobin | PairingSystem::TeamRoundRobin => Some(Cycles::Single),
            PairingSystem::DoubleRoundRobin | PairingSystem::TeamDoubleRoundRobin => {
                Some(Cycles::Double {
                    swap_last_two_rounds,
                })
            }
            PairingSystem::SwissDutch
            | PairingSystem::SwissDutchBaku
            | PairingSystem::TeamSwiss => None,
        }
    }
}
