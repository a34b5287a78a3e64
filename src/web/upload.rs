//! Forms that may carry a file: [`CsrfFields`] reads a `multipart/form-data` body (RFC 7578)
//! or a url-encoded one into named text fields, after checking the CSRF token and the input
//! gate ([`crate::web::input::check_fields`]) like [`crate::web::extractors::CsrfForm`]. Files
//! are small documents here (a PGN game, a TRF tournament, a player list), so the whole body is
//! read into memory within [`UPLOAD_LIMIT`]; each text file is read in the encoding it was saved
//! in ([`crate::formats::text`]), which [`CsrfFields::encoding`] tells. A form that takes
//! spreadsheets too (`.xlsx`, `.ods`: the player list) extracts [`CsrfUpload`], which keeps
//! such a file's bytes ([`CsrfFields::binary`]); any other form refuses a file that is not text.

use std::collections::BTreeMap;

use actix_web::dev::Payload;
use actix_web::http::header;
use actix_web::web::{self, Bytes};
use actix_web::{FromRequest, HttpRequest};
use futures_util::future::LocalBoxFuture;

use crate::web::AppError;
use crate::web::extractors::verify_csrf;
use crate::web::i18n::Lang;
use crate::web::input::check_fields;

/// The largest body accepted (a TRF of a few hundred players is far below this).
pub const UPLOAD_LIMIT: usize = 4 * 1024 * 1024;

/// The text fields of a form (uploaded files by their field name), CSRF-checked. With
/// `SPREADSHEETS` (see [`CsrfUpload`]) an uploaded spreadsheet is kept as bytes.
#[derive(Debug, Clone, Default)]
pub struct CsrfFields<const SPREADSHEETS: bool = false>(
    pub BTreeMap<String, String>,
    BTreeMap<String, &'static str>,
    BTreeMap<String, Vec<u8>>,
);

/// The fields of a form whose file may be a spreadsheet as well as text.
pub type CsrfUpload = CsrfFields<true>;

impl<const SPREADSHEETS: bool> CsrfFields<SPREADSHEETS> {
    /// The field's text, or "" when absent.
    pub fn get(&self, name: &str) -> &str {
        self.0.get(name).map_or("", String::as_str)
    }

    /// The encoding an uploaded file was read in (`UTF-8`, `windows-1250`, ...), or `None` for
    /// a field that is not a file.
    pub fn encoding(&self, name: &str) -> Option<&'static str> {
        self.1.get(name).copied()
    }

    /// The bytes of an uploaded spreadsheet (only in a [`CsrfUpload`]); its text field is
    /// empty.
    pub fn binary(&self, name: &str) -> Option<&[u8]> {
        self.2.get(name).map(Vec::as_slice)
    }
}

/// One field of a multipart body: its name, its text, and for a file the encoding it was read
/// in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Part {
    /// The field name.
    pub name: String,
    /// The text.
    pub text: String,
    /// For a file (a part with a `filename`), the encoding it was read in.
    pub encoding: Option<&'static str>,
    /// For a spreadsheet file (when asked for), its bytes; the text is empty.
    pub binary: Option<Vec<u8>>,
}

/// Why a multipart body could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MultipartError {
    /// No `boundary=` in the content type.
    NoBoundary,
    /// A part without the closing boundary, or without headers.
    Malformed,
    /// A part that is not UTF-8 text (the field name).
    NotText(String),
}

/// The boundary of a `multipart/form-data; boundary=...` content type.
pub fn boundary_of(content_type: &str) -> Option<String> {
    content_type.split(';').skip(1).find_map(|param| {
        let (key, value) = param.trim().split_once('=')?;
        key.trim()
            .eq_ignore_ascii_case("boundary")
            .then(|| value.trim().trim_matches('"').to_owned())
            .filter(|b| !b.is_empty())
    })
}

fn find(haystack: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    if needle.is_empty() || haystack.len() < needle.len() {
        return None;
    }
    (from..=haystack.len() - needle.len()).find(|&i| haystack[i..].starts_with(needle))
}

/// A parameter (`name`, `filename`) of a part's `Content-Disposition` header.
fn disposition_parameter(headers: &str, parameter: &str) -> Option<String> {
    headers.lines().find_map(|line| {
        let (key, value) = line.split_once(':')?;
        if !key.trim().eq_ignore_ascii_case("content-disposition") {
            return None;
        }
        value.split(';').find_map(|param| {
            let (k, v) = param.trim().split_once('=')?;
            (k.trim() == parameter).then(|| v.trim().trim_matches('"').to_owned())
        })
    })
}

