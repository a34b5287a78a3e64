//! Benchmark: a 12-team, 12-board league season (11 rounds, 1,584 games) — what a team
//! standings page and crosstable compute, and the TRF-2026 team file written and read back.
//!
//! `cargo bench --bench team` prints, per step, the median and the slowest of
//! `ARBITER_BENCH_RUNS` runs (default 50): team standings by the FIDE order
//! (MPTS, GPTS, EDE, EMGSB/C1) and by the match-points-first league order, the crosstable,
//! every team's board statistics, the TRF written, and the TRF read back into the season.
//! No assertions: the figures are for the README.

use std::time::{Duration, Instant};

use arbiter::formats::trf;
use arbiter::tournament::team::TeamEvent;
use arbiter::tournament::team::crosstable::{board_records, crosstable};
use arbiter::tournament::team::sample::{LeagueShape, league};
use arbiter::tournament::team::tiebreak::{TeamOrder, TeamRanking, rank};
use arbiter::tournament::tiebreak::Lots;

fn measure(name: &str, runs: usize, mut step: impl FnMut()) {
    let mut times: Vec<Duration> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            step();
            start.elapsed()
        })
        .collect();
    times.sort_unstable();
    let median = times[times.len() / 2];
    let slowest = times[times.len() - 1];
    println!(
        "{name:<44} median {:>8.3} ms   slowest {:>8.3} ms",
        median.as_secs_f64() * 1e3,
        slowest.as_secs_f64() * 1e3
    );
}

fn main() {
    let runs: usize = std::env::var("ARBITER_BENCH_RUNS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(50)
        .max(1);
    let event = league(&LeagueShape {
        boards: 12,
        ..LeagueShape::extraliga(2026)
    })
    .expect("league");
    let games: usize = event.matches.iter().map(|m| m.boards.len()).sum();
    println!(
        "{} teams, {} boards, {} rounds, {games} boards played; {runs} runs",
        event.teams.len(),
        event.boards,
        event.rounds_played()
    );
    let rounds = event.rounds_played();
    for (name, order) in [
        ("standings, FIDE order", TeamOrder::Fide),
        ("standings, match points first", TeamOrder::MatchPointsFirst),
    ] {
        let ranking = TeamRanking {
            list: order.list(),
            swiss: false,
            lots: Lots::Draw { seed: 1 },
        };
        measure(name, runs, || {
            std::hint::black_box(rank(&event, &ranking, rounds));
        });
    }
    measure("crosstable", runs, || {
        std::hint::black_box(crosstable(&event, rounds));
    });
    measure("board statistics, every team", runs, || {
        for team in &event.teams {
            std::hint::black_box(board_records(&event, team.id, rounds));
        }
    });
    let text = trf::write(&event.to_tournament());
    measure("TRF-2026 written", runs, || {
        std::hint::black_box(trf::write(&event.to_tournament()));
    });
    measure("TRF-2026 read back", runs, || {
        let tournament = trf::parse(&text).expect("own file");
        std::hint::black_box(TeamEvent::from_tournament(&tournament).expect("team file"));
    });
}
