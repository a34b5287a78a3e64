//! The players' desk: self-registration (the window, the capacity and its waiting list, the
//! entry fee), check-in before a round, and players' requests to the arbiter. Pure: the store
//! asks these rules what to write.
//!
//! - **Entry fee**: a base fee, reduced or waived for juniors (under an age in the tournament's
//!   year, counted as the prize categories count it, [`CategoryRule::Under`]), seniors
//!   ([`CategoryRule::AtLeast`]) and titled players; a player in several groups pays the
//!   lowest fee ([`FeeRules::due`]). The organiser marks each entry paid, unpaid or waived.
//! - **Capacity**: entries beyond it wait, in the order they came; a withdrawal moves the
//!   first waiting entry up ([`Window::admit`], [`first_waiting`]).
//! - **Check-in** ([`CheckInRule`]): players confirm their presence before round 1, or before
//!   every round, or not at all. Check-in decides who is paired, never who is forfeited
//!   (default time, Laws Art. 6.7, counts from the round's actual start): a player who did not
//!   check in is, by the organiser's [`AbsentRule`], not paired (treated as absent for the
//!   round: a zero-point bye, C.04.2 Art. 3.3) or paired anyway.

use crate::tournament::prizes::{CategoryRule, Entrant};

/// When players must confirm their presence.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CheckInRule {
    /// No check-in (the default: everyone registered is paired).
    #[default]
    NotRequired,
    /// Before round 1 only.
    BeforeFirstRound,
    /// Before every round.
    BeforeEveryRound,
}

impl CheckInRule {
    /// The code stored and sent by the form.
    pub fn code(self) -> &'static str {
        match self {
            CheckInRule::NotRequired => "none",
            CheckInRule::BeforeFirstRound => "first",
            CheckInRule::BeforeEveryRound => "every",
        }
    }

    /// Reads a code of [`CheckInRule::code`].
    pub fn parse(code: &str) -> Option<CheckInRule> {
        [
            CheckInRule::NotRequired,
            CheckInRule::BeforeFirstRound,
            CheckInRule::BeforeEveryRound,
        ]
        .into_iter()
        .find(|rule| rule.code() == code)
    }

    /// True when players must check in before `round`.
    pub fn required_for(self, round: u32) -> bool {
        match self {
            CheckInRule::NotRequired => false,
            CheckInRule::BeforeFirstRound => round == 1,
            CheckInRule::BeforeEveryRound => true,
        }
    }
}

/// What pairing does with a player who did not check in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum AbsentRule {
    /// Not paired: absent for the round (a zero-point bye, C.04.2 Art. 3.3).
    #[default]
    NotPaired,
    /// Paired anyway (default time then applies as for anyone, Laws Art. 6.7).
    PairedAnyway,
}

impl AbsentRule {
    /// The code stored and sent by the form.
    pub fn code(self) -> &'static str {
        match self {
            AbsentRule::NotPaired => "not_paired",
            AbsentRule::PairedAnyway => "paired",
        }
    }

    /// Reads a code of [`AbsentRule::code`].
    pub fn parse(code: &str) -> Option<AbsentRule> {
        [AbsentRule::NotPaired, AbsentRule::PairedAnyway]
            .into_iter()
            .find(|rule| rule.code() == code)
    }
}

/// The entry fee rules, amounts in hundredths (cents).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct FeeRules {
    /// The fee of everyone else.
    pub base: i64,
    /// Juniors: under this age in the tournament's year (0: no junior fee).
    pub junior_under: u8,
    /// The juniors' fee.
    pub junior_fee: i64,
    /// Seniors: this age or more in the tournament's year (0: no senior fee).
    pub senior_from: u8,
    /// The seniors' fee.
    pub senior_fee: i64,
    /// The fee of titled players (GM, IM, WGM, ...), when they have one.
    pub titled_fee: Option<i64>,
}

/// Why an entry pays what it pays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FeeReason {
    /// The base fee.
    Base,
    /// A junior.
    Junior,
    /// A senior.
    Senior,
    /// A titled player.
    Titled,
}

impl FeeReason {
    /// A stable key (`base`, `junior`, `senior`, `titled`).
    pub fn key(self) -> &'static str {
        match self {
            FeeReason::Base => "base",
            FeeReason::Junior => "junior",
            FeeReason::Senior => "senior",
            FeeReason::Titled => "titled",
        }
    }
}

