//! Portable Game Notation: reading many games from one text (tag pairs with `\"`/`\\`
//! escapes, `{}` and `;` comments, NAGs, variations, results, `%` escape lines, a byte-order
//! mark, CRLF line ends) and writing them back. The moves are SAN (Laws Appendix C); this
//! module keeps their text and leaves checking them against the Laws to [`super::san`].
//!
//! A game that cannot be read is reported with its number and the line and column where
//! reading failed; reading goes on with the next game. Kept variations nest at most
//! [`MAX_VARIATION_DEPTH`] deep (a game is a tree, and a deeper one would overflow the stack of
//! whoever walks or drops it).
//!
//! [`PgnReader`] hands out each game whole ([`PgnGame`]) or, with [`PgnReader::visit_next`],
//! streams it to a [`PgnVisitor`] as it reads (what `arbiter check --moves-only` uses to play
//! each move without keeping the move texts).

mod write;

pub use write::{english_movetext, write_game};

/// One move of a game as written, with what follows it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PgnMove {
    /// The move text (SAN or whatever the file holds), without move numbers.
    pub text: String,
    /// Line of the move text (1-based).
    pub line: usize,
    /// Column of the move text (1-based, in characters).
    pub column: usize,
    /// Numeric annotation glyphs (`$1`, or `!`, `?` … converted to their numbers).
    pub nags: Vec<u8>,
    /// Comments after the move.
    pub comments: Vec<String>,
    /// Alternatives to this move (each a line of moves), if variations are kept.
    pub variations: Vec<Vec<PgnMove>>,
}

/// A game read from PGN.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PgnGame {
    /// 1-based number of the game in its file.
    pub number: usize,
    /// Line where the game starts.
    pub line: usize,
    /// Tag pairs in file order.
    pub tags: Vec<(String, String)>,
    /// Comment before the first move.
    pub leading_comments: Vec<String>,
    /// The main line.
    pub moves: Vec<PgnMove>,
    /// The game termination marker (`1-0`, `0-1`, `1/2-1/2`, `*`), if present.
    pub result: Option<String>,
}

impl PgnGame {
    /// The value of a tag, if present.
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// A game that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("game {game}, line {line}, column {column}: {reason}")]
pub struct PgnError {
    /// 1-based number of the game.
    pub game: usize,
    /// Line of the problem.
    pub line: usize,
    /// Column of the problem (characters).
    pub column: usize,
    /// What is wrong.
    pub reason: String,
}

/// Options for reading.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReadOptions {
    /// Keep variations (`true`) or skip them.
    pub keep_variations: bool,
    /// Keep comments (`true`) or skip them.
    pub keep_comments: bool,
}

impl Default for ReadOptions {
    fn default() -> ReadOptions {
        ReadOptions {
            keep_variations: true,
            keep_comments: true,
        }
    }
}

/// What a reader reports while it reads one game, in file order: the streaming form of
/// [`PgnGame`] (which is built by one such visitor). A checker can play each move as it is
/// read, without keeping the move texts.
pub trait PgnVisitor {
    /// A game starts: its 1-based number in the file and its first line.
    fn begin(&mut self, number: usize, line: usize);
    /// A tag pair of the tag section (the value unescaped).
    fn tag(&mut self, name: &str, value: String);
    /// A move of the current line: its text without move number or glued `!`/`?` (`+`/`#`
    /// kept), its line and column, and the NAG of a glued `!`/`?`.
    fn san(&mut self, text: &str, line: usize, column: usize, nag: Option<u8>);
    /// A comment (trimmed), when comments are kept and it is not in a skipped variation.
    fn comment(&mut self, _comment: &str) {}
    /// A NAG (`$n`, or a `!`/`?` token) for the last move of the current line.
    fn nag(&mut self, _nag: u8) {}
    /// A kept variation opens; `false` when the current line has no move for it to follow.
    fn open_variation(&mut self) -> bool {
        true
    }
    /// The innermost kept variation closes.
    fn close_variation(&mut self) {}
    /// The game termination marker of the main line.
    fn result(&mut self, _result: &str) {}
}

