//! What the TRF reader could not read, or read with a guess, as data: each [`TrfError`] and
//! [`TrfWarning`] carries a [`TrfProblem`] besides its English `reason`, so that the web words
//! it in the reader's language (`web::i18n::trf`) while the command line prints the English.

use std::fmt;

use super::CrossProblem;
use super::MAX_POINT_DIGITS;

/// The value of a record the reader names when it cannot read it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TrfField {
    /// `142` (or `XXR`): the number of rounds.
    NumberOfRounds,
    /// A point value of `BBW`…`BBU`.
    PointValue,
    /// The player of an `XXA` record.
    Player,
    /// A value of an `XXA` record.
    Acceleration,
    /// The points of a `250` record.
    FictitiousPoints,
    /// A player's starting number in a record.
    PlayerNumber,
    /// A round number in a record.
    RoundNumber,
    /// Columns 5–8 of a `001` record.
    StartingRank,
    /// Columns 49–52 of a `001` record.
    Rating,
    /// Columns 58–68 of a `001` record.
    FideId,
    /// Columns 81–84 of a `001` record.
    Points,
    /// The opponent of a round entry.
    Opponent,
    /// A value of an `XXS` record.
    XxsValue,
    /// A value of a `162` record.
    Value162,
    /// A team's number.
    TeamNumber,
    /// A value of a `362` record.
    Value362,
    /// The match points of a `320` record.
    MatchPoints320,
    /// The game points of a `320` record.
    GamePoints320,
    /// The match points of a `299` record.
    MatchPoints299,
    /// The game points of a `299` record.
    GamePoints299,
}

impl TrfField {
    /// The field's name in English, as the command line says it.
    pub fn english(self) -> &'static str {
        match self {
            TrfField::NumberOfRounds => "number of rounds",
            TrfField::PointValue => "point value",
            TrfField::Player => "player",
            TrfField::Acceleration => "acceleration",
            TrfField::FictitiousPoints => "fictitious points",
            TrfField::PlayerNumber => "player number",
            TrfField::RoundNumber => "round number",
            TrfField::StartingRank => "starting rank",
            TrfField::Rating => "rating",
            TrfField::FideId => "FIDE id",
            TrfField::Points => "points",
            TrfField::Opponent => "opponent",
            TrfField::XxsValue => "XXS value",
            TrfField::Value162 => "162 value",
            TrfField::TeamNumber => "team number",
            TrfField::Value362 => "362 value",
            TrfField::MatchPoints320 => "320 match points",
            TrfField::GamePoints320 => "320 game points",
            TrfField::MatchPoints299 => "299 match points",
            TrfField::GamePoints299 => "299 game points",
        }
    }

    /// Every field, for the catalogue's test.
    pub const ALL: [TrfField; 20] = [
        TrfField::NumberOfRounds,
        TrfField::PointValue,
        TrfField::Player,
        TrfField::Acceleration,
        TrfField::FictitiousPoints,
        TrfField::PlayerNumber,
        TrfField::RoundNumber,
        TrfField::StartingRank,
        TrfField::Rating,
        TrfField::FideId,
        TrfField::Points,
        TrfField::Opponent,
        TrfField::XxsValue,
        TrfField::Value162,
        TrfField::TeamNumber,
        TrfField::Value362,
        TrfField::MatchPoints320,
        TrfField::GamePoints320,
        TrfField::MatchPoints299,
        TrfField::GamePoints299,
    ];

    /// The key of the field's name in the catalogues (`trf.field.<key>`).
    pub fn key(self) -> &'static str {
        match self {
            TrfField::NumberOfRounds => "number_of_rounds",
            TrfField::PointValue => "point_value",
            TrfField::Player => "player",
            TrfField::Acceleration => "acceleration",
            TrfField::FictitiousPoints => "fictitious_points",
            TrfField::PlayerNumber => "player_number",
            TrfField::RoundNumber => "round_number",
            TrfField::StartingRank => "starting_rank",
            TrfField::Rating => "rating",
            TrfField::FideId => "fide_id",
            TrfField::Points => "points",
            TrfField::Opponent => "opponent",
            TrfField::XxsValue => "xxs_value",
            TrfField::Value162 => "value_162",
            TrfField::TeamNumber => "team_number",
            TrfField::Value362 => "value_362",
            TrfField::MatchPoints320 => "match_points_320",
            TrfField::GamePoints320 => "game_points_320",
            TrfField::MatchPoints299 => "match_points_299",
            TrfField::GamePoints299 => "game_points_299",
        }
    }
}

