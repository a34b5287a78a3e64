//! The organiser's categories and prize list: one write that replaces them.

use crate::db::DbConn;
use crate::db::models::prize_categories::PrizeCategory;
use crate::db::models::prize_settings::PrizeSettings;
use crate::db::models::prizes::PrizeRow;
use crate::db::models::{NewAuditEntry, TournamentId, UserId};
use crate::db::store::{Refusal, StoreError, write};
use crate::tournament::prizes::{PrizeRules, amount_text};

/// Replaces the categories, the prizes, the rule for shared places and the currency of
/// `tournament`, after checking that the list holds together ([`PrizeRules::check`]); the audit
/// row lists the categories and prizes as saved.
pub fn save_prize_rules(
    conn: &mut DbConn,
    tournament: TournamentId,
    rules: PrizeRules,
    by: UserId,
) -> Result<(), StoreError> {
    write(conn, tournament, Some(by), |conn, audit| {
        rules.check().map_err(Refusal::Prizes)?;
        PrizeSettings {
            tournament_id: tournament,
            shared_places: rules.shared.code().to_owned(),
            currency: rules.currency.clone(),
        }
        .save(conn)?;
        PrizeCategory::replace(conn, tournament, &rules.categories)?;
        PrizeRow::replace(conn, tournament, &rules.prizes)?;
        let categories: Vec<String> = rules
            .categories
            .iter()
            .map(|c| format!("{} ({} {})", c.name, c.rule.kind(), c.rule.value()))
            .collect();
        let prizes: Vec<String> = rules
            .prizes
            .iter()
            .map(|p| {
                let group = match p.group {
                    crate::tournament::prizes::PrizeGroup::Overall => "overall".to_owned(),
                    crate::tournament::prizes::PrizeGroup::Category(i) => {
                        format!("category {}", i + 1)
                    }
                };
                let amount = p
                    .amount
                    .map(|a| amount_text(a, &rules.currency))
                    .unwrap_or_default();
                format!("{group} {}: {amount} {}", p.place, p.label)
            })
            .collect();
        audit.push(NewAuditEntry {
            action: "prizes",
            new_value: Some(rules.shared.code().to_owned()),
            detail: format!("{}; {}", categories.join(", "), prizes.join(", ")),
            ..NewAuditEntry::default()
        });
        Ok(())
    })
}