/// Builds a [`PgnGame`]: a stack of lines, the main line at the bottom.
struct GameBuilder {
    game: PgnGame,
    stack: Vec<Vec<PgnMove>>,
    pending_comments: Vec<String>,
}

impl GameBuilder {
    fn new() -> GameBuilder {
        GameBuilder {
            game: PgnGame::default(),
            stack: vec![Vec::new()],
            pending_comments: Vec::new(),
        }
    }

    fn finish(mut self) -> PgnGame {
        self.game.moves = self.stack.pop().unwrap_or_default();
        self.game.leading_comments = self.pending_comments;
        self.game
    }

    fn last_move(&mut self) -> Option<&mut PgnMove> {
        self.stack.last_mut().and_then(|line| line.last_mut())
    }
}

impl PgnVisitor for GameBuilder {
    fn begin(&mut self, number: usize, line: usize) {
        self.game.number = number;
        self.game.line = line;
    }

    fn tag(&mut self, name: &str, value: String) {
        self.game.tags.push((name.to_string(), value));
    }

    fn san(&mut self, text: &str, line: usize, column: usize, nag: Option<u8>) {
        if let Some(current) = self.stack.last_mut() {
            current.push(PgnMove {
                text: text.to_string(),
                line,
                column,
                nags: nag.into_iter().collect(),
                comments: Vec::new(),
                variations: Vec::new(),
            });
        }
    }

    fn comment(&mut self, comment: &str) {
        let comment = comment.to_string();
        match self.last_move() {
            Some(m) => m.comments.push(comment),
            None => self.pending_comments.push(comment),
        }
    }

    fn nag(&mut self, nag: u8) {
        if let Some(m) = self.last_move() {
            m.nags.push(nag);
        }
    }

    fn open_variation(&mut self) -> bool {
        if self.stack.last().map_or(0, Vec::len) == 0 {
            return false;
        }
        self.stack.push(Vec::new());
        true
    }

    fn close_variation(&mut self) {
        if self.stack.len() > 1 {
            let variation = self.stack.pop().unwrap_or_default();
            if let Some(parent) = self.last_move() {
                parent.variations.push(variation);
            }
        }
    }

    fn result(&mut self, result: &str) {
        self.game.result = Some(result.to_string());
    }
}

struct Cursor<'a> {
    text: &'a str,
    pos: usize,
    line: usize,
    column: usize,
    at_line_start: bool,
}

impl<'a> Cursor<'a> {
    #[inline]
    fn peek(&self) -> Option<char> {
        // ASCII without decoding; anything else through `chars`.
        match self.text.as_bytes().get(self.pos) {
            Some(&byte) if byte.is_ascii() => Some(char::from(byte)),
            Some(_) => self.text[self.pos..].chars().next(),
            None => None,
        }
    }

