//! Text files as other programs save them: the encoding of an uploaded or opened file is found,
//! not assumed. Every reader entry point (web uploads, CLI files) turns bytes into text here.
//!
//! In order: a byte-order mark (UTF-8, UTF-16LE, UTF-16BE) decides; else valid UTF-8 is UTF-8;
//! else UTF-16 without a mark is recognised by its zero bytes; else the legacy single-byte
//! encoding is guessed from the bytes (`chardetng`, as Firefox does): Windows-1250 and
//! ISO-8859-2 for Czech, Slovak, Hungarian and Serbian Latin files, Windows-1252 for western
//! ones. The caller is told which encoding was read ([`Decoded::encoding`]) so that it can say
//! so. Bytes no text encoding gives (zero bytes in a file that is not UTF-16) are refused.

use encoding_rs::{Encoding, UTF_8, UTF_16BE, UTF_16LE};

/// A file's text and the encoding it was read in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decoded {
    /// The text, without a byte-order mark.
    pub text: String,
    /// The encoding's name as the WHATWG Encoding Standard writes it (`UTF-8`,
    /// `windows-1250`, `ISO-8859-2`, `UTF-16LE`).
    pub encoding: &'static str,
    /// True when the encoding was guessed from the bytes rather than known (a byte-order mark
    /// or valid UTF-8).
    pub guessed: bool,
}

/// Why bytes are not a text file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TextError {
    /// A zero byte outside UTF-16: a binary file (a spreadsheet, an image, a zip).
    #[error("byte {offset} is zero: not a text file")]
    Binary {
        /// 0-based offset of the first zero byte.
        offset: usize,
    },
}

/// Reads `bytes` as text in the encoding they were written in.
pub fn decode(bytes: &[u8]) -> Result<Decoded, TextError> {
    if let Some((encoding, bom)) = Encoding::for_bom(bytes) {
        return Ok(decoded(encoding, &bytes[bom..], false));
    }
    if let Ok(text) = std::str::from_utf8(bytes) {
        if let Some(offset) = text.find('\0') {
            if let Some(encoding) = utf16_without_bom(bytes) {
                return Ok(decoded(encoding, bytes, true));
            }
            return Err(TextError::Binary { offset });
        }
        return Ok(Decoded {
            text: text.to_owned(),
            encoding: UTF_8.name(),
            guessed: false,
        });
    }
    if let Some(encoding) = utf16_without_bom(bytes) {
        return Ok(decoded(encoding, bytes, true));
    }
    if let Some(offset) = bytes.iter().position(|&b| b == 0) {
        return Err(TextError::Binary { offset });
    }
    let mut detector = chardetng::EncodingDetector::new();
    detector.feed(bytes, true);
    let encoding = detector.guess(None, true);
    Ok(decoded(encoding, bytes, true))
}

fn decoded(encoding: &'static Encoding, bytes: &[u8], guessed: bool) -> Decoded {
    let (text, _) = encoding.decode_without_bom_handling(bytes);
    Decoded {
        text: text.into_owned(),
        encoding: encoding.name(),
        guessed,
    }
}

/// UTF-16 without a byte-order mark: an even length and, in text of Latin letters, digits and
/// spaces, a zero in most of the high bytes (even offsets for big-endian, odd for little).
fn utf16_without_bom(bytes: &[u8]) -> Option<&'static Encoding> {
    if bytes.len() < 4 || !bytes.len().is_multiple_of(2) {
        return None;
    }
    let pairs = bytes.len() / 2;
    let zeros_at = |parity: usize| {
        bytes
            .iter()
            .skip(parity)
            .step_by(2)
            .filter(|&&b| b == 0)
            .count()
    };
    let (even, odd) = (zeros_at(0), zeros_at(1));
    if odd * 10 >= pairs * 7 && even == 0 {
        Some(UTF_16LE)
    } else if even * 10 >= pairs * 7 && odd == 0 {
        Some(UTF_16BE)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NAMES: &str = "001    1 m    Dvořák, Jan\n001    2 m    Šťastný, Petr\n\
                         001    3 m    Őry, Gábor\n001    4 m    Ďurica, Martin\n\
                         001    5 w    Žilinská, Ľubica\n001    6 m    Čermák, Luboš\n";

    fn encoded(encoding: &'static Encoding, text: &str) -> Vec<u8> {
        let (bytes, _, unmappable) = encoding.encode(text);
        assert!(!unmappable, "{} cannot write the names", encoding.name());
        bytes.into_owned()
    }

    #[test]
    fn utf8_with_and_without_byte_order_mark() {
        let read = decode(NAMES.as_bytes()).expect("UTF-8");
        assert_eq!((read.text.as_str(), read.encoding), (NAMES, "UTF-8"));
        assert!(!read.guessed);
        let mut marked = b"\xef\xbb\xbf".to_vec();
        marked.extend_from_slice(NAMES.as_bytes());
        let read = decode(&marked).expect("UTF-8 with BOM");
        assert_eq!((read.text.as_str(), read.encoding), (NAMES, "UTF-8"));
    }

    #[test]
    fn utf16_with_byte_order_mark_and_without() {
        for (bom, encoding) in [(&[0xff, 0xfe], UTF_16LE), (&[0xfe, 0xff], UTF_16BE)] {
            let units: Vec<u16> = NAMES.encode_utf16().collect();
            let mut bytes = bom.to_vec();
            let plain: Vec<u8> = units
                .iter()
                .flat_map(|u| {
                    if encoding == UTF_16LE {
                        u.to_le_bytes()
                    } else {
                        u.to_be_bytes()
                    }
                })
                .collect();
            bytes.extend_from_slice(&plain);
            let read = decode(&bytes).expect("UTF-16");
            assert_eq!(
                (read.text.as_str(), read.encoding),
                (NAMES, encoding.name())
            );
            let read = decode(&plain).expect("UTF-16 without BOM");
            assert_eq!(
                (read.text.as_str(), read.encoding),
                (NAMES, encoding.name())
            );
            assert!(read.guessed);
        }
    }

    #[test]
    fn central_european_legacy_encodings_are_recognised() {
        for encoding in [encoding_rs::WINDOWS_1250, encoding_rs::ISO_8859_2] {
            let read = decode(&encoded(encoding, NAMES)).expect("legacy");
            assert_eq!(read.text, NAMES, "{}", encoding.name());
            assert_eq!(read.encoding, encoding.name());
            assert!(read.guessed);
        }
    }

    #[test]
    fn western_names_in_windows_1252() {
        let names = "001    1 m    Müller, Jürgen\n001    2 w    Szabó, Réka\n\
                     001    3 m    Horváth, Zoltán\n001    4 w    Kovács, Anna\n";
        let read = decode(&encoded(encoding_rs::WINDOWS_1252, names)).expect("1252");
        assert_eq!(read.text, names, "read as {}", read.encoding);
    }

    #[test]
    fn binary_files_are_refused() {
        assert_eq!(
            decode(b"PK\x03\x04\x14\x00\x06\x00\x08\x00\x00\x00!\x00\xff"),
            Err(TextError::Binary { offset: 5 })
        );
    }
}