impl FeeRules {
    /// The fee an entrant born in `birth_year` with `title` pays in the tournament's `year`:
    /// the lowest of the fees they are entitled to, and why.
    pub fn due(&self, birth_year: Option<i32>, title: &str, year: i32) -> (i64, FeeReason) {
        let entrant = Entrant {
            birth_year: birth_year.and_then(|y| u16::try_from(y).ok()),
            ..Entrant::default()
        };
        let mut best = (self.base, FeeReason::Base);
        let mut consider = |fee: i64, reason| {
            if fee < best.0 {
                best = (fee, reason);
            }
        };
        if self.junior_under > 0 && CategoryRule::Under(self.junior_under).includes(&entrant, year)
        {
            consider(self.junior_fee, FeeReason::Junior);
        }
        if self.senior_from > 0 && CategoryRule::AtLeast(self.senior_from).includes(&entrant, year)
        {
            consider(self.senior_fee, FeeReason::Senior);
        }
        if let Some(fee) = self.titled_fee.filter(|_| !title.trim().is_empty()) {
            consider(fee, FeeReason::Titled);
        }
        best
    }
}

/// The organiser's mark on an entry's fee.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum FeeMark {
    /// Not paid yet.
    #[default]
    Unpaid,
    /// Paid.
    Paid,
    /// Waived by the organiser.
    Waived,
}

impl FeeMark {
    /// The code stored and sent by the form.
    pub fn code(self) -> &'static str {
        match self {
            FeeMark::Unpaid => "unpaid",
            FeeMark::Paid => "paid",
            FeeMark::Waived => "waived",
        }
    }

    /// Reads a code of [`FeeMark::code`].
    pub fn parse(code: &str) -> Option<FeeMark> {
        [FeeMark::Unpaid, FeeMark::Paid, FeeMark::Waived]
            .into_iter()
            .find(|mark| mark.code() == code)
    }
}

/// The treasurer's totals of the entries that are in (entered or waiting, not withdrawn).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct FeeTotals {
    /// Everything due.
    pub due: i64,
    /// Paid.
    pub paid: i64,
    /// Still unpaid.
    pub unpaid: i64,
    /// Waived.
    pub waived: i64,
}

impl FeeTotals {
    /// The totals of entries given as (fee due, mark).
    pub fn of(entries: impl IntoIterator<Item = (i64, FeeMark)>) -> FeeTotals {
        let mut totals = FeeTotals::default();
        for (fee, mark) in entries {
            totals.due += fee;
            match mark {
                FeeMark::Paid => totals.paid += fee,
                FeeMark::Unpaid => totals.unpaid += fee,
                FeeMark::Waived => totals.waived += fee,
            }
        }
        totals
    }
}

/// Where an entry stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EntryStatus {
    /// In the tournament (a player of it).
    Entered,
    /// Beyond the capacity: waiting for a place.
    Waiting,
    /// Withdrawn by the entrant (or refused a place).
    Withdrawn,
}

impl EntryStatus {
    /// The code stored.
    pub fn code(self) -> &'static str {
        match self {
            EntryStatus::Entered => "entered",
            EntryStatus::Waiting => "waiting",
            EntryStatus::Withdrawn => "withdrawn",
        }
    }

    /// Reads a code of [`EntryStatus::code`].
    pub fn parse(code: &str) -> Option<EntryStatus> {
        [
            EntryStatus::Entered,
            EntryStatus::Waiting,
            EntryStatus::Withdrawn,
        ]
        .into_iter()
        .find(|status| status.code() == code)
    }
}

/// The registration window the organiser sets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Window {
    /// The form takes entries.
    pub open: bool,
    /// The last day entries are taken (in the tournament's dates), if any.
    pub deadline: Option<time::Date>,
    /// The most players entered; beyond it entries wait.
    pub capacity: Option<u32>,
}

/// Why the form takes no entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum RegistrationClosed {
    /// The organiser has not opened it (or closed it).
    #[error("registration is closed")]
    NotOpen,
    /// The deadline has passed.
    #[error("the registration deadline {deadline} has passed")]
    DeadlinePassed {
        /// The deadline.
        deadline: time::Date,
    },
}

impl Window {
    /// Whether a new entry is taken on `today` with `entered` players in, and where it goes.
    pub fn admit(
        &self,
        today: time::Date,
        entered: u32,
    ) -> Result<EntryStatus, RegistrationClosed> {
        self.check_open(today)?;
        Ok(match self.capacity {
            Some(capacity) if entered >= capacity => EntryStatus::Waiting,
            _ => EntryStatus::Entered,
        })
    }

    /// Refuses when the form is closed or past its deadline on `today`.
    pub fn check_open(&self, today: time::Date) -> Result<(), RegistrationClosed> {
        if !self.open {
            return Err(RegistrationClosed::NotOpen);
        }
        match self.deadline {
            Some(deadline) if today > deadline => {
                Err(RegistrationClosed::DeadlinePassed { deadline })
            }
            _ => Ok(()),
        }
    }

    /// True when a place is free for a waiting entry with `entered` players in.
    pub fn has_room(&self, entered: u32) -> bool {
        self.capacity.is_none_or(|capacity| entered < capacity)
    }
}

/// The first waiting entry of `entries` (id, status), in the order they came (ids rise).
pub fn first_waiting(entries: impl IntoIterator<Item = (i64, EntryStatus)>) -> Option<i64> {
    entries
        .into_iter()
        .filter(|(_, status)| *status == EntryStatus::Waiting)
        .map(|(id, _)| id)
        .min()
}