    #[inline]
    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        if c == '\n' {
            self.line += 1;
            self.column = 1;
            self.at_line_start = true;
        } else {
            self.column += 1;
            if c != '\r' {
                self.at_line_start = false;
            }
        }
        Some(c)
    }

    /// Skips ASCII white space (space, tab, line feed, carriage return, vertical tab, form
    /// feed) in one pass, counting lines and columns as [`Cursor::bump`] does.
    #[inline]
    fn skip_ascii_whitespace(&mut self) {
        let bytes = self.text.as_bytes();
        while let Some(&byte) = bytes.get(self.pos) {
            match byte {
                b'\n' => {
                    self.line += 1;
                    self.column = 1;
                    self.at_line_start = true;
                }
                b'\r' => self.column += 1,
                b' ' | b'\t' | 0x0b | 0x0c => {
                    self.column += 1;
                    self.at_line_start = false;
                }
                _ => return,
            }
            self.pos += 1;
        }
    }

    /// Skips white space: ASCII in one pass, anything else a character at a time.
    #[inline]
    fn skip_whitespace_char(&mut self, c: char) {
        if c.is_ascii() {
            self.skip_ascii_whitespace();
        } else {
            self.bump();
        }
    }

    /// The token at the cursor when it is plain ASCII (see [`is_plain_token_byte`], not a `%`
    /// escape at the start of a line) and ends at ASCII white space or the end of the text;
    /// `None` for anything else, which the character-wise reader handles.
    #[inline]
    fn plain_token(&self) -> Option<&'a str> {
        let bytes = self.text.as_bytes();
        let start = self.pos;
        let first = *bytes.get(start)?;
        if !PLAIN_TOKEN_BYTE[usize::from(first)] || (first == b'%' && self.at_line_start) {
            return None;
        }
        let mut end = start + 1;
        while let Some(&byte) = bytes.get(end)
            && PLAIN_TOKEN_BYTE[usize::from(byte)]
        {
            end += 1;
        }
        match bytes.get(end) {
            None | Some(b' ' | b'\n' | b'\r' | b'\t') => self.text.get(start..end),
            Some(_) => None,
        }
    }

    /// Skips ASCII bytes that continue a move token (no white space, no PGN delimiter), in
    /// one pass; stops before anything else, which [`Cursor::bump`] then handles.
    #[inline]
    fn skip_plain_token_bytes(&mut self) {
        let bytes = self.text.as_bytes();
        let start = self.pos;
        let mut end = start;
        while let Some(&byte) = bytes.get(end)
            && PLAIN_TOKEN_BYTE[usize::from(byte)]
        {
            end += 1;
        }
        if end > start {
            self.pos = end;
            self.column += end - start;
            self.at_line_start = false;
        }
    }

    fn skip_line(&mut self) {
        while let Some(c) = self.bump() {
            if c == '\n' {
                break;
            }
        }
    }

    fn rest(&self) -> &'a str {
        &self.text[self.pos..]
    }
}

/// Whether an ASCII byte continues a move token as it stands: printable, and neither white
/// space nor one of the delimiters `{ } ( ) ; $ [ ]`.
#[inline]
const fn is_plain_token_byte(byte: u8) -> bool {
    byte.is_ascii_graphic()
        && !matches!(byte, b'{' | b'}' | b'(' | b')' | b';' | b'$' | b'[' | b']')
}

/// [`is_plain_token_byte`] for every byte value, for the hot loops.
static PLAIN_TOKEN_BYTE: [bool; 256] = {
    let mut table = [false; 256];
    let mut byte = 0;
    while byte < 256 {
        table[byte] = is_plain_token_byte(byte as u8);
        byte += 1;
    }
    table
};

/// Reads every game of a PGN text; each entry is a game or the error that stopped it.
#[must_use]
pub fn read_games(text: &str, options: ReadOptions) -> Vec<Result<PgnGame, PgnError>> {
    PgnReader::new(text, options).collect()
}

/// Reads the games of a PGN text one at a time (memory stays at one game).
pub struct PgnReader<'a> {
    cursor: Cursor<'a>,
    options: ReadOptions,
    games: usize,
    done: bool,
}

impl<'a> PgnReader<'a> {
    /// A reader over `text` (a leading byte-order mark is skipped).
    #[must_use]
    pub fn new(text: &'a str, options: ReadOptions) -> PgnReader<'a> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        PgnReader {
            cursor: Cursor {
                text,
                pos: 0,
                line: 1,
                column: 1,
                at_line_start: true,
            },
            options,
            games: 0,
            done: false,
        }
    }

    /// How many bytes of the text have been read (for progress bars).
    #[must_use]
    pub fn bytes_read(&self) -> usize {
        self.cursor.pos
    }
}

impl PgnReader<'_> {
    /// Reads the next game into `visitor` (see [`PgnVisitor`]): `None` at the end of the text,
    /// `Some(Err)` for a game that cannot be read (what the visitor was told of it is then
    /// incomplete; reading goes on with the next game).
    pub fn visit_next<V: PgnVisitor>(&mut self, visitor: &mut V) -> Option<Result<(), PgnError>> {
        if self.done {
            return None;
        }
        skip_blank(&mut self.cursor);
        if self.cursor.peek().is_none() {
            self.done = true;
            return None;
        }
        let number = self.games + 1;
        match read_game(&mut self.cursor, number, self.options, visitor) {
            Ok(true) => {
                self.games = number;
                Some(Ok(()))
            }
            Ok(false) => {
                self.done = true;
                None
            }
            Err(error) => {
                self.games = number;
                recover(&mut self.cursor);
                Some(Err(error))
            }
        }
    }
}

