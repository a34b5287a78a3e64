//! Clients that do not send their request: the limits that keep a slow or stalled client from
//! holding a connection (and the handler waiting for its form) for ever.
//!
//! - The head: actix cuts a client that has not sent the whole request head within
//!   [`HEAD_TIMEOUT`] (`client_request_timeout`) with 408, and gives a closing connection
//!   [`DISCONNECT_TIMEOUT`] (`client_disconnect_timeout`) to go; `arbiter serve` sets both.
//! - The body: actix has no limit of its own there. [`body_deadline`], a middleware of every
//!   route, gives a body [`BODY_IDLE_TIMEOUT`] between two pieces and a deadline for the
//!   whole ([`BODY_DEADLINE_BASE`] plus its declared length at [`BODY_MIN_BYTES_PER_SECOND`]):
//!   a client that stalls or trickles is answered 408 and its connection closed.

use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::task::{Context, Poll};
use std::time::Duration;

use actix_web::HttpMessage;
use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{Payload, ServiceRequest, ServiceResponse};
use actix_web::error::PayloadError;
use actix_web::http::{ConnectionType, StatusCode, header};
use actix_web::middleware::{ErrorHandlerResponse, Next};
use actix_web::rt::time::{Instant, Sleep, sleep};
use actix_web::web::Bytes;
use actix_web::{Error, HttpResponse};
use futures_util::Stream;

/// How long a client may take to send a request's head (actix's `client_request_timeout`).
pub const HEAD_TIMEOUT: Duration = Duration::from_secs(10);
/// How long a closing connection may take to shut down (`client_disconnect_timeout`).
pub const DISCONNECT_TIMEOUT: Duration = Duration::from_secs(5);
/// The longest pause between two pieces of a request body.
pub const BODY_IDLE_TIMEOUT: Duration = Duration::from_secs(10);
/// The time every body gets, whatever its length.
pub const BODY_DEADLINE_BASE: Duration = Duration::from_secs(20);
/// The slowest rate a long body may arrive at on average (32 KiB/s: a 4 MB upload gets about
/// two minutes and a half).
pub const BODY_MIN_BYTES_PER_SECOND: u64 = 32 * 1024;

/// A request body as actix boxes it (`actix_http::BoxedPayloadStream`).
type BoxedPayloadStream = Pin<Box<dyn Stream<Item = Result<Bytes, PayloadError>>>>;

/// The deadline of a body of `length` bytes (`None`: not declared, the largest form).
pub fn body_deadline_for(length: Option<u64>) -> Duration {
    let length = length.unwrap_or(crate::web::extractors::FORM_LIMIT as u64);
    BODY_DEADLINE_BASE + Duration::from_secs(length / BODY_MIN_BYTES_PER_SECOND)
}

/// A request body that fails with a timeout once it stalls for [`BODY_IDLE_TIMEOUT`] or is
/// not complete by its deadline.
struct TimedBody {
    inner: Payload,
    idle: Pin<Box<Sleep>>,
    deadline: Pin<Box<Sleep>>,
    timed_out: Arc<AtomicBool>,
}

impl Stream for TimedBody {
    type Item = Result<Bytes, PayloadError>;

    fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        let this = self.get_mut();
        match Pin::new(&mut this.inner).poll_next(cx) {
            Poll::Ready(Some(Ok(bytes))) => {
                this.idle.as_mut().reset(Instant::now() + BODY_IDLE_TIMEOUT);
                if this.deadline.as_mut().poll(cx).is_ready() {
                    return Poll::Ready(Some(Err(this.time_out())));
                }
                Poll::Ready(Some(Ok(bytes)))
            }
            Poll::Ready(other) => Poll::Ready(other),
            Poll::Pending => {
                let idle = this.idle.as_mut().poll(cx).is_ready();
                let late = this.deadline.as_mut().poll(cx).is_ready();
                if idle || late {
                    Poll::Ready(Some(Err(this.time_out())))
                } else {
                    Poll::Pending
                }
            }
        }
    }
}

impl TimedBody {
    fn time_out(&self) -> PayloadError {
        self.timed_out.store(true, Ordering::Relaxed);
        PayloadError::Io(std::io::Error::new(
            std::io::ErrorKind::TimedOut,
            "the request body did not arrive in time",
        ))
    }
}

/// Middleware: reads every request body under the idle timeout and deadline; a request whose
/// body timed out is answered 408 (the error page) and its connection closed, whatever the
/// handler made of the broken body.
pub async fn body_deadline(
    mut req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, Error> {
    let has_body = req.headers().contains_key(header::CONTENT_LENGTH)
        || req.headers().contains_key(header::TRANSFER_ENCODING);
    if !has_body {
        return next
            .call(req)
            .await
            .map(ServiceResponse::map_into_boxed_body);
    }
    let length = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.trim().parse::<u64>().ok());
    let timed_out = Arc::new(AtomicBool::new(false));
    let body = TimedBody {
        inner: req.take_payload(),
        idle: Box::pin(sleep(BODY_IDLE_TIMEOUT)),
        deadline: Box::pin(sleep(body_deadline_for(length))),
        timed_out: Arc::clone(&timed_out),
    };
    let stream: BoxedPayloadStream = Box::pin(body);
    req.set_payload(Payload::from(stream));
    let response = next.call(req).await;
    if !timed_out.load(Ordering::Relaxed) {
        return response.map(ServiceResponse::map_into_boxed_body);
    }
    let request = match response {
        Ok(response) => response.request().clone(),
        Err(error) => return Err(error),
    };
    tracing::info!(path = %request.path(), "request body too slow: answered 408");
    let timeout = ServiceResponse::new(request, HttpResponse::new(StatusCode::REQUEST_TIMEOUT));
    let mut answer = match crate::web::error::render_error_page(timeout)? {
        ErrorHandlerResponse::Response(response) => response.map_into_boxed_body(),
        ErrorHandlerResponse::Future(future) => future.await?.map_into_boxed_body(),
    };
    answer
        .response_mut()
        .head_mut()
        .set_connection_type(ConnectionType::Close);
    Ok(answer)
}