/// Splits a multipart body into its fields. A file is read in the encoding it was saved in
/// (with `spreadsheets`, a spreadsheet file is kept as bytes); other fields are UTF-8, as
/// browsers send them.
pub fn parse_multipart(
    body: &[u8],
    boundary: &str,
    spreadsheets: bool,
) -> Result<Vec<Part>, MultipartError> {
    let delimiter = format!("--{boundary}");
    let delimiter = delimiter.as_bytes();
    let mut fields = Vec::new();
    let mut at = find(body, delimiter, 0).ok_or(MultipartError::Malformed)? + delimiter.len();
    loop {
        if body[at..].starts_with(b"--") {
            return Ok(fields);
        }
        // After a delimiter: CRLF, the part's headers, a blank line, the content.
        let start = at + 2;
        let headers_end = find(body, b"\r\n\r\n", start).ok_or(MultipartError::Malformed)?;
        let headers = String::from_utf8_lossy(&body[start.min(headers_end)..headers_end]);
        let content_start = headers_end + 4;
        let mut closing = b"\r\n".to_vec();
        closing.extend_from_slice(delimiter);
        let content_end = find(body, &closing, content_start).ok_or(MultipartError::Malformed)?;
        let name = disposition_parameter(&headers, "name").ok_or(MultipartError::Malformed)?;
        let content = &body[content_start..content_end];
        let part = if disposition_parameter(&headers, "filename").is_some()
            && spreadsheets
            && crate::formats::spreadsheet::is_spreadsheet(content)
        {
            Part {
                name,
                text: String::new(),
                encoding: None,
                binary: Some(content.to_vec()),
            }
        } else if disposition_parameter(&headers, "filename").is_some() {
            let decoded = crate::formats::text::decode(content)
                .map_err(|_| MultipartError::NotText(name.clone()))?;
            Part {
                name,
                text: decoded.text,
                encoding: Some(decoded.encoding),
                binary: None,
            }
        } else {
            let text = std::str::from_utf8(content)
                .map_err(|_| MultipartError::NotText(name.clone()))?
                .trim_start_matches('\u{feff}')
                .to_owned();
            Part {
                name,
                text,
                encoding: None,
                binary: None,
            }
        };
        fields.push(part);
        at = content_end + closing.len();
    }
}