impl Iterator for PgnReader<'_> {
    type Item = Result<PgnGame, PgnError>;

    fn next(&mut self) -> Option<Self::Item> {
        let mut builder = GameBuilder::new();
        let read = self.visit_next(&mut builder)?;
        Some(read.map(|()| builder.finish()))
    }
}

fn skip_blank(cursor: &mut Cursor<'_>) {
    loop {
        match cursor.peek() {
            Some(c) if c.is_whitespace() => cursor.skip_whitespace_char(c),
            Some('%') if cursor.at_line_start => cursor.skip_line(),
            _ => return,
        }
    }
}

/// After an error: skip to the next line that starts a tag section after a blank line, or
/// to the end.
fn recover(cursor: &mut Cursor<'_>) {
    let mut blank_seen = false;
    loop {
        let line_start = cursor.pos;
        let rest = cursor.rest();
        if rest.is_empty() {
            return;
        }
        let line_end = rest.find('\n').map_or(rest.len(), |i| i + 1);
        let line = rest[..line_end].trim();
        if blank_seen && line.starts_with('[') {
            return;
        }
        blank_seen = line.is_empty();
        while cursor.pos < line_start + line_end {
            cursor.bump();
        }
    }
}

fn error(cursor: &Cursor<'_>, game: usize, reason: impl Into<String>) -> PgnError {
    PgnError {
        game,
        line: cursor.line,
        column: cursor.column,
        reason: reason.into(),
    }
}

const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// How deep kept variations may nest (real games rarely go past ten).
pub const MAX_VARIATION_DEPTH: usize = 100;

/// Whether a token is a game termination marker (a byte test first: most tokens are moves).
#[inline]
fn is_result(token: &str) -> bool {
    matches!(token.as_bytes().first(), Some(b'0' | b'1' | b'*')) && RESULTS.contains(&token)
}

