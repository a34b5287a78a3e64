//! Tests of the categories, the prize rules and the award.

use super::*;

fn entrant(player: u32, birth_year: Option<u16>, sex: &str, rating: u16) -> Entrant {
    Entrant {
        player: PlayerId(player),
        birth_year,
        sex: sex.to_owned(),
        rating,
        club: String::new(),
        federation: "CZE".to_owned(),
        participation: Participation::from_start(),
    }
}

fn money(group: PrizeGroup, place: u32, amount: i64) -> Prize {
    Prize {
        group,
        place,
        amount: Some(amount * 100),
        label: String::new(),
    }
}

/// Ranking 1..=n by starting number with the given points (tenths).
fn ranking(points: &[i32]) -> Vec<(PlayerId, Points)> {
    points
        .iter()
        .enumerate()
        .map(|(i, p)| (PlayerId(i as u32 + 1), Points(*p)))
        .collect()
}

#[test]
fn age_counts_in_years_of_the_tournament() {
    let u14 = CategoryRule::Under(14);
    let u16 = CategoryRule::Under(16);
    let senior = CategoryRule::AtLeast(50);
    let born = |year| entrant(1, Some(year), "m", 0);
    // 2026 − 2012 = 14: not under 14, under 16.
    assert!(!u14.includes(&born(2012), 2026));
    assert!(u14.includes(&born(2013), 2026));
    assert!(u16.includes(&born(2012), 2026));
    // 2026 − 1976 = 50: in 50+ for the whole year; 1977 not yet.
    assert!(senior.includes(&born(1976), 2026));
    assert!(!senior.includes(&born(1977), 2026));
    // Computed for the tournament's year, not today's.
    assert!(u14.includes(&born(2012), 2025));
    // No year of birth: no age category.
    assert!(!u14.includes(&entrant(1, None, "m", 0), 2026));
    assert!(!senior.includes(&entrant(1, None, "m", 0), 2026));
}

#[test]
fn women_rating_bands_unrated_club_and_federation() {
    let mut player = entrant(1, None, "w", 1650);
    player.club = "ŠK Praha ".to_owned();
    assert!(CategoryRule::Women.includes(&player, 2026));
    assert!(CategoryRule::Women.includes(&entrant(1, None, "F", 0), 2026));
    assert!(!CategoryRule::Women.includes(&entrant(1, None, "m", 0), 2026));
    let band = CategoryRule::parse("rating", "1600-1999").expect("band");
    assert!(band.includes(&player, 2026));
    assert!(!band.includes(&entrant(1, None, "m", 2000), 2026));
    // Unrated players are not in a band, even "up to 1799".
    let low = CategoryRule::parse("rating", "-1799").expect("band");
    assert!(!low.includes(&entrant(1, None, "m", 0), 2026));
    assert!(CategoryRule::Unrated.includes(&entrant(1, None, "m", 0), 2026));
    assert!(
        CategoryRule::parse("club", "šk praha")
            .expect("club")
            .includes(&player, 2026)
    );
    assert!(
        CategoryRule::parse("federation", "cze")
            .expect("fed")
            .includes(&player, 2026)
    );
    assert!(
        !CategoryRule::parse("federation", "SVK")
            .expect("fed")
            .includes(&player, 2026)
    );
}

