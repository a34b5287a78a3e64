//! The point values a file gives its results: JaVaFo's `XXS` record and TRF-2026's `162`.

use super::*;

pub(super) fn parse_xxs(rest: &str, line: usize, points: &mut PointSystem) -> Result<(), TrfError> {
    for item in rest.split_whitespace() {
        let (code, value) = item.split_once('=').ok_or_else(|| {
            err(
                line,
                5,
                TrfProblem::XxsItem {
                    text: item.to_owned(),
                },
            )
        })?;
        let value = if value.starts_with('.') {
            format!("0{value}")
        } else {
            value.to_string()
        };
        let value = parse_points(&value, line, 5, TrfField::XxsValue)?;
        match code.to_ascii_uppercase().as_str() {
            "WW" | "BW" => points.win = value,
            "WD" | "BD" => points.draw = value,
            "WL" | "BL" => points.loss = value,
            "ZPB" => points.zero_point_bye = value,
            "HPB" => points.half_point_bye = value,
            "FPB" => points.full_point_bye = value,
            "PAB" => points.pairing_allocated_bye = value,
            "FW" => points.forfeit_win = value,
            "FL" => points.forfeit_loss = value,
            "W" => {
                points.win = value;
                points.forfeit_win = value;
                points.full_point_bye = value;
            }
            "D" => {
                points.draw = value;
                points.half_point_bye = value;
            }
            other => {
                return Err(err(
                    line,
                    5,
                    TrfProblem::UnknownCode {
                        record: "XXS",
                        text: other.to_owned(),
                    },
                ));
            }
        }
    }
    Ok(())
}

/// TRF26 `162`: a result letter at column 6, 15, 24, ... and its points in the next 4 columns.
pub(super) fn parse_162(
    chars: &[char],
    line: usize,
    points: &mut PointSystem,
) -> Result<(), TrfError> {
    let mut column = 6;
    let mut pab_set = false;
    let mut pending_pab_as_win = None;
    while column <= chars.len() {
        let code = field(chars, column, column);
        if code.trim().is_empty() {
            column += 9;
            continue;
        }
        let value_text = field(chars, column + 1, column + 4);
        let value = parse_points(value_text.trim(), line, column + 1, TrfField::Value162)?;
        match code.as_str() {
            "W" => {
                points.win = value;
                points.forfeit_win = value;
                points.full_point_bye = value;
                pending_pab_as_win = Some(value);
            }
            "D" => {
                points.draw = value;
                points.half_point_bye = value;
            }
            "L" => points.loss = value,
            "A" => {
                points.zero_point_bye = value;
                points.forfeit_loss = value;
            }
            "P" => {
                points.pairing_allocated_bye = value;
                pab_set = true;
            }
            "X" => {}
            other => {
                return Err(err(
                    line,
                    column,
                    TrfProblem::UnknownCode {
                        record: "162",
                        text: other.to_owned(),
                    },
                ));
            }
        }
        column += 9;
    }
    if let (false, Some(value)) = (pab_set, pending_pab_as_win) {
        points.pairing_allocated_bye = value;
    }
    Ok(())
}
