//! Tests of the public state document ([`super`]): its sample, the schema, parsing.

use super::*;

pub(super) fn sample() -> PublicState {
    PublicState {
        format: FORMAT.to_owned(),
        version: VERSION,
        id: "0123456789abcdef0123456789abcdef".to_owned(),
        revision: 42,
        published_at: None,
        event: Event {
            name: "Open \"Ú\" 2026".to_owned(),
            place: "Brno".to_owned(),
            federation: "CZE".to_owned(),
            start_date: "2026-11-20".to_owned(),
            end_date: "2026-11-22".to_owned(),
            time_zone: "Europe/Prague".to_owned(),
            system: "swiss_dutch".to_owned(),
            team: false,
            rounds: 5,
            time_control: "90'/40 + 30' + 30\"".to_owned(),
            chief_arbiter: "Novák, Jan".to_owned(),
        },
        players: vec![
            Player {
                number: Some(1),
                name: "Alpha, Anna".to_owned(),
                title: "WGM".to_owned(),
                federation: "CZE".to_owned(),
                rating: Some(2350),
                national_rating: None,
                fide_id: Some(310_000),
                national_id: Some("12345".to_owned()),
                club: String::new(),
                birth_year: Some(1990),
                sex: Some("w".to_owned()),
            },
            Player {
                number: Some(2),
                name: "Beta, Bob".to_owned(),
                title: String::new(),
                federation: String::new(),
                rating: None,
                national_rating: Some(1500),
                fide_id: None,
                national_id: None,
                club: "ŠK Brno".to_owned(),
                birth_year: Some(2012),
                sex: Some("m".to_owned()),
            },
        ],
        rounds: vec![RoundState {
            number: 1,
            date: Some("2026-11-20".to_owned()),
            start: Some("15:00".to_owned()),
            boards: vec![BoardState {
                board: 1,
                white: 1,
                black: Some(2),
                result: Some("1/2-1/2".to_owned()),
                moves: Some("1. e4 e5 2. Nf3 Nc6".to_owned()),
            }],
        }],
        standings: Standings {
            after_round: 1,
            tie_breaks: vec!["BH-C1".to_owned(), "TPR".to_owned()],
            rows: vec![
                StandingRow {
                    rank: 1,
                    player: 1,
                    points: "0.5".to_owned(),
                    tie_breaks: vec![Some("0.5".to_owned()), None],
                },
                StandingRow {
                    rank: 1,
                    player: 2,
                    points: "0.5".to_owned(),
                    tie_breaks: vec![Some("0.5".to_owned()), Some("2350".to_owned())],
                },
            ],
            point_system: ["3", "1", "0", "3", "0", "3", "1", "3", "0"]
                .map(str::to_owned)
                .to_vec(),
            adjustments: vec![AdjustmentState {
                player: 2,
                round: Some(1),
                points: "-1".to_owned(),
            }],
        },
        teams: vec![
            TeamState {
                number: 1,
                name: "ŠK Alfa".to_owned(),
                players: vec![1],
            },
            TeamState {
                number: 2,
                name: "TJ Beta".to_owned(),
                players: vec![2],
            },
        ],
        matches: vec![MatchState {
            round: 1,
            home: 1,
            away: Some(2),
            status: "played".to_owned(),
            forfeit: None,
            score: Some(["0.5".to_owned(), "0.5".to_owned()]),
            boards: vec![MatchBoardState {
                board: 1,
                white: Some(1),
                black: None,
                result: Some("1/2-1/2".to_owned()),
            }],
        }],
        team_standings: Some(TeamStandings {
            after_round: 1,
            tie_breaks: vec!["MPTS".to_owned(), "GPTS".to_owned()],
            rows: vec![TeamStandingRow {
                rank: 1,
                team: 1,
                match_points: "1".to_owned(),
                game_points: "0.5".to_owned(),
                tie_breaks: vec![Some("1".to_owned()), None],
            }],
        }),
        prizes: vec![PrizeState {
            category: None,
            category_kind: None,
            place: 1,
            prize: "500 €".to_owned(),
            player: Some(1),
            points: "2".to_owned(),
            paid: String::new(),
            shared: String::new(),
        }],
    }
}

