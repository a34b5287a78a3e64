//! FIDE's rating list in XML (`players_list_xml_foa.xml`, the single XML lists):
//! `<playerslist><player><fideid>…</fideid><name>…</name>…</player>…`, read one `<player>` at a
//! time with the same field checks as the TXT list ([`super::apply`]).

use std::io::BufRead;

use super::{
    Field, ListError, ListPlayer, ListProblem, PlayerSource, RatingKind, apply, line_error,
};

/// The longest text of one XML element kept, in characters (a name is at most about 60).
const MAX_XML_TEXT: usize = 200;

/// Reads FIDE's XML list (`<playerslist><player><fideid>…</fideid><name>…</name>…`), streaming
/// one `<player>` at a time: the same fields and checks as the TXT list. Elements: `fideid`,
/// `name`, `country`, `sex`, `title`, `w_title`, `rating` (the single list's kind, standard in
/// the combined list), `rapid_rating`, `blitz_rating`, `birthday`, `flag`; others are skipped.
pub struct XmlListReader<R> {
    reader: quick_xml::Reader<R>,
    buffer: Vec<u8>,
    line: u64,
    single: RatingKind,
    root_seen: bool,
    done: bool,
}

impl<R: BufRead> XmlListReader<R> {
    /// A reader of `input`; `single` is the kind of the `rating` element.
    pub fn new(input: R, single: RatingKind) -> Self {
        XmlListReader {
            reader: quick_xml::Reader::from_reader(input),
            buffer: Vec::new(),
            line: 1,
            single,
            root_seen: false,
            done: false,
        }
    }

    fn field(&self, tag: &[u8]) -> Option<Field> {
        Some(match tag {
            b"fideid" => Field::Id,
            b"name" => Field::Name,
            b"country" => Field::Federation,
            b"sex" => Field::Sex,
            b"title" => Field::Title,
            b"w_title" => Field::WomenTitle,
            b"rating" => Field::Rating(self.single),
            b"rapid_rating" => Field::Rating(RatingKind::Rapid),
            b"blitz_rating" => Field::Rating(RatingKind::Blitz),
            b"birthday" => Field::BirthYear,
            b"flag" => Field::Flag,
            _ => return None,
        })
    }

    fn fail(&mut self, problem: ListProblem) -> Option<Result<ListPlayer, ListError>> {
        self.done = true;
        Some(Err(line_error(self.line, problem)))
    }
}

impl<R: BufRead> Iterator for XmlListReader<R> {
    type Item = Result<ListPlayer, ListError>;

    fn next(&mut self) -> Option<Self::Item> {
        use quick_xml::events::Event;
        if self.done {
            return None;
        }
        // The player being read: its fields as (field, tag, text), and the element open.
        let mut player: Option<Vec<(Field, String, String)>> = None;
        let mut open: Option<(Field, String)> = None;
        loop {
            self.buffer.clear();
            let event = match self.reader.read_event_into(&mut self.buffer) {
                Ok(event) => event,
                Err(_) => return self.fail(ListProblem::NotAList),
            };
            match event {
                Event::Start(start) => {
                    let tag = start
                        .local_name()
                        .as_ref()
                        .to_ascii_lowercase()
                        .into_bytes();
                    if !self.root_seen {
                        if tag != b"playerslist" {
                            return self.fail(ListProblem::NotAList);
                        }
                        self.root_seen = true;
                    } else if tag == b"player" {
                        player = Some(Vec::new());
                    } else if player.is_some() {
                        open = self
                            .field(&tag)
                            .map(|field| (field, String::from_utf8_lossy(&tag).into_owned()));
                        if let (Some((field, label)), Some(fields)) = (&open, &mut player) {
                            fields.push((*field, label.clone(), String::new()));
                        }
                    }
                }
                Event::Text(text) => {
                    let content = text.xml10_content();
                    self.line += content.matches('\n').count() as u64;
                    if let (Some(_), Some(fields)) = (&open, &mut player)
                        && let Some(last) = fields.last_mut()
                        && last.2.chars().count() < MAX_XML_TEXT
                    {
                        last.2.push_str(&content);
                    }
                }
                Event::GeneralRef(reference) => {
                    let name = reference.xml10_content();
                    let c = match reference.resolve_char_ref() {
                        Ok(Some(c)) => Some(c),
                        _ => match name.as_ref() {
                            "amp" => Some('&'),
                            "lt" => Some('<'),
                            "gt" => Some('>'),
                            "quot" => Some('"'),
                            "apos" => Some('\''),
                            _ => None,
                        },
                    };
                    if let (Some(c), Some(_), Some(fields)) = (c, &open, &mut player)
                        && let Some(last) = fields.last_mut()
                    {
                        last.2.push(c);
                    }
                }
                Event::End(end) => {
                    let tag = end.local_name().as_ref().to_ascii_lowercase().into_bytes();
                    open = None;
                    if tag == b"player"
                        && let Some(fields) = player.take()
                    {
                        let mut found = ListPlayer::default();
                        for (field, label, value) in &fields {
                            if let Err(error) =
                                apply(&mut found, *field, label, value.trim(), self.line)
                            {
                                return Some(Err(error));
                            }
                        }
                        if found.fide_id == 0 || found.name.is_empty() {
                            let missing = if found.fide_id == 0 { "fideid" } else { "name" };
                            return Some(Err(ListError {
                                line: self.line,
                                field: missing.to_owned(),
                                value: String::new(),
                                problem: ListProblem::Required,
                            }));
                        }
                        return Some(Ok(found));
                    }
                    if tag == b"playerslist" {
                        self.done = true;
                        return None;
                    }
                }
                Event::Eof => {
                    if player.is_some() || !self.root_seen {
                        return self.fail(ListProblem::Truncated);
                    }
                    self.done = true;
                    return None;
                }
                _ => {}
            }
        }
    }
}

impl<R: BufRead> PlayerSource for XmlListReader<R> {
    fn line(&self) -> u64 {
        self.line
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