#[test]
fn rules_read_and_write_back() {
    for (kind, value) in [
        ("under", "14"),
        ("at_least", "65"),
        ("rating", "1600-1999"),
        ("rating", "-1799"),
        ("rating", "2000-"),
        ("club", "TJ Bohemians"),
        ("federation", "SRB"),
        ("women", ""),
        ("unrated", ""),
    ] {
        let rule = CategoryRule::parse(kind, value).expect(kind);
        assert_eq!((rule.kind(), rule.value().as_str()), (kind, value));
    }
    assert_eq!(
        CategoryRule::parse("under", "U12"),
        Ok(CategoryRule::Under(12))
    );
    assert_eq!(
        CategoryRule::parse("at_least", "50+"),
        Ok(CategoryRule::AtLeast(50))
    );
    assert_eq!(
        CategoryRule::parse("under", "1000"),
        Err(CategoryError::BadAge)
    );
    assert_eq!(
        CategoryRule::parse("rating", "2000-1600"),
        Err(CategoryError::BadBand)
    );
    assert_eq!(
        CategoryRule::parse("rating", "-"),
        Err(CategoryError::BadBand)
    );
    assert_eq!(
        CategoryRule::parse("rating", "abc"),
        Err(CategoryError::BadBand)
    );
    assert_eq!(
        CategoryRule::parse("club", " "),
        Err(CategoryError::MissingValue)
    );
    assert_eq!(
        CategoryRule::parse("federation", "CZ"),
        Err(CategoryError::BadFederation)
    );
    assert_eq!(
        CategoryRule::parse("colour", ""),
        Err(CategoryError::UnknownKind)
    );
}

#[test]
fn a_player_takes_one_prize_the_first_in_the_organisers_order() {
    // Players 1..6; player 3 is the best woman and the only U14 (born 2014).
    let entrants = vec![
        entrant(1, Some(1990), "m", 2300),
        entrant(2, Some(1985), "m", 2250),
        entrant(3, Some(2014), "w", 2100),
        entrant(4, Some(1999), "w", 2000),
        entrant(5, Some(2000), "m", 1900),
        entrant(6, Some(2001), "w", 1800),
    ];
    let women = PrizeGroup::Category(0);
    let u14 = PrizeGroup::Category(1);
    let mut rules = PrizeRules {
        categories: vec![
            Category {
                name: String::new(),
                rule: CategoryRule::Women,
            },
            Category {
                name: String::new(),
                rule: CategoryRule::Under(14),
            },
        ],
        prizes: vec![
            money(PrizeGroup::Overall, 1, 500),
            money(PrizeGroup::Overall, 2, 300),
            money(women, 1, 150),
            money(PrizeGroup::Overall, 3, 100),
            money(u14, 1, 50),
            money(women, 2, 50),
        ],
        shared: SharedPlaces::TieBreak,
        currency: "€".to_owned(),
    };
    rules.check().expect("a sound list");
    let standings = ranking(&[60, 55, 50, 45, 40, 35]);
    let winners: Vec<Option<u32>> = award(&rules, &standings, &entrants, 2026)
        .iter()
        .map(|a| a.player.map(|p| p.0))
        .collect();
    // Player 3 (3rd overall) takes the women's first prize, listed before the 3rd overall
    // prize; the 3rd overall prize goes to player 4; U14 has nobody left; women's 2nd goes
    // to player 6 (player 4 took a prize earlier in the order).
    assert_eq!(winners, [Some(1), Some(2), Some(3), Some(4), None, Some(6)]);
    // With the women's prize listed after the 3rd overall prize, player 3 takes that one.
    rules.prizes.swap(2, 3);
    rules.prizes[2].place = 3;
    rules.check().expect("still sound");
    let winners: Vec<Option<u32>> = award(&rules, &standings, &entrants, 2026)
        .iter()
        .map(|a| a.player.map(|p| p.0))
        .collect();
    assert_eq!(winners, [Some(1), Some(2), Some(3), Some(4), None, Some(6)]);
    let awards = award(&rules, &standings, &entrants, 2026);
    assert_eq!(awards[2].group, PrizeGroup::Overall);
    assert_eq!(awards[3].group, women);
    assert_eq!(awards[3].player, Some(PlayerId(4)));
}

#[test]
fn expelled_players_take_no_prize() {
    let mut entrants = vec![entrant(1, None, "m", 0), entrant(2, None, "m", 0)];
    entrants[0].participation.expel(3);
    let rules = PrizeRules {
        prizes: vec![money(PrizeGroup::Overall, 1, 100)],
        ..PrizeRules::default()
    };
    let awards = award(&rules, &ranking(&[20, 10]), &entrants, 2026);
    assert_eq!(awards[0].player, Some(PlayerId(2)));
}