#[test]
fn same_state_same_bytes_and_parse_gives_the_bytes_back() {
    let state = sample();
    let bytes = state.to_json();
    assert_eq!(bytes, sample().to_json());
    let parsed = PublicState::parse(bytes.as_bytes()).expect("parses");
    assert_eq!(parsed, state);
    assert_eq!(parsed.to_json(), bytes);
    assert!(bytes.starts_with(r#"{"format":"arbiter-public-state","version":1,"id":"#));
}

#[test]
fn refusals_say_why() {
    let mut state = sample();
    state.version = 2;
    assert_eq!(
        PublicState::parse(state.to_json().as_bytes()),
        Err(PublicStateError::Version(2))
    );
    let mut state = sample();
    state.id = "../../etc".to_owned();
    assert!(matches!(
        PublicState::parse(state.to_json().as_bytes()),
        Err(PublicStateError::Id(_))
    ));
    let mut state = sample();
    state.event.start_date = "2026-13-01".to_owned();
    assert!(matches!(
        PublicState::parse(state.to_json().as_bytes()),
        Err(PublicStateError::Date {
            field: "start_date",
            ..
        })
    ));
    let unknown = sample()
        .to_json()
        .replacen("\"revision\"", "\"extra\":1,\"revision\"", 1);
    assert!(matches!(
        PublicState::parse(unknown.as_bytes()),
        Err(PublicStateError::Malformed { .. })
    ));
    assert!(matches!(
        PublicState::parse(b"{\"format\":"),
        Err(PublicStateError::Malformed { line: 1, .. })
    ));
}

#[test]
fn the_model_has_the_counted_rounds_the_point_system_and_the_outside_points() {
    let model = sample().tournament();
    assert_eq!(model.players.len(), 2);
    assert_eq!(model.players[0].name, "Alpha, Anna");
    assert_eq!(model.players[0].rating, 2350);
    let draw = model.players[1].rounds[0];
    assert_eq!(draw.opponent, Some(PlayerId(1)));
    assert_eq!(draw.color, Some(Color::Black));
    assert_eq!(draw.result, GameResult::Draw);
    assert_eq!(model.points.win, Points::parse("3").expect("3"));
    assert_eq!(
        model.adjustment(PlayerId(2), 1),
        Points::parse("-1").expect("-1")
    );
    let mut state = sample();
    state.standings.after_round = 0;
    state.standings.point_system.clear();
    let model = state.tournament();
    assert!(model.players.iter().all(|p| p.rounds.is_empty()));
    assert_eq!(model.points, PointSystem::default());
    assert!(sample().tie_break_settings().swiss);
}

#[test]
fn public_ids() {
    let id = new_public_id();
    assert!(is_public_id(&id), "{id}");
    assert_ne!(id, new_public_id());
    assert!(!is_public_id("0123456789ABCDEF0123456789abcdef"));
}

/// Checks `value` against `schema` for what [`SCHEMA`] uses: `type`, `const`, `required`,
/// `properties` with `additionalProperties: false`, `items`, `minimum`; the errors found.
fn violations(schema: &serde_json::Value, value: &serde_json::Value, at: &str) -> Vec<String> {
    use serde_json::Value;
    let mut errors = Vec::new();
    if let Some(expected) = schema.get("const")
        && expected != value
    {
        errors.push(format!("{at}: {value} is not {expected}"));
    }
    if let Some(kind) = schema.get("type") {
        let kinds: Vec<&str> = match kind {
            Value::String(one) => vec![one.as_str()],
            Value::Array(many) => many.iter().filter_map(Value::as_str).collect(),
            _ => Vec::new(),
        };
        let actual = match value {
            Value::Null => "null",
            Value::Bool(_) => "boolean",
            Value::Number(n) if n.is_i64() || n.is_u64() => "integer",
            Value::Number(_) => "number",
            Value::String(_) => "string",
            Value::Array(_) => "array",
            Value::Object(_) => "object",
        };
        if !kinds.contains(&actual) {
            errors.push(format!("{at}: {actual} is not {kinds:?}"));
        }
    }
    if let (Some(minimum), Some(number)) = (
        schema.get("minimum").and_then(Value::as_i64),
        value.as_i64(),
    ) && number < minimum
    {
        errors.push(format!("{at}: {number} < {minimum}"));
    }
    if let Value::Object(object) = value {
        let properties = schema.get("properties").and_then(Value::as_object);
        for required in schema
            .get("required")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
        {
            if !object.contains_key(required) {
                errors.push(format!("{at}: {required} missing"));
            }
        }
        for (key, item) in object {
            match properties.and_then(|p| p.get(key)) {
                Some(sub) => errors.extend(violations(sub, item, &format!("{at}.{key}"))),
                None => errors.push(format!("{at}: {key} not in the schema")),
            }
        }
        // Every property of the schema is a field of the type (the schema says no more).
        for key in properties.into_iter().flatten().map(|(key, _)| key) {
            if !object.contains_key(key) {
                errors.push(format!("{at}: the schema's {key} is not written"));
            }
        }
    }
    if let (Value::Array(items), Some(sub)) = (value, schema.get("items")) {
        for (index, item) in items.iter().enumerate() {
            errors.extend(violations(sub, item, &format!("{at}[{index}]")));
        }
    }
    errors
}

#[test]
fn the_schema_describes_the_document_field_for_field() {
    let schema: serde_json::Value = serde_json::from_str(SCHEMA).expect("the schema is JSON");
    let mut state = sample();
    let document: serde_json::Value =
        serde_json::from_str(&state.to_json()).expect("the document is JSON");
    assert_eq!(violations(&schema, &document, "$"), Vec::<String>::new());
    state.published_at = Some("2026-11-20T14:05:00Z".to_owned());
    let document: serde_json::Value =
        serde_json::from_str(&state.to_json()).expect("the document is JSON");
    assert_eq!(violations(&schema, &document, "$"), Vec::<String>::new());
    let mut broken = document.clone();
    broken["rounds"][0]["boards"][0]["white"] = serde_json::json!("one");
    assert_eq!(violations(&schema, &broken, "$").len(), 1);
}
