//! `POST /logout`: ends the session.

use actix_session::Session;
use actix_web::HttpResponse;
use serde::Deserialize;

use crate::web::extractors::CsrfForm;
use crate::web::{AppError, see_other};

/// The logout form has no fields but the CSRF token.
#[derive(Debug, Deserialize)]
pub struct LogoutForm {}

/// Forgets the session and goes home.
pub async fn logout(
    session: Session,
    _form: CsrfForm<LogoutForm>,
) -> Result<HttpResponse, AppError> {
    session.purge();
    Ok(see_other("/"))
}
