//! FIDE's rating list in XML (`players_list_xml_foa.xml`, the single XML lists):
//! `<playerslist><player><fideid>…</fideid><name>…</name>…</player>…`, read one `<player>` at a
//! time with the same field checks as the TXT list (`apply`).
//!
//! The list is a simple XML document, read by a scanner of our own that holds at most a few
//! hundred bytes whatever the input (a general XML reader holds a whole text, comment or tag
//! at once: a text of a gigabyte unpacked from a small zip would be held whole). What it reads:
//! the declaration and processing instructions (each at most [`MAX_TAG`] bytes), comments (at
//! most [`MAX_COMMENT`] bytes), start, end and empty tags (at most [`MAX_TAG`] bytes each, the
//! name at most [`MAX_NAME`]; attributes are skipped), text with the five predefined entities
//! and character references (a field's text at most [`MAX_XML_TEXT`] bytes, text between
//! elements at most [`MAX_GAP`] bytes), at most [`MAX_DEPTH`] elements deep and at most
//! [`MAX_ELEMENTS`] elements in one player. A `DOCTYPE` (with its entities) and `CDATA`
//! sections are refused: FIDE's lists have neither. Going past a bound stops the reading with
//! an error that names the line, the element and the bound.

use std::io::Read;

use super::{Field, ListError, ListPlayer, ListProblem, PlayerSource, RatingKind, apply};

/// The longest text of one field element, in bytes (a name is at most about 60 characters).
pub const MAX_XML_TEXT: usize = 256;
/// The longest tag (`<…>` with its attributes), declaration or processing instruction, in bytes.
pub const MAX_TAG: usize = 256;
/// The longest element name, in bytes.
pub const MAX_NAME: usize = 64;
/// The longest comment, in bytes.
pub const MAX_COMMENT: usize = 1024;
/// The longest text between elements (line breaks and indentation), in bytes.
pub const MAX_GAP: usize = 1024;
/// The deepest nesting of elements (FIDE's list has three levels).
pub const MAX_DEPTH: usize = 8;
/// The most elements in one `<player>` (FIDE's have about fifteen).
pub const MAX_ELEMENTS: usize = 64;
/// The longest entity or character reference between `&` and `;`, in bytes.
const MAX_REFERENCE: usize = 12;

/// Reads FIDE's XML list (`<playerslist><player><fideid>…</fideid><name>…</name>…`), streaming
/// one `<player>` at a time: the same fields and checks as the TXT list. Elements: `fideid`,
/// `name`, `country`, `sex`, `title`, `w_title`, `rating` (the single list's kind, standard in
/// the combined list), `rapid_rating`, `blitz_rating`, `birthday`, `flag`; others are skipped.
pub struct XmlListReader<R> {
    input: Scanner<R>,
    single: RatingKind,
    /// The names of the open elements, outermost first.
    open: Vec<Vec<u8>>,
    root_seen: bool,
    done: bool,
}

/// The player being read.
struct PlayerInProgress {
    player: ListPlayer,
    /// The first problem of a field (the player is refused at its end).
    error: Option<ListError>,
    /// Elements met so far.
    elements: usize,
    /// The field element open, with its label and its text so far.
    field: Option<(Field, &'static str, Vec<u8>)>,
}

/// What a bound or a syntax rule found wrong: stops the reading.
struct Stop {
    /// The element or construct concerned (`name`, `comment`, `playerslist`).
    field: String,
    problem: ListProblem,
}

fn stop(field: impl Into<String>, problem: ListProblem) -> Stop {
    Stop {
        field: field.into(),
        problem,
    }
}

/// The bytes of the input, one at a time, with the line they are on.
struct Scanner<R> {
    input: R,
    buffer: Box<[u8]>,
    at: usize,
    end: usize,
    line: u64,
}

impl<R: Read> Scanner<R> {
    fn peek(&mut self) -> Result<Option<u8>, Stop> {
        if self.at == self.end {
            self.at = 0;
            self.end = loop {
                match self.input.read(&mut self.buffer) {
                    Ok(n) => break n,
                    Err(error) if error.kind() == std::io::ErrorKind::Interrupted => {}
                    Err(_) => return Err(stop("", ListProblem::Truncated)),
                }
            };
            if self.end == 0 {
                return Ok(None);
            }
        }
        Ok(Some(self.buffer[self.at]))
    }

    fn next(&mut self) -> Result<Option<u8>, Stop> {
        let byte = self.peek()?;
        if let Some(byte) = byte {
            self.at += 1;
            if byte == b'\n' {
                self.line += 1;
            }
        }
        Ok(byte)
    }

    /// The next byte, the end of the input being an error about `what`.
    fn expect(&mut self, what: &str) -> Result<u8, Stop> {
        self.next()?
            .ok_or_else(|| stop(what, ListProblem::Truncated))
    }

