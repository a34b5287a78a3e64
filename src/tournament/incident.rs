//! The incident log of a tournament (the chief arbiter's report): what happened, on which
//! board and when, who decided, under which Article of the FIDE Laws of Chess, the decision and
//! its consequence for the clock or the score.
//!
//! The Articles an arbiter decides under ([`IncidentArticle`]): Art. 7 (irregularities:
//! illegal moves, wrong positions, the clock), Art. 11 (the conduct of the players), the
//! penalties of Art. 12.9 a–g (2014 lettering; 12.9.1–12.9.9 of the Laws in force since 2018:
//! a warning, b time added for the opponent, c time taken from the offender, d the game
//! declared lost, e the offender's points reduced, f the opponent's points increased,
//! g expulsion), and the rules of rapid (Appendix A), blitz (Appendix B) and the quickplay
//! finish (Appendix G).
//!
//! Pure: codes in and out; the web layer stores and lists, the print layer prints.

/// The Article a decision was taken under.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum IncidentArticle {
    /// Art. 7: irregularities (illegal moves, a wrong position, the clock set wrongly).
    Irregularities,
    /// Art. 11: the conduct of the players (electronic devices, disturbing the opponent).
    Conduct,
    /// Art. 12.9 with its letter `a`–`g`: a penalty.
    Penalty(char),
    /// Appendix A: rapid chess.
    Rapid,
    /// Appendix B: blitz.
    Blitz,
    /// Appendix G: quickplay finish.
    QuickplayFinish,
}

impl IncidentArticle {
    /// Every Article, in the order of the arbiter's form.
    pub const ALL: [IncidentArticle; 12] = [
        IncidentArticle::Irregularities,
        IncidentArticle::Conduct,
        IncidentArticle::Penalty('a'),
        IncidentArticle::Penalty('b'),
        IncidentArticle::Penalty('c'),
        IncidentArticle::Penalty('d'),
        IncidentArticle::Penalty('e'),
        IncidentArticle::Penalty('f'),
        IncidentArticle::Penalty('g'),
        IncidentArticle::Rapid,
        IncidentArticle::Blitz,
        IncidentArticle::QuickplayFinish,
    ];

    /// The code stored and sent by the form: `7`, `11`, `12.9a` … `12.9g`, `A`, `B`, `G`.
    pub fn code(self) -> String {
        match self {
            IncidentArticle::Irregularities => "7".to_owned(),
            IncidentArticle::Conduct => "11".to_owned(),
            IncidentArticle::Penalty(letter) => format!("12.9{letter}"),
            IncidentArticle::Rapid => "A".to_owned(),
            IncidentArticle::Blitz => "B".to_owned(),
            IncidentArticle::QuickplayFinish => "G".to_owned(),
        }
    }

    /// The Article as the Laws write it: `Art. 7`, `Art. 12.9 b (12.9.2)`, `Appendix A`.
    pub fn citation(self) -> String {
        match self {
            IncidentArticle::Irregularities => "Art. 7".to_owned(),
            IncidentArticle::Conduct => "Art. 11".to_owned(),
            IncidentArticle::Penalty(letter) => {
                format!("Art. 12.9 {letter} (12.9.{})", penalty_number(letter))
            }
            IncidentArticle::Rapid => "Appendix A".to_owned(),
            IncidentArticle::Blitz => "Appendix B".to_owned(),
            IncidentArticle::QuickplayFinish => "Appendix G".to_owned(),
        }
    }

    /// The translation key of its name (`incident.article.12_9b`).
    pub fn key(self) -> String {
        format!("incident.article.{}", self.code().replace('.', "_"))
    }

    /// The Article of a stored or sent code, if it is one of [`IncidentArticle::ALL`].
    pub fn parse(code: &str) -> Option<IncidentArticle> {
        let code = code.trim();
        IncidentArticle::ALL
            .into_iter()
            .find(|article| article.code() == code)
    }
}

/// The number in the Laws in force since 2018 of the penalty lettered `letter` in 2014.
fn penalty_number(letter: char) -> u32 {
    match letter {
        'a' => 1,
        'b' => 2,
        'c' => 3,
        'd' => 6,
        'e' => 5,
        'f' => 4,
        _ => 9,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn art_12_9_every_article_code_reads_back() {
        for article in IncidentArticle::ALL {
            assert_eq!(IncidentArticle::parse(&article.code()), Some(article));
        }
        assert_eq!(IncidentArticle::parse("12.9h"), None);
        assert_eq!(IncidentArticle::parse(""), None);
    }

    #[test]
    fn art_12_9_letters_cite_the_numbers_of_the_laws_in_force() {
        assert_eq!(
            IncidentArticle::Penalty('d').citation(),
            "Art. 12.9 d (12.9.6)"
        );
        assert_eq!(
            IncidentArticle::Penalty('g').citation(),
            "Art. 12.9 g (12.9.9)"
        );
        assert_eq!(IncidentArticle::Rapid.citation(), "Appendix A");
    }
}