/// A date record of the report header.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DateRecord {
    /// `042`.
    Start,
    /// `052`.
    End,
}

/// What the reader found, with its figures.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TrfProblem {
    /// A value that is not a whole number.
    NotANumber {
        /// Which value.
        field: TrfField,
        /// As written.
        text: String,
    },
    /// A number above what the format holds.
    AboveLimit {
        /// Which value.
        field: TrfField,
        /// As written.
        text: String,
        /// The largest allowed.
        max: u32,
    },
    /// A score with too many digits.
    ScoreTooLarge {
        /// Which value.
        field: TrfField,
        /// As written.
        text: String,
    },
    /// A value that is not a score.
    NotAScore {
        /// Which value.
        field: TrfField,
        /// As written.
        text: String,
    },
    /// Something of a round: the round, and what.
    InRound {
        /// The round.
        round: u32,
        /// What.
        problem: Box<TrfProblem>,
    },
    /// More `### scheduled` comments than are read.
    TooManyScheduled {
        /// The limit.
        max: usize,
    },
    /// `142` without a number.
    RoundsExpected,
    /// An `XXC` option nobody defines.
    UnknownXxcOption {
        /// As written.
        text: String,
    },
    /// `152` other than `W` or `B`.
    InitialColour,
    /// An `XXA` record without its player.
    PlayerExpected,
    /// More rounds than three digits hold (`XXA`, a player's rounds, `132`).
    TooManyRounds {
        /// The record (`XXA`, `132`), or `None` for a player's rounds.
        record: Option<&'static str>,
        /// The limit.
        max: u32,
    },
    /// A `250` record in another shape.
    Record250Shape,
    /// A `250` record without its five values.
    Record250Values,
    /// `250` records that accelerate more (player, round) pairs than are read.
    TooManyAccelerations {
        /// The limit.
        max: u64,
    },
    /// A `260` record without two rounds and two players.
    Record260Shape,
    /// A `240` record's bye type.
    ByeType,
    /// A `240` record without its round.
    ByeRoundExpected,
    /// A team's `013` record beside the `310` ones (a warning).
    Team013NotUsed,
    /// A team listed twice.
    TeamTwice {
        /// The team.
        team: u32,
    },
    /// `352` other than `W` and `B`.
    ColourSequence,
    /// More than one `320` record.
    Record320Twice,
    /// A record this program does not use, kept as it is (a warning).
    RecordNotUsed {
        /// The record's tag.
        tag: String,
    },
    /// Tabs read as spaces (a warning).
    Tabs {
        /// The tab stop.
        stop: usize,
        /// Lines with tabs.
        lines: usize,
    },
    /// Starting ranks with gaps or repeats.
    StartingRanks {
        /// Players in the file.
        players: usize,
        /// The rank found.
        found: u32,
    },
    /// A round entry paired without a result whose opponent does not say so back.
    ToPlayNotBack {
        /// The opponent named.
        opponent: u32,
        /// The player.
        player: u32,
    },
    /// A round entry paired with no result yet, read as a game to play (a warning).
    ToPlay {
        /// The opponent.
        opponent: u32,
    },
    /// A team's bye naming a team or round that is not there.
    NoTeamOrRound {
        /// The team.
        team: u32,
        /// The round.
        round: u32,
    },
    /// `XXZ` after the last round the file can hold.
    NoRoundAfter {
        /// The limit.
        max: u32,
    },
    /// A bye naming a player or round that is not there.
    NoPlayerOrRound {
        /// The player.
        player: u32,
        /// The round.
        round: u32,
    },
    /// A squad naming a player that is not in the file.
    SquadPlayerMissing {
        /// The team.
        team: u32,
        /// The player.
        player: u32,
    },
    /// A player in two squads.
    TwoSquads {
        /// The player.
        player: u32,
        /// The first team.
        first: u32,
        /// The second team.
        second: u32,
    },
    /// A `299` penalty naming a player that is not in the file.
    PenaltyPlayerMissing {
        /// The player.
        player: u32,
    },
    /// A played game without its opponent.
    GameWithoutOpponent {
        /// The result code.
        code: String,
    },
    /// `+`, `-` or `=` without an opponent read as a bye (a warning).
    ReadAsBye {
        /// The code as written.
        code: char,
        /// The bye's code it was read as (`U`, `Z`, `H`).
        bye: char,
    },
    /// A `001` record without its starting rank.
    StartingRankMissing,
    /// A starting rank of zero.
    StartingRankZero,
    /// A round entry after one that has no result yet.
    EntryAfterToPlay {
        /// The round without a result.
        round: u32,
    },
    /// A colour other than `w`, `b` or `-`.
    Colour {
        /// As written.
        text: String,
    },
    /// A result code nobody writes.
    ResultCode {
        /// As written.
        text: String,
    },
    /// An opponent without colour or result, read as a double forfeit (a warning).
    ReadAsForfeit,
    /// A bye with an opponent.
    ByeWithOpponent {
        /// The code.
        code: String,
    },
    /// A game played without a colour.
    GameWithoutColour {
        /// The code.
        code: String,
    },
    /// An `XXS` item not written `CODE=VALUE`.
    XxsItem {
        /// As written.
        text: String,
    },
    /// An unknown code in `XXS`, `162` or `362`.
    UnknownCode {
        /// The record.
        record: &'static str,
        /// As written.
        text: String,
    },
    /// A team number out of `1..=999`.
    TeamNumberRange,
    /// More players in one team than are read.
    SquadTooLarge {
        /// The limit.
        max: usize,
    },
    /// A `362` code without its points.
    Record362Points,
    /// A `330` forfeit type.
    ForfeitType,
    /// A `330` record without its round and first team.
    Record330Shape,
    /// More than one `299` penalty for a team.
    PenaltyTwice,
    /// A `132` date that is not a date.
    RoundDate {
        /// The round.
        round: u32,
        /// As written.
        text: String,
    },
    /// A `042`/`052` date that is not a date.
    HeaderDate {
        /// Which.
        record: DateRecord,
        /// As written.
        text: String,
    },
    /// A `062`/`072` count that is not a number.
    PlayerCount {
        /// The tag.
        tag: &'static str,
        /// As written.
        text: String,
    },
    /// What the cross-check of the players' records found.
    Cross(CrossProblem),
    /// A points column that disagrees with the results (a warning).
    PointsDiffer(CrossProblem),
}