impl<const SPREADSHEETS: bool> FromRequest for CsrfFields<SPREADSHEETS> {
    type Error = AppError;
    type Future = LocalBoxFuture<'static, Result<Self, AppError>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let req = req.clone();
        let body = Bytes::from_request(&req, payload);
        Box::pin(async move {
            let lang = Lang::of_request(&req);
            let unreadable = || AppError::Unprocessable(lang.t("error.form_unreadable"));
            let too_large = || {
                AppError::Unprocessable(lang.t_with(
                    "error.upload_too_large",
                    &[("limit", &(UPLOAD_LIMIT / (1024 * 1024)).to_string())],
                ))
            };
            let declared = req
                .headers()
                .get(header::CONTENT_LENGTH)
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.trim().parse::<u64>().ok());
            if declared.is_some_and(|length| length > UPLOAD_LIMIT as u64) {
                return Err(too_large());
            }
            let body = body.await.map_err(|error| {
                match error.as_error::<actix_web::error::PayloadError>() {
                    Some(actix_web::error::PayloadError::Overflow) => too_large(),
                    _ => unreadable(),
                }
            })?;
            if body.len() > UPLOAD_LIMIT {
                return Err(too_large());
            }
            let content_type = req
                .headers()
                .get(header::CONTENT_TYPE)
                .and_then(|v| v.to_str().ok())
                .unwrap_or("")
                .to_owned();
            let mut encodings = BTreeMap::new();
            let mut binaries = BTreeMap::new();
            let pairs = if content_type
                .to_ascii_lowercase()
                .starts_with("multipart/form-data")
            {
                let boundary = boundary_of(&content_type).ok_or_else(unreadable)?;
                let parts =
                    parse_multipart(&body, &boundary, SPREADSHEETS).map_err(
                        |error| match error {
                            MultipartError::NotText(name) => AppError::Unprocessable(
                                lang.t_with("error.upload_not_text", &[("field", &name)]),
                            ),
                            _ => unreadable(),
                        },
                    )?;
                parts
                    .into_iter()
                    .map(|part| {
                        if let Some(encoding) = part.encoding {
                            encodings.insert(part.name.clone(), encoding);
                        }
                        if let Some(bytes) = part.binary {
                            binaries.insert(part.name.clone(), bytes);
                        }
                        (part.name, part.text)
                    })
                    .collect()
            } else {
                let text = std::str::from_utf8(&body).map_err(|_| unreadable())?;
                web::Query::<Vec<(String, String)>>::from_query(text)
                    .map_err(|_| unreadable())?
                    .into_inner()
            };
            let fields: BTreeMap<String, String> = pairs.into_iter().collect();
            let token = fields.get("csrf_token").cloned().unwrap_or_default();
            verify_csrf(&req, &token)?;
            check_fields(fields.iter().map(|(k, v)| (k.as_str(), v.as_str())), lang)?;
            Ok(CsrfFields(fields, encodings, binaries))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rfc_7578_fields_and_file() {
        let body = "--XyZ\r\nContent-Disposition: form-data; name=\"csrf_token\"\r\n\r\nabc\r\n\
                    --XyZ\r\nContent-Disposition: form-data; name=\"file\"; filename=\"g.pgn\"\r\n\
                    Content-Type: application/octet-stream\r\n\r\n\u{feff}1. e4 e5\r\n2. Nf3 *\r\n\
                    --XyZ--\r\n";
        let fields = parse_multipart(body.as_bytes(), "XyZ", false).expect("parsed");
        assert_eq!(
            fields,
            vec![
                Part {
                    name: "csrf_token".to_owned(),
                    text: "abc".to_owned(),
                    encoding: None,
                    binary: None,
                },
                Part {
                    name: "file".to_owned(),
                    text: "1. e4 e5\r\n2. Nf3 *".to_owned(),
                    encoding: Some("UTF-8"),
                    binary: None,
                },
            ]
        );
    }

    #[test]
    fn boundary_from_content_type() {
        assert_eq!(
            boundary_of("multipart/form-data; boundary=\"----abc\"").as_deref(),
            Some("----abc")
        );
        assert_eq!(boundary_of("multipart/form-data"), None);
    }

    #[test]
    fn a_windows_1250_file_is_read_as_such() {
        let mut body =
            b"--b\r\nContent-Disposition: form-data; name=\"file\"; filename=\"t.trf\"\r\n\r\n"
                .to_vec();
        let text = "012 Velká cena\n001    1 m    Dvořák, Jan\n001    2 m    Šťastný, Petr\n\
                    001    3 m    Őry, Gábor\n001    4 m    Ďurica, Martin\n";
        body.extend_from_slice(&encoding_rs::WINDOWS_1250.encode(text).0);
        body.extend_from_slice(b"\r\n--b--\r\n");
        let parts = parse_multipart(&body, "b", false).expect("parsed");
        assert_eq!(parts[0].text, text);
        assert_eq!(parts[0].encoding, Some("windows-1250"));
    }

    #[test]
    fn truncated_or_binary_parts_are_errors() {
        let cut = "--b\r\nContent-Disposition: form-data; name=\"x\"\r\n\r\nno end";
        assert_eq!(
            parse_multipart(cut.as_bytes(), "b", false),
            Err(MultipartError::Malformed)
        );
        let mut binary =
            b"--b\r\nContent-Disposition: form-data; name=\"f\"; filename=\"x.xlsx\"\r\n\r\n"
                .to_vec();
        binary.extend_from_slice(&[0x50, 0x4b, 0x03, 0x00, 0x9f]);
        binary.extend_from_slice(b"\r\n--b--");
        assert_eq!(
            parse_multipart(&binary, "b", false),
            Err(MultipartError::NotText("f".into()))
        );
        // A form that takes spreadsheets keeps a zip's bytes (and refuses other binaries).
        assert_eq!(
            parse_multipart(&binary, "b", true),
            Err(MultipartError::NotText("f".into()))
        );
        let mut zip =
            b"--b\r\nContent-Disposition: form-data; name=\"f\"; filename=\"x.xlsx\"\r\n\r\n"
                .to_vec();
        zip.extend_from_slice(b"PK\x03\x04\x9f\r\n--b--");
        let parts = parse_multipart(&zip, "b", true).expect("kept");
        assert_eq!(parts[0].binary.as_deref(), Some(&b"PK\x03\x04\x9f"[..]));
        assert_eq!(
            parse_multipart(b"", "b", false),
            Err(MultipartError::Malformed)
        );
    }
}
