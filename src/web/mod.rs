//! The web application (actix-web, askama templates).