impl fmt::Display for TrfProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use TrfProblem as P;
        match self {
            P::NotANumber { field, text } => {
                write!(f, "{}: `{text}` is not a number", field.english())
            }
            P::AboveLimit { field, text, max } => write!(
                f,
                "{} `{text}`: at most {max} ({} digits)",
                field.english(),
                max.to_string().len()
            ),
            P::ScoreTooLarge { field, text } => write!(
                f,
                "{}: `{text}` is too large (at most {MAX_POINT_DIGITS} digits before the point)",
                field.english()
            ),
            P::NotAScore { field, text } => {
                write!(f, "{}: `{text}` is not a score", field.english())
            }
            P::InRound { round, problem } => write!(f, "round {round}: {problem}"),
            P::TooManyScheduled { max } => write!(f, "more than {max} scheduled matches"),
            P::RoundsExpected => write!(f, "number of rounds expected"),
            P::UnknownXxcOption { text } => write!(f, "unknown XXC option `{text}`"),
            P::InitialColour => write!(f, "initial colour must be W or B"),
            P::PlayerExpected => write!(f, "player id expected"),
            P::TooManyRounds { record, max } => match record {
                Some(record) => write!(f, "{record}: more than {max} rounds (3 digits)"),
                None => write!(f, "more than {max} rounds (3 digits)"),
            },
            P::Record250Shape => write!(
                f,
                "250 record: expected points, first and last round, first and last player"
            ),
            P::Record250Values => write!(f, "250 record: five values expected"),
            P::TooManyAccelerations { max } => write!(
                f,
                "250 records: more than {max} accelerated (player, round) pairs"
            ),
            P::Record260Shape => write!(f, "260 record: two rounds and two players needed"),
            P::ByeType => write!(f, "bye type must be F, H or Z"),
            P::ByeRoundExpected => write!(f, "round number expected"),
            P::Team013NotUsed => write!(
                f,
                "013 record: the teams are read from the 310 records; this older record of the same team is not used"
            ),
            P::TeamTwice { team } => write!(f, "team {team} is listed twice"),
            P::ColourSequence => write!(f, "352: the colour sequence must be W and B only"),
            P::Record320Twice => write!(f, "320: one record per tournament"),
            P::RecordNotUsed { tag } => {
                write!(f, "record `{tag}` is not used here; kept as it is")
            }
            P::Tabs { stop, lines } => write!(
                f,
                "tabs read as spaces to the next multiple of {stop} columns ({lines} lines)"
            ),
            P::StartingRanks { players, found } => write!(
                f,
                "starting ranks must be 1..{players} without gaps or repeats; found {found}"
            ),
            P::ToPlayNotBack { opponent, player } => write!(
                f,
                "paired with {opponent} without a result, who is not paired with {player} so"
            ),
            P::ToPlay { opponent } => write!(
                f,
                "paired with {opponent} and no result yet: read as a game still to play"
            ),
            P::NoTeamOrRound { team, round } => write!(f, "240: no team {team} or round {round}"),
            P::NoRoundAfter { max } => write!(f, "XXZ: no round after round {max}"),
            P::NoPlayerOrRound { player, round } => {
                write!(f, "no player {player} or round {round}")
            }
            P::SquadPlayerMissing { team, player } => write!(f, "team {team}: no player {player}"),
            P::TwoSquads {
                player,
                first,
                second,
            } => write!(f, "player {player} is in teams {first} and {second}"),
            P::PenaltyPlayerMissing { player } => write!(f, "299: no player {player}"),
            P::GameWithoutOpponent { code } => {
                write!(f, "a played game (`{code}`) needs an opponent")
            }
            P::ReadAsBye { code, bye } => {
                let what = match bye {
                    'U' => "the pairing-allocated bye",
                    'Z' => "an absence, a zero-point bye",
                    _ => "a half-point bye",
                };
                write!(f, "`{code}` without an opponent read as {what} (`{bye}`)")
            }
            P::StartingRankMissing => write!(f, "starting rank missing"),
            P::StartingRankZero => write!(f, "starting rank must be at least 1"),
            P::EntryAfterToPlay { round } => {
                write!(f, "an entry after round {round}, which has no result yet")
            }
            P::Colour { text } => write!(f, "colour must be w, b or -, not `{text}`"),
            P::ResultCode { text } => write!(f, "unknown result code `{text}`"),
            P::ReadAsForfeit => write!(
                f,
                "an opponent without colour or result read as an unplayed game lost by forfeit (`-`)"
            ),
            P::ByeWithOpponent { code } => write!(f, "a bye (`{code}`) cannot have an opponent"),
            P::GameWithoutColour { code } => write!(
                f,
                "a game played (`{code}`) needs a colour (w or b); an unplayed pairing is written `- +` or `- -`"
            ),
            P::XxsItem { text } => write!(f, "XXS: `{text}` is not CODE=VALUE"),
            P::UnknownCode { record, text } => write!(f, "{record}: unknown code `{text}`"),
            P::TeamNumberRange => write!(f, "team number must be 1 to 999"),
            P::SquadTooLarge { max } => write!(f, "more than {max} players in one team"),
            P::Record362Points => write!(f, "362: each code needs its points"),
            P::ForfeitType => write!(f, "330: the forfeit type must be +-, -+ or --"),
            P::Record330Shape => write!(f, "330: round and first team must be given"),
            P::PenaltyTwice => write!(f, "299: one penalty record per team"),
            P::RoundDate { round, text } => {
                write!(f, "132: round {round}: `{text}` is not a date (YY/MM/DD)")
            }
            P::HeaderDate { record, text } => {
                let (tag, what) = match record {
                    DateRecord::Start => ("042", "date of start"),
                    DateRecord::End => ("052", "date of end"),
                };
                write!(f, "{tag} {what}: `{text}` is not a date (YYYY/MM/DD)")
            }
            P::PlayerCount { tag, text } => {
                write!(f, "{tag}: `{text}` is not a number of players")
            }
            P::Cross(problem) => write!(f, "{}", problem.reason()),
            P::PointsDiffer(problem) => write!(f, "{}; ranked by the results", problem.reason()),
        }
    }
}
