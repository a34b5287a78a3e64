//! Why a rating list import was refused ([`ImportProblem`]), in the reader's language
//! (`locales/ratings.yml`). The command line says the same in English
//! ([`crate::db::rating_list::ImportError`]'s `Display`).

use super::Lang;
use crate::formats::fide_list::{ListProblem, MAX_LINE};
use crate::web::rating_import::ImportProblem;

/// `problem` in the language `lang`.
pub fn problem_text(lang: Lang, problem: &ImportProblem) -> String {
    match problem {
        ImportProblem::Line {
            line,
            field,
            value,
            problem,
        } => {
            let what = list_problem_text(lang, problem);
            let line = line.to_string();
            if field.is_empty() {
                lang.t_with(
                    "ratings.problem.at_line",
                    &[("line", &line), ("problem", &what)],
                )
            } else if value.is_empty() {
                lang.t_with(
                    "ratings.problem.at_field",
                    &[("line", &line), ("field", field), ("problem", &what)],
                )
            } else {
                lang.t_with(
                    "ratings.problem.at_value",
                    &[
                        ("line", &line),
                        ("field", field),
                        ("value", value),
                        ("problem", &what),
                    ],
                )
            }
        }
        ImportProblem::Duplicate { fide_id, line } => lang.t_with(
            "ratings.problem.duplicate",
            &[("line", &line.to_string()), ("id", &fide_id.to_string())],
        ),
        ImportProblem::File { reason } => {
            lang.t_with("ratings.problem.file", &[("reason", reason)])
        }
        ImportProblem::Busy => lang.t("ratings.problem.busy"),
        ImportProblem::Database => lang.t("ratings.problem.database"),
    }
}

/// What is wrong with a line or field, in the language `lang`.
fn list_problem_text(lang: Lang, problem: &ListProblem) -> String {
    let max = |key: &str, max: usize| lang.t_with(key, &[("max", &max.to_string())]);
    match problem {
        ListProblem::NotAList => lang.t("ratings.problem.not_a_list"),
        ListProblem::LineTooLong => max("ratings.problem.too_long", MAX_LINE),
        ListProblem::Truncated => lang.t("ratings.problem.truncated"),
        ListProblem::NotANumber => lang.t("ratings.problem.not_a_number"),
        ListProblem::OutOfRange { min, max } => lang.t_with(
            "ratings.problem.out_of_range",
            &[("min", &min.to_string()), ("max", &max.to_string())],
        ),
        ListProblem::Required => lang.t("ratings.problem.required"),
        ListProblem::BadFederation => lang.t("ratings.problem.federation"),
        ListProblem::BadSex => lang.t("ratings.problem.sex"),
        ListProblem::TooLong { max: bound } => max("ratings.problem.too_long", *bound),
        ListProblem::TooDeep { max: bound } => max("ratings.problem.too_deep", *bound),
        ListProblem::TooManyElements { max: bound } => {
            max("ratings.problem.too_many_elements", *bound)
        }
        ListProblem::Xml(detail) => lang.t_with("ratings.problem.xml", &[("detail", detail)]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_problem_is_worded_in_every_language() {
        let problems = [
            ListProblem::NotAList,
            ListProblem::LineTooLong,
            ListProblem::Truncated,
            ListProblem::NotANumber,
            ListProblem::OutOfRange { min: 1, max: 9 },
            ListProblem::Required,
            ListProblem::BadFederation,
            ListProblem::BadSex,
            ListProblem::TooLong { max: 5 },
            ListProblem::TooDeep { max: 5 },
            ListProblem::TooManyElements { max: 5 },
            ListProblem::Xml("a comment"),
        ];
        for (code, _) in crate::web::i18n::LOCALES {
            let lang = Lang::from_code(code).expect("a locale");
            for problem in &problems {
                let text = problem_text(
                    lang,
                    &ImportProblem::Line {
                        line: 7,
                        field: "SRtng".into(),
                        value: "x".into(),
                        problem: problem.clone(),
                    },
                );
                assert!(
                    text.contains('7') && text.contains("SRtng"),
                    "{code}: {text}"
                );
                assert!(
                    !text.contains("%{") && !text.contains("ratings."),
                    "{code}: {text}"
                );
            }
            for problem in [
                ImportProblem::Duplicate {
                    fide_id: 42,
                    line: 3,
                },
                ImportProblem::File {
                    reason: "zip".into(),
                },
                ImportProblem::Busy,
                ImportProblem::Database,
            ] {
                let text = problem_text(lang, &problem);
                assert!(
                    !text.contains("%{") && !text.contains("ratings."),
                    "{code}: {text}"
                );
            }
        }
        let cs = Lang::from_code("cs").expect("cs");
        assert_eq!(
            problem_text(
                cs,
                &ImportProblem::Line {
                    line: 3,
                    field: "SRtng".into(),
                    value: "abc".into(),
                    problem: ListProblem::NotANumber,
                }
            ),
            "řádek 3, SRtng „abc“: musí být celé číslo"
        );
    }
}