/// Reads one game into `visitor`; `Ok(false)` when there was nothing but blank space left.
fn read_game<V: PgnVisitor>(
    cursor: &mut Cursor<'_>,
    number: usize,
    options: ReadOptions,
    visitor: &mut V,
) -> Result<bool, PgnError> {
    visitor.begin(number, cursor.line);
    // Tag section.
    let mut any_token = false;
    loop {
        skip_blank(cursor);
        if cursor.peek() != Some('[') {
            break;
        }
        let (name, value) = read_tag(cursor, number)?;
        visitor.tag(name, value);
        any_token = true;
    }
    // Movetext: kept variations nest `depth` deep (the main line is depth 0); skipped ones
    // are counted in `skip_depth`.
    let mut depth = 0usize;
    let mut skip_depth = 0usize;
    loop {
        // The common case first: a move or move number of plain ASCII followed by ASCII white
        // space (or the end), read without decoding characters.
        if let Some(token) = cursor.plain_token() {
            let (line, column) = (cursor.line, cursor.column);
            cursor.pos += token.len();
            cursor.column += token.len();
            cursor.at_line_start = false;
            any_token = true;
            if is_result(token) && depth == 0 && skip_depth == 0 {
                visitor.result(token);
                break;
            }
            if skip_depth == 0 {
                handle_token(visitor, token, line, column);
            }
            cursor.skip_ascii_whitespace();
            continue;
        }
        let Some(c) = cursor.peek() else {
            break;
        };
        match c {
            c if c.is_whitespace() => cursor.skip_whitespace_char(c),
            '%' if cursor.at_line_start => cursor.skip_line(),
            '[' if cursor.at_line_start && depth == 0 && skip_depth == 0 => {
                // A new tag section: this game had no result marker.
                break;
            }
            '{' => {
                let (line, column) = (cursor.line, cursor.column);
                cursor.bump();
                let start = cursor.pos;
                // Some programs nest braces in a comment (`{a {b} c}`): the comment ends at the
                // brace that closes the first, when there is one; otherwise at the first `}` as
                // the standard has it (a lone `{` inside is text).
                let nested = nested_comment_end(cursor.rest());
                let mut depth = 0usize;
                loop {
                    match cursor.bump() {
                        Some('{') if nested => depth += 1,
                        Some('}') if depth == 0 => break,
                        Some('}') => depth -= 1,
                        Some(_) => {}
                        None => {
                            return Err(PgnError {
                                game: number,
                                line,
                                column,
                                reason: "comment `{` is never closed".to_string(),
                            });
                        }
                    }
                }
                if options.keep_comments && skip_depth == 0 {
                    visitor.comment(cursor.text[start..cursor.pos - 1].trim());
                }
                any_token = true;
            }
            ';' => {
                cursor.bump();
                let start = cursor.pos;
                cursor.skip_line();
                if options.keep_comments && skip_depth == 0 {
                    visitor.comment(cursor.text[start..cursor.pos].trim());
                }
            }
            '(' => {
                cursor.bump();
                any_token = true;
                if skip_depth > 0 || !options.keep_variations {
                    skip_depth += 1;
                } else if depth >= MAX_VARIATION_DEPTH {
                    return Err(error(
                        cursor,
                        number,
                        format!("variations nest more than {MAX_VARIATION_DEPTH} deep"),
                    ));
                } else if visitor.open_variation() {
                    depth += 1;
                } else {
                    return Err(error(cursor, number, "a variation `(` before any move"));
                }
            }
            ')' => {
                cursor.bump();
                if skip_depth > 0 {
                    skip_depth -= 1;
                } else if depth > 0 {
                    depth -= 1;
                    visitor.close_variation();
                } else {
                    return Err(error(cursor, number, "`)` without a variation to close"));
                }
            }
            '$' => {
                cursor.bump();
                let start = cursor.pos;
                while cursor.peek().is_some_and(|c| c.is_ascii_digit()) {
                    cursor.bump();
                }
                let nag = cursor.text[start..cursor.pos]
                    .parse::<u8>()
                    .map_err(|_| error(cursor, number, "`$` must be followed by a number 0–255"))?;
                if skip_depth == 0 {
                    visitor.nag(nag);
                }
            }
            _ => {
                let (line, column) = (cursor.line, cursor.column);
                let start = cursor.pos;
                loop {
                    cursor.skip_plain_token_bytes();
                    let Some(c) = cursor.peek() else {
                        break;
                    };
                    if c.is_whitespace()
                        || matches!(c, '{' | '}' | '(' | ')' | ';' | '$' | '[' | ']')
                    {
                        // `e8(Q)`: a promotion in parentheses right after a last-rank square.
                        if c == '('
                            && promotion_in_parentheses(
                                &cursor.text[start..cursor.pos],
                                cursor.rest(),
                            )
                        {
                            for _ in 0..3 {
                                cursor.bump();
                            }
                            continue;
                        }
                        break;
                    }
                    cursor.bump();
                }
                let token = &cursor.text[start..cursor.pos];
                if token.is_empty() {
                    let bad = cursor.bump().unwrap_or(' ');
                    return Err(PgnError {
                        game: number,
                        line,
                        column,
                        reason: format!("unexpected `{bad}`"),
                    });
                }
                any_token = true;
                if is_result(token) && depth == 0 && skip_depth == 0 {
                    visitor.result(token);
                    break;
                }
                if skip_depth > 0 {
                    continue;
                }
                handle_token(visitor, token, line, column);
            }
        }
    }
    if skip_depth > 0 || depth > 0 {
        return Err(error(cursor, number, "a variation `(` is never closed"));
    }
    Ok(any_token)
}

fn promotion_in_parentheses(token: &str, rest: &str) -> bool {
    let last_rank = token.ends_with('8') || token.ends_with('1');
    let mut chars = rest.chars();
    last_rank
        && chars.next() == Some('(')
        && chars
            .next()
            .is_some_and(|c| c.is_alphabetic() && !c.is_ascii_lowercase())
        && chars.next() == Some(')')
}

