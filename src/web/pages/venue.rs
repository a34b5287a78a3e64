//! The administrator's view of the machine the server runs on: the automatic backups (off,
//! none yet, the last one, failing) and the hall network's address with its QR code — read
//! from [`crate::web::Venue`], which `arbiter serve` fills ([`crate::backup`], [`crate::hall`]).

use crate::backup::BackupReport;
use crate::web::Venue;
use crate::web::i18n::Lang;

/// How a time is shown on the page (local time of the machine).
const TIME: &str = "%Y-%m-%d %H:%M:%S";

/// The machine's part of the administrator's page, in the reader's language.
#[derive(Debug, Clone)]
pub struct VenueView {
    /// `off`, `waiting`, `ok` or `failing` (a CSS class and the tests' handle).
    pub backup_state: &'static str,
    /// The backups' sentences.
    pub backup_lines: Vec<String>,
    /// Why the last backup failed (the log's words), if it did.
    pub backup_failure: Option<String>,
    /// The hall's address, if `--hall`.
    pub hall_url: Option<String>,
    /// Its QR code as inline SVG (empty without an address).
    pub hall_qr: String,
}

impl VenueView {
    /// The view of `venue` in `lang`.
    pub fn of(venue: &Venue, lang: Lang) -> VenueView {
        let (backup_state, backup_lines, backup_failure) =
            backup_lines(&venue.backups.report(), lang);
        let hall_qr = venue
            .hall_url
            .as_deref()
            .and_then(|url| crate::hall::qr_svg(url, 160))
            .unwrap_or_default();
        VenueView {
            backup_state,
            backup_lines,
            backup_failure,
            hall_url: venue.hall_url.clone(),
            hall_qr,
        }
    }
}

/// The state, sentences and failure of the backups' report.
fn backup_lines(report: &BackupReport, lang: Lang) -> (&'static str, Vec<String>, Option<String>) {
    let Some(settings) = &report.settings else {
        return ("off", vec![lang.t("venue.backup.off")], None);
    };
    let mut lines = vec![lang.t_with(
        "venue.backup.folder",
        &[("folder", &settings.folder.display().to_string())],
    )];
    match &report.last {
        Some(last) => {
            let file = last
                .path
                .file_name()
                .map(|name| name.to_string_lossy().into_owned())
                .unwrap_or_default();
            lines.push(lang.t_with(
                "venue.backup.last",
                &[
                    ("time", &last.at.strftime(TIME).to_string()),
                    ("file", &file),
                    ("size", &size(last.bytes, lang)),
                ],
            ));
        }
        None => lines.push(lang.t("venue.backup.waiting")),
    }
    match &report.failure {
        Some(failure) => {
            lines.push(lang.t_with(
                "venue.backup.failing",
                &[("time", &failure.at.strftime(TIME).to_string())],
            ));
            ("failing", lines, Some(failure.reason.clone()))
        }
        None if report.last.is_some() => ("ok", lines, None),
        None => ("waiting", lines, None),
    }
}

/// A file's size in kB (under a megabyte) or MB with one decimal, in the reader's writing.
fn size(bytes: u64, lang: Lang) -> String {
    if bytes < 1_000_000 {
        lang.t_with("venue.size.kb", &[("n", &bytes.div_ceil(1000).to_string())])
    } else {
        let tenths = bytes.div_ceil(100_000);
        let n = format!("{}.{}", tenths / 10, tenths % 10);
        lang.t_with("venue.size.mb", &[("n", &lang.decimal(&n))])
    }
}
