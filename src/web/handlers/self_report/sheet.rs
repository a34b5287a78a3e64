//! `GET /tournaments/{id}/rounds/{number}/self-report`: the printable QR sheet of a round (one
//! code per player and board) with each board's report state and the arbiter's approve
//! buttons; only result enterers see this page.
//!
//! A read: the codes issued when the round was paired are derived again under the server's
//! link key ([`BoardReport::tokens`]) and shown, the same on every view and print. Boards
//! without codes (a round imported, or paired before codes came with the pairing) say so and
//! the page offers to issue them; boards whose codes were made before they were derived say
//! so too. Both, and "new codes" for every board (which revokes the old ones), are the POST
//! of [`super::new_codes`].

use actix_web::{HttpRequest, web};

use crate::web::extractors::CurrentUser;
use crate::web::pages::self_report::SheetPage;
use crate::web::{AppError, AppState, PageContext};

/// Shows the sheet.
pub async fn show_sheet(
    ctx: PageContext,
    user: CurrentUser,
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<(i32, i32)>,
) -> Result<SheetPage, AppError> {
    let (id, number) = path.into_inner();
    SheetPage::load(ctx, &req, &state, user.0, id, number).await
}