/// What a player asks the arbiter through their link.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RequestKind {
    /// A bye for a round not yet paired (within the bye limits, C.04.2 Art. 3.3):
    /// half-point or zero-point.
    Bye {
        /// The round.
        round: u32,
        /// `H` or `Z`.
        kind: crate::tournament::byes::ByeKind,
    },
    /// Withdrawal from the next round on (C.04.2 Art. 3.2).
    Withdraw,
    /// A correction of their personal data, in their words.
    Correction(String),
}

impl RequestKind {
    /// The code stored (`bye`, `withdraw`, `correction`).
    pub fn code(&self) -> &'static str {
        match self {
            RequestKind::Bye { .. } => "bye",
            RequestKind::Withdraw => "withdraw",
            RequestKind::Correction(_) => "correction",
        }
    }
}

/// Where a request stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RequestState {
    /// Waiting for the arbiter.
    Pending,
    /// Approved (and done).
    Approved,
    /// Refused.
    Refused,
}

impl RequestState {
    /// The code stored.
    pub fn code(self) -> &'static str {
        match self {
            RequestState::Pending => "pending",
            RequestState::Approved => "approved",
            RequestState::Refused => "refused",
        }
    }

    /// Reads a code of [`RequestState::code`].
    pub fn parse(code: &str) -> Option<RequestState> {
        [
            RequestState::Pending,
            RequestState::Approved,
            RequestState::Refused,
        ]
        .into_iter()
        .find(|state| state.code() == code)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::date;

    #[test]
    fn entry_fee_lowest_of_junior_senior_titled_as_categories_count_age() {
        let rules = FeeRules {
            base: 30_00,
            junior_under: 18,
            junior_fee: 15_00,
            senior_from: 65,
            senior_fee: 20_00,
            titled_fee: Some(0),
        };
        assert_eq!(rules.due(Some(1990), "", 2026), (30_00, FeeReason::Base));
        // Born 2009: 17 in 2026, under 18; born 2008: 18, not.
        assert_eq!(rules.due(Some(2009), "", 2026), (15_00, FeeReason::Junior));
        assert_eq!(rules.due(Some(2008), "", 2026), (30_00, FeeReason::Base));
        assert_eq!(rules.due(Some(1961), "", 2026), (20_00, FeeReason::Senior));
        assert_eq!(rules.due(Some(1961), "IM", 2026), (0, FeeReason::Titled));
        assert_eq!(rules.due(None, "", 2026), (30_00, FeeReason::Base));
        let totals = FeeTotals::of([
            (30_00, FeeMark::Paid),
            (15_00, FeeMark::Unpaid),
            (20_00, FeeMark::Waived),
        ]);
        assert_eq!(
            totals,
            FeeTotals {
                due: 65_00,
                paid: 30_00,
                unpaid: 15_00,
                waived: 20_00
            }
        );
    }

    #[test]
    fn capacity_puts_entries_on_the_waiting_list_and_a_place_moves_the_first_up() {
        let window = Window {
            open: true,
            deadline: Some(date!(2026 - 12 - 10)),
            capacity: Some(2),
        };
        let today = date!(2026 - 12 - 01);
        assert_eq!(window.admit(today, 1), Ok(EntryStatus::Entered));
        assert_eq!(window.admit(today, 2), Ok(EntryStatus::Waiting));
        assert_eq!(
            window.admit(date!(2026 - 12 - 11), 0),
            Err(RegistrationClosed::DeadlinePassed {
                deadline: date!(2026 - 12 - 10)
            })
        );
        let closed = Window {
            open: false,
            ..window
        };
        assert_eq!(closed.admit(today, 0), Err(RegistrationClosed::NotOpen));
        assert!(window.has_room(1));
        assert!(!window.has_room(2));
        let entries = [
            (4, EntryStatus::Entered),
            (9, EntryStatus::Waiting),
            (7, EntryStatus::Waiting),
            (5, EntryStatus::Withdrawn),
        ];
        assert_eq!(first_waiting(entries), Some(7));
    }

    #[test]
    fn check_in_rule_decides_the_rounds_it_applies_to() {
        assert!(!CheckInRule::NotRequired.required_for(1));
        assert!(CheckInRule::BeforeFirstRound.required_for(1));
        assert!(!CheckInRule::BeforeFirstRound.required_for(2));
        assert!(CheckInRule::BeforeEveryRound.required_for(5));
        for rule in [
            CheckInRule::NotRequired,
            CheckInRule::BeforeFirstRound,
            CheckInRule::BeforeEveryRound,
        ] {
            assert_eq!(CheckInRule::parse(rule.code()), Some(rule));
        }
        assert_eq!(CheckInRule::parse("sometimes"), None);
        assert_eq!(AbsentRule::parse("paired"), Some(AbsentRule::PairedAnyway));
    }
}