    /// Skips to just after `end`, at most `max` bytes in all (a comment, an instruction).
    fn skip_past(&mut self, end: &[u8], max: usize, what: &str) -> Result<(), Stop> {
        let mut matched = 0;
        for _ in 0..max {
            let byte = self.expect(what)?;
            matched = if byte == end[matched] {
                matched + 1
            } else if byte == end[0] {
                1
            } else {
                0
            };
            if matched == end.len() {
                return Ok(());
            }
        }
        Err(stop(what, ListProblem::TooLong { max }))
    }
}

/// A tag read: its name (lower case) and how it ends.
enum Tag {
    Start(Vec<u8>),
    Empty(Vec<u8>),
    End(Vec<u8>),
    /// A comment, declaration or processing instruction: nothing to do.
    Skipped,
}

impl<R: Read> XmlListReader<R> {
    /// A reader of `input`; `single` is the kind of the `rating` element.
    pub fn new(input: R, single: RatingKind) -> Self {
        XmlListReader {
            input: Scanner {
                input,
                buffer: vec![0; 1 << 16].into_boxed_slice(),
                at: 0,
                end: 0,
                line: 1,
            },
            single,
            open: Vec::new(),
            root_seen: false,
            done: false,
        }
    }

    fn field(&self, tag: &[u8]) -> Option<(Field, &'static str)> {
        Some(match tag {
            b"fideid" => (Field::Id, "fideid"),
            b"name" => (Field::Name, "name"),
            b"country" => (Field::Federation, "country"),
            b"sex" => (Field::Sex, "sex"),
            b"title" => (Field::Title, "title"),
            b"w_title" => (Field::WomenTitle, "w_title"),
            b"rating" => (Field::Rating(self.single), "rating"),
            b"rapid_rating" => (Field::Rating(RatingKind::Rapid), "rapid_rating"),
            b"blitz_rating" => (Field::Rating(RatingKind::Blitz), "blitz_rating"),
            b"birthday" => (Field::BirthYear, "birthday"),
            b"flag" => (Field::Flag, "flag"),
            _ => return None,
        })
    }

    /// The innermost open element's name, for errors.
    fn enclosing(&self) -> String {
        self.open.last().map_or_else(String::new, |name| {
            String::from_utf8_lossy(name).into_owned()
        })
    }

    /// Reads text up to the next `<` (or the end): into the open field's text when there is
    /// one, else only counted. References are resolved into the field's text.
    fn text(&mut self, player: &mut Option<PlayerInProgress>) -> Result<(), Stop> {
        let mut gap = 0usize;
        loop {
            match self.input.peek()? {
                None | Some(b'<') => return Ok(()),
                Some(_) => {}
            }
            let byte = self.input.next()?.unwrap_or(b'<');
            let mut reference = [0u8; 4];
            let bytes: &[u8] = if byte == b'&' {
                let c = self.reference()?;
                c.encode_utf8(&mut reference).as_bytes()
            } else {
                std::slice::from_ref(&byte)
            };
            match player.as_mut().and_then(|p| p.field.as_mut()) {
                Some((_, label, value)) => {
                    if value.len() + bytes.len() > MAX_XML_TEXT {
                        return Err(stop(*label, ListProblem::TooLong { max: MAX_XML_TEXT }));
                    }
                    value.extend_from_slice(bytes);
                }
                None => {
                    gap += bytes.len();
                    if gap > MAX_GAP {
                        return Err(stop(
                            self.enclosing(),
                            ListProblem::TooLong { max: MAX_GAP },
                        ));
                    }
                }
            }
        }
    }

    /// The character of a reference, after its `&`: `&lt;`, `&amp;`, `&#65;`, `&#x41;`.
    fn reference(&mut self) -> Result<char, Stop> {
        let mut name = Vec::with_capacity(MAX_REFERENCE);
        loop {
            let byte = self.input.expect("reference")?;
            if byte == b';' {
                break;
            }
            if name.len() == MAX_REFERENCE {
                return Err(stop(
                    self.enclosing(),
                    ListProblem::Xml("an entity reference without its `;`"),
                ));
            }
            name.push(byte);
        }
        let unknown = || {
            stop(
                String::from_utf8_lossy(&name).into_owned(),
                ListProblem::Xml("an unknown entity or a bad character reference"),
            )
        };
        let code = match name.as_slice() {
            b"lt" => return Ok('<'),
            b"gt" => return Ok('>'),
            b"amp" => return Ok('&'),
            b"quot" => return Ok('"'),
            b"apos" => return Ok('\''),
            [b'#', b'x' | b'X', hex @ ..] => std::str::from_utf8(hex)
                .ok()
                .and_then(|hex| u32::from_str_radix(hex, 16).ok()),
            [b'#', decimal @ ..] => std::str::from_utf8(decimal)
                .ok()
                .filter(|digits| digits.bytes().all(|b| b.is_ascii_digit()))
                .and_then(|digits| digits.parse().ok()),
            _ => None,
        };
        code.and_then(char::from_u32)
            .filter(|&c| c != '\0')
            .ok_or_else(unknown)
    }

