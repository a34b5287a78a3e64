//! The browser of the tournament-day tests with the checks made after every page load: not
//! an error page, and on a 390 px phone nothing scrolls sideways (the page or any box in it);
//! the shared steps (log in, visit, submit, screenshots on the phone and the desktop).
#![allow(dead_code)] // each test binary uses a different part

use std::cell::{Cell, RefCell};

use serde_json::json;

use crate::common::{PASSWORD, TestContext};
use crate::webdriver::{Browser, base_url, browser_missing, serve, shots};

/// The phone window.
pub const PHONE: (u32, u32) = (390, 844);

/// The desktop window.
pub const DESKTOP: (u32, u32) = (1280, 900);

/// Without `chromium` and `chromedriver`: prints `skipped: ...` and answers true, unless
/// `ARBITER_E2E=1` (set by `.ci/run`), which makes a missing browser a failure.
pub fn skip_without_browser() -> bool {
    if let Some(reason) = browser_missing() {
        if std::env::var("ARBITER_E2E").is_ok_and(|v| v == "1") {
            panic!("ARBITER_E2E=1 but {reason}");
        }
        println!("skipped: {reason}");
        return true;
    }
    false
}

/// Lists what scrolls sideways on the page: the page itself, or any box inside it.
const SIDEWAYS: &str = "\
    const width = document.documentElement.clientWidth; const out = []; \
    const name = e => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + \
        (typeof e.className === 'string' && e.className.trim() ? '.' + e.className.trim().split(/\\s+/).join('.') : ''); \
    if (document.documentElement.scrollWidth > width) \
        out.push('the page is ' + document.documentElement.scrollWidth + ' px wide, the window ' + width); \
    for (const e of document.body.querySelectorAll('*')) { \
        const style = getComputedStyle(e); \
        if ((style.overflowX === 'auto' || style.overflowX === 'scroll') && e.scrollWidth > e.clientWidth + 1) \
            out.push(name(e) + ' scrolls sideways: ' + e.scrollWidth + ' > ' + e.clientWidth); \
    } \
    return out;";

/// The browser with the checks made after every page load.
pub struct Day<'a> {
    pub browser: &'a Browser,
    pub base: String,
    /// Pages loaded and checked.
    pub pages: Cell<u32>,
    /// The window is the phone's.
    pub phone: Cell<bool>,
    /// What did not fit the phone, page by page (all reported at the end).
    pub too_wide: RefCell<Vec<String>>,
}

impl<'a> Day<'a> {
    /// Serves the app of `ctx` and drives `browser` through it, on the desktop at first.
    pub fn new(browser: &'a Browser, ctx: &TestContext) -> Day<'a> {
        Day {
            browser,
            base: base_url(serve(ctx.state.clone())),
            pages: Cell::new(0),
            phone: Cell::new(false),
            too_wide: RefCell::new(Vec::new()),
        }
    }

    /// Waits (up to `seconds`) until the round page counts no missing result, then asserts
    /// that the page was not reloaded since `window.arbiterNoReload` was set.
    pub fn assert_all_saved_without_reload(&self, what: &str, seconds: u64) {
        assert!(
            self.browser.wait_until(
                "return document.getElementById('missing-results').hidden === true;",
                seconds
            ),
            "{what}: the count of missing results reaches 0 without a reload"
        );
        assert_eq!(
            self.browser
                .script("return window.arbiterNoReload === true;", json!([])),
            json!(true),
            "{what}: the page was not reloaded"
        );
    }
    /// After a page load: not an error page, and on the phone nothing scrolls sideways.
    pub fn check(&self, what: &str) {
        self.pages.set(self.pages.get() + 1);
        if self.browser.try_find("section.error-page").is_some() {
            let text = self.body_text();
            self.shot("error-page.png");
            panic!("{what}: an error page at {}: {text}", self.browser.url());
        }
        if self.phone.get() {
            self.fits_phone(what);
        }
    }

    /// Nothing on the current page scrolls sideways.
    pub fn fits_phone(&self, what: &str) {
        let found = self.browser.script(SIDEWAYS, json!([]));
        let problems: Vec<String> = found
            .as_array()
            .map(|items| {
                items
                    .iter()
                    .filter_map(|v| v.as_str().map(str::to_owned))
                    .collect()
            })
            .unwrap_or_default();
        let url = self.browser.url();
        let key = format!("({url} )");
        let seen = self.too_wide.borrow().iter().any(|p| p.contains(&key));
        if !problems.is_empty() && !seen {
            let mut too_wide = self.too_wide.borrow_mut();
            self.shot(&format!("too-wide-{}.png", too_wide.len() + 1));
            too_wide.push(format!("{what} {key}: {problems:?}"));
        }
    }

    /// Asserts that every page checked fitted the phone.
    pub fn assert_all_fitted(&self) {
        let too_wide = self.too_wide.borrow();
        assert!(
            too_wide.is_empty(),
            "{} of {} pages do not fit a {} px phone (screenshots too-wide-N.png):\n{}",
            too_wide.len(),
            self.pages.get(),
            PHONE.0,
            too_wide.join("\n")
        );
    }

    /// Opens `path` (under the base URL) and checks it.
    pub fn visit(&self, path: &str) {
        self.browser.goto(&format!("{}{path}", self.base));
        self.browser.find("main");
        self.check(path);
    }

    /// Clicks `css` (a submit button or a link), waits for the next page and checks it.
    pub fn submit(&self, css: &str) {
        self.browser.click_and_wait(css);
        self.browser.find("main");
        self.check(css);
    }

    pub fn body_text(&self) -> String {
        self.browser
            .script("return document.body.innerText;", json!([]))
            .as_str()
            .unwrap_or_default()
            .to_owned()
    }

    pub fn shot(&self, name: &str) {
        self.browser.screenshot(&shots().join(name));
    }

    /// Scrolls the element `css` to the top of the window (for a screenshot of it).
    pub fn scroll_to(&self, css: &str) {
        self.browser.script(
            "const e = document.querySelector(arguments[0]); if (e) e.scrollIntoView(); return 1;",
            json!([css]),
        );
    }

    /// A screenshot on the phone and one on the desktop of the current page.
    pub fn shot_both(&self, name: &str) {
        self.shot(&format!("{name}-phone.png"));
        self.browser.resize(DESKTOP.0, DESKTOP.1);
        self.shot(&format!("{name}-desktop.png"));
        self.browser.resize(PHONE.0, PHONE.1);
    }

    pub fn set_phone(&self, phone: bool) {
        let (width, height) = if phone { PHONE } else { DESKTOP };
        self.browser.resize(width, height);
        self.phone.set(phone);
    }

    pub fn log_in(&self, username: &str) {
        self.browser.delete_cookies();
        self.visit("/login");
        let browser = self.browser;
        browser.type_into(&browser.find("input[name=username]"), username);
        browser.type_into(&browser.find("input[name=password]"), PASSWORD);
        self.submit("#login-form button[type=submit]");
    }

    /// Pairs the next round from the Swiss page: the preview round page.
    pub fn pair_next(&self, id: i32, round: i32) {
        self.visit(&format!("/tournaments/{id}/swiss"));
        assert_eq!(
            self.browser.text(&self.browser.find("#rounds-paired")),
            (round - 1).to_string()
        );
        self.submit("#pair-swiss button");
        if self.browser.try_find("#unpair-round").is_none() {
            panic!("round {round} not paired: {}", self.body_text());
        }
    }

    /// Publishes the round shown.
    pub fn publish(&self) {
        self.submit("#publish-round button");
        self.browser.find("#pairings");
    }
}