/// True when the comment starting at `rest` (just after its `{`) holds nested braces that are
/// all closed before the end of the text: then it ends at the brace closing the first.
fn nested_comment_end(rest: &str) -> bool {
    let mut depth = 0usize;
    let mut nested = false;
    let mut line_start = false;
    for c in rest.chars() {
        match c {
            '{' => {
                depth += 1;
                nested = true;
            }
            '}' if depth == 0 => return nested,
            '}' => depth -= 1,
            // A comment never spans the next game's tag section.
            '[' if line_start => return false,
            _ => {}
        }
        line_start = c == '\n';
    }
    false
}

fn handle_token<V: PgnVisitor>(visitor: &mut V, token: &str, line: usize, column: usize) {
    // Move numbers: `12.`, `12...`, also glued to the move: `12.e4`, `12...Nf6`.
    let (token, column) = if token.as_bytes()[0].is_ascii_digit() {
        let bytes = token.as_bytes();
        let digits = bytes.iter().take_while(|b| b.is_ascii_digit()).count();
        if bytes.get(digits) == Some(&b'.') {
            let dots = bytes[digits..].iter().take_while(|&&b| b == b'.').count();
            (&token[digits + dots..], column + digits + dots)
        } else {
            (token, column)
        }
    } else {
        (token, column)
    };
    let bytes = token.as_bytes();
    let Some(&last) = bytes.last() else {
        return;
    };
    // `!`/`?` glued to the move become NAGs; the move text keeps `+`/`#`.
    let kept = if last == b'!' || last == b'?' {
        let kept = bytes
            .iter()
            .rposition(|&b| b != b'!' && b != b'?')
            .map_or(0, |last| last + 1);
        if kept == 0
            && let Some(nag) = suffix_nag(token)
        {
            // Annotation glyphs written as their own token.
            visitor.nag(nag);
            return;
        }
        kept
    } else {
        bytes.len()
    };
    if bytes[0] == b'e' && matches!(token, "e.p." | "ep" | "e.p") {
        return;
    }
    let nag = if kept < token.len() {
        suffix_nag(&token[kept..])
    } else {
        None
    };
    visitor.san(&token[..kept], line, column, nag);
}

fn suffix_nag(text: &str) -> Option<u8> {
    Some(match text {
        "!" => 1,
        "?" => 2,
        "!!" => 3,
        "??" => 4,
        "!?" => 5,
        "?!" => 6,
        _ => return None,
    })
}

fn read_tag<'a>(cursor: &mut Cursor<'a>, game: usize) -> Result<(&'a str, String), PgnError> {
    let (line, column) = (cursor.line, cursor.column);
    let fail = |cursor: &Cursor<'_>, reason: &str| PgnError {
        game,
        line: cursor.line,
        column: cursor.column,
        reason: format!("tag pair starting at line {line}, column {column}: {reason}"),
    };
    cursor.bump(); // '['
    while cursor.peek().is_some_and(|c| c == ' ' || c == '\t') {
        cursor.bump();
    }
    let start = cursor.pos;
    while cursor.peek().is_some_and(|c| {
        c.is_alphanumeric() || c == '_' || c == '+' || c == '#' || c == '=' || c == ':' || c == '-'
    }) {
        cursor.bump();
    }
    let name = &cursor.text[start..cursor.pos];
    if name.is_empty() {
        return Err(fail(cursor, "missing tag name"));
    }
    while cursor.peek().is_some_and(|c| c == ' ' || c == '\t') {
        cursor.bump();
    }
    if cursor.peek() != Some('"') {
        return Err(fail(cursor, "the tag value must be in double quotes"));
    }
    cursor.bump();
    let mut value = String::new();
    loop {
        match cursor.bump() {
            Some('\\') => match cursor.bump() {
                Some(c @ ('"' | '\\')) => value.push(c),
                Some(c) => {
                    value.push('\\');
                    value.push(c);
                }
                None => return Err(fail(cursor, "the tag value is never closed")),
            },
            Some('"') => break,
            Some('\n') | None => return Err(fail(cursor, "the tag value is never closed")),
            Some(c) => value.push(c),
        }
    }
    while cursor.peek().is_some_and(|c| c == ' ' || c == '\t') {
        cursor.bump();
    }
    if cursor.peek() != Some(']') {
        return Err(fail(cursor, "expected `]` after the tag value"));
    }
    cursor.bump();
    Ok((name, value))
}

#[cfg(test)]
mod tests;