#[test]
fn withdrawn_players_take_no_prize_unless_they_came_back() {
    // Player 1 leads on points but withdrew before round 5 (C.04.2 Art. 3.2); player 2
    // withdrew for round 3 and returned in round 4; the second prize then goes to 3.
    let mut entrants: Vec<Entrant> = (1..=3).map(|n| entrant(n, None, "m", 0)).collect();
    entrants[0].participation.withdraw(5);
    entrants[1].participation.withdraw(3);
    assert!(entrants[1].participation.return_in(4));
    let rules = PrizeRules {
        prizes: vec![
            money(PrizeGroup::Overall, 1, 100),
            money(PrizeGroup::Overall, 2, 50),
        ],
        ..PrizeRules::default()
    };
    let awards = award(&rules, &ranking(&[40, 30, 20]), &entrants, 2026);
    let winners: Vec<_> = awards.iter().map(|a| a.player).collect();
    assert_eq!(winners, [Some(PlayerId(2)), Some(PlayerId(3))]);
    // Shared places: the withdrawn player does not share either.
    let split = PrizeRules {
        shared: SharedPlaces::Split,
        ..rules
    };
    let awards = award(&split, &ranking(&[30, 30, 20]), &entrants, 2026);
    assert_eq!(awards[0].player, Some(PlayerId(2)));
    assert_eq!(
        awards[0].paid, None,
        "nobody shares with a withdrawn player"
    );
}

#[test]
fn shared_places_split_and_hort() {
    // Places 2–4 equal on points; prizes 500, 300, 200, 100 for places 1–4; then a fifth
    // player equal with nobody.
    let entrants: Vec<Entrant> = (1..=5).map(|p| entrant(p, None, "m", 2000)).collect();
    let prizes = [500, 300, 200, 100]
        .iter()
        .enumerate()
        .map(|(i, a)| money(PrizeGroup::Overall, i as u32 + 1, *a))
        .collect();
    let mut rules = PrizeRules {
        prizes,
        shared: SharedPlaces::Split,
        ..PrizeRules::default()
    };
    let standings = ranking(&[60, 50, 50, 50, 30]);
    let paid = |rules: &PrizeRules| -> Vec<Option<i64>> {
        award(rules, &standings, &entrants, 2026)
            .iter()
            .map(|a| a.paid)
            .collect()
    };
    // Split: (300 + 200 + 100) / 3 = 200 each.
    assert_eq!(
        paid(&rules),
        [None, Some(20_000), Some(20_000), Some(20_000)]
    );
    let awards = award(&rules, &standings, &entrants, 2026);
    assert_eq!(awards[1].shared, Some((2, 4)));
    assert_eq!(awards[0].shared, None);
    // Hort: half of one's own prize + an equal share of the other halves: 150 + 100,
    // 100 + 100, 50 + 100.
    rules.shared = SharedPlaces::Hort;
    assert_eq!(
        paid(&rules),
        [None, Some(25_000), Some(20_000), Some(15_000)]
    );
    // By tie-break: the amounts as announced.
    rules.shared = SharedPlaces::TieBreak;
    assert_eq!(paid(&rules), [None, None, None, None]);
}