    /// Reads the markup after a `<`.
    fn tag(&mut self) -> Result<Tag, Stop> {
        match self.input.peek()? {
            Some(b'?') => {
                self.input.skip_past(b"?>", MAX_TAG, "declaration")?;
                return Ok(Tag::Skipped);
            }
            Some(b'!') => {
                self.input.next()?;
                let mut start = [0u8; 2];
                for byte in &mut start {
                    *byte = self.input.expect("comment")?;
                }
                if start != *b"--" {
                    let problem = if start == *b"[C" {
                        "a CDATA section is not accepted"
                    } else {
                        "a DOCTYPE or other declaration is not accepted"
                    };
                    return Err(stop(self.enclosing(), ListProblem::Xml(problem)));
                }
                self.input.skip_past(b"-->", MAX_COMMENT, "comment")?;
                return Ok(Tag::Skipped);
            }
            _ => {}
        }
        let end = self.input.peek()? == Some(b'/');
        if end {
            self.input.next()?;
        }
        let mut name = Vec::new();
        let mut length = 1 + usize::from(end);
        let mut quote: Option<u8> = None;
        let mut in_name = true;
        let mut slash = false;
        loop {
            let byte = self.input.expect("tag")?;
            length += 1;
            if length > MAX_TAG {
                let shown = String::from_utf8_lossy(&name).into_owned();
                return Err(stop(shown, ListProblem::TooLong { max: MAX_TAG }));
            }
            if let Some(open) = quote {
                if byte == open {
                    quote = None;
                }
                continue;
            }
            match byte {
                b'>' => break,
                b'"' | b'\'' if !in_name && !end => quote = Some(byte),
                b'/' if !end => {
                    in_name = false;
                    slash = true;
                    continue;
                }
                b if b.is_ascii_whitespace() => in_name = false,
                _ if in_name => {
                    if name.len() == MAX_NAME {
                        let shown = String::from_utf8_lossy(&name).into_owned();
                        return Err(stop(shown, ListProblem::TooLong { max: MAX_NAME }));
                    }
                    name.push(byte.to_ascii_lowercase());
                }
                _ if end => return Err(stop(self.enclosing(), ListProblem::Xml("a bad end tag"))),
                _ => {}
            }
            slash = false;
        }
        if name.is_empty() {
            return Err(stop(
                self.enclosing(),
                ListProblem::Xml("a tag without a name"),
            ));
        }
        // A local name: a namespace prefix is dropped.
        if let Some(colon) = name.iter().rposition(|&b| b == b':') {
            name.drain(..=colon);
        }
        Ok(if end {
            Tag::End(name)
        } else if slash {
            Tag::Empty(name)
        } else {
            Tag::Start(name)
        })
    }

    /// Reads up to the next player (or the end of the list).
    fn read(&mut self) -> Result<Option<Result<ListPlayer, ListError>>, Stop> {
        let mut player: Option<PlayerInProgress> = None;
        loop {
            self.text(&mut player)?;
            if self.input.next()?.is_none() {
                if player.is_some() || !self.root_seen || !self.open.is_empty() {
                    return Err(stop(self.enclosing(), ListProblem::Truncated));
                }
                return Ok(None);
            }
            let line = self.input.line;
            match self.tag()? {
                Tag::Skipped => {}
                Tag::Start(name) | Tag::Empty(name)
                    if self.open.is_empty() && (self.root_seen || name != b"playerslist") =>
                {
                    return Err(stop("", ListProblem::NotAList));
                }
                Tag::Start(name) => {
                    self.start(&name, &mut player)?;
                    if self.open.len() == MAX_DEPTH {
                        return Err(stop(
                            String::from_utf8_lossy(&name).into_owned(),
                            ListProblem::TooDeep { max: MAX_DEPTH },
                        ));
                    }
                    if self.open.is_empty() {
                        self.root_seen = true;
                    }
                    self.open.push(name);
                }
                Tag::Empty(name) => {
                    self.start(&name, &mut player)?;
                    match self.open.len() {
                        1 if name == b"player" => {
                            if let Some(done) = player.take() {
                                return Ok(Some(finish(done, line)));
                            }
                        }
                        2 => self.end_field(&mut player, line),
                        _ => {}
                    }
                }
                Tag::End(name) => {
                    if self.open.last() != Some(&name) {
                        return Err(stop(
                            String::from_utf8_lossy(&name).into_owned(),
                            ListProblem::Xml("an end tag that does not close the open element"),
                        ));
                    }
                    self.open.pop();
                    match self.open.len() {
                        0 => return Ok(None),
                        1 if name == b"player" => {
                            if let Some(done) = player.take() {
                                return Ok(Some(finish(done, line)));
                            }
                        }
                        2 => self.end_field(&mut player, line),
                        _ => {}
                    }
                }
            }
        }
    }

