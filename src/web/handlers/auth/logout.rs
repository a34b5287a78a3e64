//! `POST /logout`: ends the session, on the server too ([`end_session`]).

use actix_session::Session;
use actix_web::{HttpResponse, web};
use serde::Deserialize;

use crate::web::extractors::{CsrfForm, end_session};
use crate::web::{AppError, AppState, see_other};

/// The logout form has no fields but the CSRF token.
#[derive(Debug, Deserialize)]
pub struct LogoutForm {}

/// Ends the session and goes home.
pub async fn logout(
    session: Session,
    state: web::Data<AppState>,
    _form: CsrfForm<LogoutForm>,
) -> Result<HttpResponse, AppError> {
    end_session(&session, &state).await?;
    Ok(see_other("/"))
}