#[test]
fn a_player_equal_on_points_below_the_last_prize_shares_it() {
    let entrants: Vec<Entrant> = (1..=4).map(|p| entrant(p, None, "m", 2000)).collect();
    let rules = PrizeRules {
        prizes: vec![
            money(PrizeGroup::Overall, 1, 300),
            money(PrizeGroup::Overall, 2, 100),
        ],
        shared: SharedPlaces::Split,
        ..PrizeRules::default()
    };
    // Players 2 and 3 share places 2–3: 100 / 2 = 50 each; player 3 has no prize's place.
    let awards = award(&rules, &ranking(&[30, 20, 20, 10]), &entrants, 2026);
    assert_eq!(awards.len(), 3);
    assert_eq!(awards[1].paid, Some(5_000));
    assert_eq!(awards[2].prize, None);
    assert_eq!(awards[2].player, Some(PlayerId(3)));
    assert_eq!(awards[2].paid, Some(5_000));
    assert_eq!(awards[2].shared, Some((2, 3)));
}

#[test]
fn a_cup_is_not_divided() {
    let entrants: Vec<Entrant> = (1..=2).map(|p| entrant(p, None, "m", 2000)).collect();
    let rules = PrizeRules {
        prizes: vec![
            Prize {
                group: PrizeGroup::Overall,
                place: 1,
                amount: None,
                label: "Cup".to_owned(),
            },
            money(PrizeGroup::Overall, 2, 100),
        ],
        shared: SharedPlaces::Split,
        ..PrizeRules::default()
    };
    let awards = award(&rules, &ranking(&[20, 20]), &entrants, 2026);
    assert_eq!(awards[0].player, Some(PlayerId(1)));
    assert_eq!(awards[0].paid, None);
    assert_eq!(awards[1].paid, Some(5_000));
}

#[test]
fn a_list_that_does_not_hold_together_is_refused() {
    let rules = |prizes| PrizeRules {
        categories: vec![Category {
            name: String::new(),
            rule: CategoryRule::Women,
        }],
        prizes,
        ..PrizeRules::default()
    };
    let women = PrizeGroup::Category(0);
    assert_eq!(
        rules(vec![money(PrizeGroup::Overall, 2, 1)]).check(),
        Err(PrizeError::PlaceOutOfOrder {
            prize: 1,
            expected: 1
        })
    );
    assert_eq!(
        rules(vec![money(women, 1, 1), money(women, 1, 1)]).check(),
        Err(PrizeError::PlaceOutOfOrder {
            prize: 2,
            expected: 2
        })
    );
    assert_eq!(
        rules(vec![money(PrizeGroup::Category(3), 1, 1)]).check(),
        Err(PrizeError::UnknownCategory { prize: 1 })
    );
    let empty = Prize {
        group: women,
        place: 1,
        amount: None,
        label: " ".to_owned(),
    };
    assert_eq!(
        rules(vec![empty]).check(),
        Err(PrizeError::Empty { prize: 1 })
    );
}

#[test]
fn amounts_read_as_typed_and_print_back() {
    assert_eq!(parse_amount("500"), Some(50_000));
    assert_eq!(parse_amount("1 500"), Some(150_000));
    assert_eq!(parse_amount("250,5"), Some(25_050));
    assert_eq!(parse_amount("250.50"), Some(25_050));
    assert_eq!(parse_amount("Cup"), None);
    assert_eq!(parse_amount("1.234"), None);
    assert_eq!(parse_amount("-5"), None);
    assert_eq!(parse_amount("99999999999999999999"), None);
    assert_eq!(amount_text(25_050, "€"), "250.50 €");
    assert_eq!(amount_text(50_000, ""), "500");
}

#[test]
fn category_standings_filter_the_ranking() {
    let entrants = vec![
        entrant(1, Some(1990), "m", 2300),
        entrant(2, Some(2015), "w", 1500),
        entrant(3, Some(2016), "m", 1400),
    ];
    let rules = PrizeRules {
        categories: vec![Category {
            name: String::new(),
            rule: CategoryRule::Under(12),
        }],
        ..PrizeRules::default()
    };
    let standings = ranking(&[30, 20, 10]);
    let under_12: Vec<u32> = rules
        .category_standings(0, &standings, &entrants, 2026)
        .iter()
        .map(|(player, _)| player.0)
        .collect();
    assert_eq!(under_12, [2, 3]);
}
