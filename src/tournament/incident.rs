//! The incident log of a tournament (the chief arbiter's report): what happened, on which
//! board and when, who decided, under which Article of the FIDE Laws of Chess, the decision and
//! its consequence for the clock or the score.
//!
//! The Articles an arbiter decides under ([`IncidentArticle`]): Art. 7 (irregularities:
//! illegal moves, wrong positions, the clock), Art. 11 (the conduct of the players), the
//! penalties of Art. 12.9, numbered as in the Laws in force since 2018 (12.9.1 a warning,
//! 12.9.2 time added for the opponent, 12.9.3 time taken from the offender, 12.9.4 the
//! opponent's points increased, 12.9.5 the offender's points reduced, 12.9.6 the game declared
//! lost, 12.9.7 a fine announced in advance, 12.9.8 exclusion from rounds, 12.9.9 expulsion;
//! the lettered 12.9 a–h of the 2014 edition in the same order), and the rules of rapid
//! (Appendix A), blitz (Appendix B) and the quickplay finish (Appendix G).
//!
//! Pure: codes in and out; the web layer stores and lists, the print layer prints.

/// The Article a decision was taken under.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum IncidentArticle {
    /// Art. 7: irregularities (illegal moves, a wrong position, the clock set wrongly).
    Irregularities,
    /// Art. 11: the conduct of the players (electronic devices, disturbing the opponent).
    Conduct,
    /// Art. 12.9.N (N = 1–9): a penalty.
    Penalty(u8),
    /// Appendix A: rapid chess.
    Rapid,
    /// Appendix B: blitz.
    Blitz,
    /// Appendix G: quickplay finish.
    QuickplayFinish,
}

impl IncidentArticle {
    /// Every Article, in the order of the arbiter's form.
    pub const ALL: [IncidentArticle; 14] = [
        IncidentArticle::Irregularities,
        IncidentArticle::Conduct,
        IncidentArticle::Penalty(1),
        IncidentArticle::Penalty(2),
        IncidentArticle::Penalty(3),
        IncidentArticle::Penalty(4),
        IncidentArticle::Penalty(5),
        IncidentArticle::Penalty(6),
        IncidentArticle::Penalty(7),
        IncidentArticle::Penalty(8),
        IncidentArticle::Penalty(9),
        IncidentArticle::Rapid,
        IncidentArticle::Blitz,
        IncidentArticle::QuickplayFinish,
    ];

    /// The code stored and sent by the form: `7`, `11`, `12.9.1` … `12.9.9`, `A`, `B`, `G`.
    pub fn code(self) -> String {
        match self {
            IncidentArticle::Irregularities => "7".to_owned(),
            IncidentArticle::Conduct => "11".to_owned(),
            IncidentArticle::Penalty(number) => format!("12.9.{number}"),
            IncidentArticle::Rapid => "A".to_owned(),
            IncidentArticle::Blitz => "B".to_owned(),
            IncidentArticle::QuickplayFinish => "G".to_owned(),
        }
    }

    /// The Article as the Laws write it: `Art. 7`, `Art. 12.9.2`, `Appendix A`.
    pub fn citation(self) -> String {
        match self {
            IncidentArticle::Irregularities => "Art. 7".to_owned(),
            IncidentArticle::Conduct => "Art. 11".to_owned(),
            IncidentArticle::Penalty(number) => format!("Art. 12.9.{number}"),
            IncidentArticle::Rapid => "Appendix A".to_owned(),
            IncidentArticle::Blitz => "Appendix B".to_owned(),
            IncidentArticle::QuickplayFinish => "Appendix G".to_owned(),
        }
    }

    /// The translation key of its name (`incident.article.12_9_2`).
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn art_12_9_every_article_code_reads_back() {
        for article in IncidentArticle::ALL {
            assert_eq!(IncidentArticle::parse(&article.code()), Some(article));
        }
        assert_eq!(IncidentArticle::parse("12.9.10"), None);
        assert_eq!(IncidentArticle::parse(""), None);
    }

    #[test]
    fn art_12_9_penalties_cite_the_numbers_of_the_laws_in_force() {
        assert_eq!(IncidentArticle::Penalty(6).citation(), "Art. 12.9.6");
        assert_eq!(IncidentArticle::Penalty(9).code(), "12.9.9");
        assert_eq!(IncidentArticle::Rapid.citation(), "Appendix A");
    }
}
