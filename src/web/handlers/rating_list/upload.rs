//! `POST /admin/rating-list` (multipart: `csrf_token` first, then the file `list`): streams the
//! uploaded list to a temporary file — FIDE's list is 317 MB as text, 40 MB zipped, so it is
//! never held in memory — and starts its import on its own thread
//! ([`crate::web::rating_import::RatingImport::start`]); answers with the rating list page,
//! which follows the import. The token is checked before a byte of the file is written; an
//! import already running is said (409) and the upload dropped. The file goes into the
//! import's upload folder, which holds at most
//! [`crate::web::rating_import::FOLDER_LIMIT`] bytes: an upload that would pass
//! it is refused (409, like an import already running) and removed.

use std::io::Write;
use std::path::PathBuf;

use actix_multipart::Multipart;
use actix_web::{HttpRequest, HttpResponse, web};
use futures_util::TryStreamExt;

use crate::web::extractors::{Admin, verify_csrf};
use crate::web::rating_import::{FOLDER_LIMIT, UPLOAD_LIMIT};
use crate::web::{AppError, AppState, PageContext, see_other};

/// The longest CSRF field read.
const TOKEN_LIMIT: usize = 256;

/// A temporary file removed when dropped, unless kept.
struct Upload {
    path: PathBuf,
    keep: bool,
}

impl Drop for Upload {
    fn drop(&mut self) {
        if !self.keep {
            let _ = std::fs::remove_file(&self.path);
        }
    }
}

/// Receives the list and starts its import.
pub async fn upload_rating_list(
    ctx: PageContext,
    _admin: Admin,
    req: HttpRequest,
    state: web::Data<AppState>,
    mut form: Multipart,
) -> Result<HttpResponse, AppError> {
    let unreadable = || AppError::Unprocessable(ctx.t("error.form_unreadable"));
    let mut token = String::new();
    let mut upload: Option<(Upload, String)> = None;
    while let Some(mut field) = form.try_next().await.map_err(|_| unreadable())? {
        let name = field.name().unwrap_or_default().to_owned();
        match name.as_str() {
            "csrf_token" => {
                let mut bytes = Vec::new();
                while let Some(chunk) = field.try_next().await.map_err(|_| unreadable())? {
                    bytes.extend_from_slice(&chunk);
                    if bytes.len() > TOKEN_LIMIT {
                        return Err(unreadable());
                    }
                }
                token = String::from_utf8(bytes).map_err(|_| unreadable())?;
            }
            "list" => {
                // The token comes first in the form: nothing is written for a forged request.
                verify_csrf(&req, &token)?;
                let file_name = field
                    .content_disposition()
                    .and_then(|disposition| disposition.get_filename())
                    .map(|name| name.rsplit(['/', '\\']).next().unwrap_or(name).to_owned())
                    .filter(|name| !name.trim().is_empty())
                    .ok_or_else(|| AppError::Unprocessable(ctx.t("ratings.upload.no_file")))?;
                let imports = &state.rating_import;
                let room = FOLDER_LIMIT.saturating_sub(imports.folder_used());
                let folder_full = || {
                    AppError::Conflict(ctx.lang.t_with(
                        "ratings.upload.folder_full",
                        &[("limit", &(FOLDER_LIMIT / (1024 * 1024)).to_string())],
                    ))
                };
                if room == 0 {
                    return Err(folder_full());
                }
                let path = imports
                    .new_upload_path()
                    .map_err(|error| AppError::Internal(format!("upload: {error}")))?;
                let temporary = Upload { path, keep: false };
                let mut file = std::fs::File::create(&temporary.path)
                    .map_err(|error| AppError::Internal(format!("upload: {error}")))?;
                let mut written = 0u64;
                while let Some(chunk) = field.try_next().await.map_err(|_| unreadable())? {
                    written += chunk.len() as u64;
                    if written > UPLOAD_LIMIT {
                        return Err(AppError::Unprocessable(ctx.lang.t_with(
                            "error.upload_too_large",
                            &[("limit", &(UPLOAD_LIMIT / (1024 * 1024)).to_string())],
                        )));
                    }
                    if written > room {
                        return Err(folder_full());
                    }
                    file.write_all(&chunk)
                        .map_err(|error| AppError::Internal(format!("upload: {error}")))?;
                }
                if written == 0 {
                    return Err(AppError::Unprocessable(ctx.t("ratings.upload.no_file")));
                }
                upload = Some((temporary, file_name));
            }
            _ => {
                // Any other field is read and dropped.
                while field.try_next().await.map_err(|_| unreadable())?.is_some() {}
            }
        }
    }
    let Some((mut temporary, file_name)) = upload else {
        verify_csrf(&req, &token)?;
        return Err(AppError::Unprocessable(ctx.t("ratings.upload.no_file")));
    };
    state
        .rating_import
        .start(state.pool.clone(), temporary.path.clone(), file_name)
        .map_err(|_| AppError::Conflict(ctx.t("ratings.upload.busy")))?;
    // The import's thread owns the file now and removes it when done.
    temporary.keep = true;
    Ok(see_other("/admin/rating-list"))
}
