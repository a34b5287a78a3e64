//! Forms that may carry a file: [`CsrfFields`] reads a `multipart/form-data` body (RFC 7578)
//! or a url-encoded one into named text fields, after checking the CSRF token and the input
//! gate ([`crate::web::input::check_fields`]) like [`crate::web::extractors::CsrfForm`]. Files
//! are small text documents here (a PGN game, a TRF tournament), so the whole body is read into
//! memory within [`UPLOAD_LIMIT`].

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

/// The text fields of a form (uploaded files by their field name), CSRF-checked.
#[derive(Debug, Clone, Default)]
pub struct CsrfFields(pub BTreeMap<String, String>);

impl CsrfFields {
    /// The field's text, or "" when absent.
    pub fn get(&self, name: &str) -> &str {
        self.0.get(name).map_or("", String::as_str)
    }
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

/// The `name` parameter of a part's `Content-Disposition` header.
fn field_name(headers: &str) -> Option<String> {
    headers.lines().find_map(|line| {
        let (key, value) = line.split_once(':')?;
        if !key.trim().eq_ignore_ascii_case("content-disposition") {
            return None;
        }
        value.split(';').find_map(|param| {
            let (k, v) = param.trim().split_once('=')?;
            (k.trim() == "name").then(|| v.trim().trim_matches('"').to_owned())
        })
    })
}

/// Splits a multipart body into (field name, text) pairs.
pub fn parse_multipart(
    body: &[u8],
    boundary: &str,
) -> Result<Vec<(String, String)>, MultipartError> {
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
        let name = field_name(&headers).ok_or(MultipartError::Malformed)?;
        let text = std::str::from_utf8(&body[content_start..content_end])
            .map_err(|_| MultipartError::NotText(name.clone()))?
            // A file saved with a byte-order mark.
            .trim_start_matches('\u{feff}')
            .to_owned();
        fields.push((name, text));
        at = content_end + closing.len();
    }
}

impl FromRequest for CsrfFields {
    type Error = AppError;
    type Future = LocalBoxFuture<'static, Result<Self, AppError>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let req = req.clone();
        let body = Bytes::from_request(&req, payload);
        Box::pin(async move {
            let lang = Lang::of_request(&req);
            let unreadable = || AppError::Unprocessable(lang.t("error.form_unreadable"));
            let body = body.await.map_err(|_| unreadable())?;
            if body.len() > UPLOAD_LIMIT {
                return Err(unreadable());
            }
            let content_type = req
                .headers()
                .get(header::CONTENT_TYPE)
                .and_then(|v| v.to_str().ok())
                .unwrap_or("")
                .to_owned();
            let pairs = if content_type
                .to_ascii_lowercase()
                .starts_with("multipart/form-data")
            {
                let boundary = boundary_of(&content_type).ok_or_else(unreadable)?;
                parse_multipart(&body, &boundary).map_err(|error| match error {
                    MultipartError::NotText(name) => AppError::Unprocessable(
                        lang.t_with("error.upload_not_text", &[("field", &name)]),
                    ),
                    _ => unreadable(),
                })?
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
            Ok(CsrfFields(fields))
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
        let fields = parse_multipart(body.as_bytes(), "XyZ").expect("parsed");
        assert_eq!(
            fields,
            vec![
                ("csrf_token".to_owned(), "abc".to_owned()),
                ("file".to_owned(), "1. e4 e5\r\n2. Nf3 *".to_owned()),
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
    fn truncated_or_binary_parts_are_errors() {
        let cut = "--b\r\nContent-Disposition: form-data; name=\"x\"\r\n\r\nno end";
        assert_eq!(
            parse_multipart(cut.as_bytes(), "b"),
            Err(MultipartError::Malformed)
        );
        let mut binary = b"--b\r\nContent-Disposition: form-data; name=\"f\"\r\n\r\n".to_vec();
        binary.extend_from_slice(&[0xff, 0xfe, 0x00]);
        binary.extend_from_slice(b"\r\n--b--");
        assert_eq!(
            parse_multipart(&binary, "b"),
            Err(MultipartError::NotText("f".into()))
        );
        assert_eq!(parse_multipart(b"", "b"), Err(MultipartError::Malformed));
    }
}