    /// An element starts (`open` not yet holding it).
    fn start(&mut self, name: &[u8], player: &mut Option<PlayerInProgress>) -> Result<(), Stop> {
        match (self.open.len(), player.as_mut()) {
            (1, _) if name == b"player" => {
                *player = Some(PlayerInProgress {
                    player: ListPlayer::default(),
                    error: None,
                    elements: 0,
                    field: None,
                });
            }
            (2, Some(current)) => {
                current.elements += 1;
                if current.elements > MAX_ELEMENTS {
                    return Err(stop(
                        "player",
                        ListProblem::TooManyElements { max: MAX_ELEMENTS },
                    ));
                }
                current.field = self
                    .field(name)
                    .map(|(field, label)| (field, label, Vec::new()));
            }
            _ => {}
        }
        Ok(())
    }

    /// A field element of the player ends: its text is checked and kept.
    fn end_field(&mut self, player: &mut Option<PlayerInProgress>, line: u64) {
        let Some(current) = player.as_mut() else {
            return;
        };
        let Some((field, label, value)) = current.field.take() else {
            return;
        };
        let text = super::decode(&value);
        if let Err(error) = apply(&mut current.player, field, label, text.trim(), line)
            && current.error.is_none()
        {
            current.error = Some(error);
        }
    }
}

/// A player read whole: the player, or its first problem.
fn finish(done: PlayerInProgress, line: u64) -> Result<ListPlayer, ListError> {
    if let Some(error) = done.error {
        return Err(error);
    }
    let found = done.player;
    if found.fide_id == 0 || found.name.is_empty() {
        let missing = if found.fide_id == 0 { "fideid" } else { "name" };
        return Err(ListError {
            line,
            field: missing.to_owned(),
            value: String::new(),
            problem: ListProblem::Required,
        });
    }
    Ok(found)
}

impl<R: Read> Iterator for XmlListReader<R> {
    type Item = Result<ListPlayer, ListError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        match self.read() {
            Ok(Some(player)) => Some(player),
            Ok(None) => {
                self.done = true;
                None
            }
            Err(Stop { field, problem }) => {
                self.done = true;
                Some(Err(ListError {
                    line: self.input.line,
                    field: field.chars().take(40).collect(),
                    value: String::new(),
                    problem,
                }))
            }
        }
    }
}

impl<R: Read> PlayerSource for XmlListReader<R> {
    fn line(&self) -> u64 {
        self.input.line
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_xml_list_reads_as_the_txt_list_does_with_errors_named() {
        let text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<playerslist>\n<player>\n<fideid>1503014</fideid>\n<name>Carlsen, Magnus</name>\n<country>NOR</country>\n<sex>M</sex>\n<title>GM</title>\n<w_title></w_title>\n<o_title></o_title>\n<foa_title></foa_title>\n<rating>2833</rating>\n<games>0</games>\n<k>10</k>\n<rapid_rating>2819</rapid_rating>\n<blitz_rating>0</blitz_rating>\n<birthday>1990</birthday>\n<flag></flag>\n</player>\n<player><fideid>2</fideid><name>O&apos;Brien, Sean</name><country>IRL</country><sex>M</sex><rating>0</rating><birthday>0</birthday><flag>wi</flag></player>\n<player><fideid>3</fideid><name>Bad, Year</name><country>CZE</country><sex>M</sex><birthday>1700</birthday></player>\n</playerslist>\n";
        let mut reader = XmlListReader::new(text.as_bytes(), RatingKind::Standard);
        let first = reader.next().expect("a player").expect("valid");
        assert_eq!(first.fide_id, 1503014);
        assert_eq!(first.name, "Carlsen, Magnus");
        assert_eq!(
            (first.standard, first.rapid, first.blitz),
            (Some(2833), Some(2819), None)
        );
        assert_eq!(
            (first.sex.as_str(), first.title.as_str(), first.birth_year),
            ("m", "GM", Some(1990))
        );
        let second = reader.next().expect("a player").expect("valid");
        assert_eq!(second.name, "O'Brien, Sean");
        assert!(second.inactive);
        assert_eq!(second.standard, None);
        let third = reader.next().expect("a player").expect_err("a bad year");
        assert_eq!(third.field, "birthday");
        assert_eq!(third.line, 21, "the line of the bad player: {third}");
        assert!(reader.next().is_none());
        let mut not_a_list = XmlListReader::new("<html></html>".as_bytes(), RatingKind::Standard);
        assert!(not_a_list.next().expect("an error").is_err());
        assert!(not_a_list.next().is_none());
    }
}
