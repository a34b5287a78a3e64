//! Page layout shared by every printed document: paper sizes and margins, the embedded DejaVu
//! fonts with their glyph widths, text placed and shortened to fit a cell, ruled tables whose
//! header row repeats on every page (and whose columns continue on further pages when they do not
//! fit across), and a page footer with "page i of n".
//!
//! Coordinates in this module are millimetres from the **top-left** corner of the page, the way a
//! layout is drawn on paper; they are turned into PDF points (bottom-left origin) only here.

use std::sync::OnceLock;

use printpdf::{
    Color, FontId, Greyscale, Line, LineDashPattern, LinePoint, Mm, Op, PaintMode, ParsedFont,
    PdfDocument, PdfFontHandle, PdfPage, PdfSaveOptions, Point, Pt, RawImage, RawImageData,
    RawImageFormat, Rect, TextItem, TextMatrix, XObjectTransform,
};

use crate::print::PrintError;

/// Millimetres per PDF point.
const MM_PER_PT: f32 = 25.4 / 72.0;

/// The sheet of paper a document is printed on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum PaperSize {
    /// ISO A4, 210 × 297 mm.
    #[default]
    A4,
    /// US Letter, 8.5 × 11 in (215.9 × 279.4 mm).
    Letter,
}

impl PaperSize {
    /// Width and height in millimetres, portrait.
    pub fn portrait_mm(self) -> (f32, f32) {
        match self {
            PaperSize::A4 => (210.0, 297.0),
            PaperSize::Letter => (215.9, 279.4),
        }
    }

    /// Parses `a4` or `letter` (any case).
    pub fn parse(text: &str) -> Option<PaperSize> {
        match text.trim().to_ascii_lowercase().as_str() {
            "a4" => Some(PaperSize::A4),
            "letter" | "us-letter" | "usletter" => Some(PaperSize::Letter),
            _ => None,
        }
    }
}

/// Which way up the sheet is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Orientation {
    /// Taller than wide.
    #[default]
    Portrait,
    /// Wider than tall.
    Landscape,
}

/// Margin on every side, in millimetres. Office laser and inkjet printers leave 4–6 mm unprinted
/// at the edges; 12 mm keeps everything clear of that on A4 and Letter alike.
pub const MARGIN: f32 = 12.0;

/// The smallest a text is set to fit its box, as a share of its size (7.5 pt → 4.9 pt), before
/// it is shortened with an ellipsis.
pub const MIN_SHRINK: f32 = 0.65;

/// Horizontal text alignment inside a cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Align {
    /// Flush left.
    Left,
    /// Centred.
    Center,
    /// Flush right.
    Right,
}

/// One face of the embedded font with its advance widths.
#[derive(Debug)]
struct Face {
    font: ParsedFont,
    /// Advance width in font units for the code points below `widths.len()`; `u16::MAX` when
    /// the font has no glyph for it.
    widths: Vec<u16>,
    units_per_em: f32,
    /// Advance of the glyph drawn for a missing character (`.notdef`, glyph 0).
    missing: u16,
}

/// Code points with a precomputed width: Latin, Latin Extended, Greek, Cyrillic and the general
/// punctuation block (dashes, ellipsis).
const WIDTH_TABLE_END: u32 = 0x2200;

impl Face {
    fn load(bytes: &[u8], name: &str) -> Result<Face, PrintError> {
        let mut warnings = Vec::new();
        let font = ParsedFont::from_bytes(bytes, 0, &mut warnings)
            .ok_or_else(|| PrintError::Font(format!("cannot parse the embedded font {name}")))?;
        let units_per_em = f32::from(font.font_metrics.units_per_em.max(1));
        let widths = (0..WIDTH_TABLE_END)
            .map(|code| {
                font.lookup_glyph_index(code)
                    .map_or(u16::MAX, |glyph| font.get_horizontal_advance(glyph))
            })
            .collect();
        let missing = font.get_horizontal_advance(0);
        Ok(Face {
            font,
            widths,
            units_per_em,
            missing,
        })
    }

    /// Advance of `c` in font units.
    fn advance(&self, c: char) -> u16 {
        let code = c as u32;
        let width = match self.widths.get(code as usize) {
            Some(&width) => width,
            None => self
                .font
                .lookup_glyph_index(code)
                .map_or(u16::MAX, |glyph| self.font.get_horizontal_advance(glyph)),
        };
        if width == u16::MAX {
            self.missing
        } else {
            width
        }
    }

    /// Width of `text` at `size` points, in millimetres.
    fn width_mm(&self, text: &str, size: f32) -> f32 {
        let units: u32 = text.chars().map(|c| u32::from(self.advance(c))).sum();
        units as f32 / self.units_per_em * size * MM_PER_PT
    }

    /// True when the font can draw `c`.
    fn covers(&self, c: char) -> bool {
        let code = c as u32;
        match self.widths.get(code as usize) {
            Some(&width) => width != u16::MAX,
            None => self.font.lookup_glyph_index(code).is_some(),
        }
    }
}

/// The two embedded faces, parsed once per process.
#[derive(Debug)]
pub struct Fonts {
    regular: Face,
    bold: Face,
}

static FONTS: OnceLock<Result<Fonts, PrintError>> = OnceLock::new();

impl Fonts {
    /// The embedded DejaVu Sans faces (parsed on first use).
    pub fn get() -> Result<&'static Fonts, PrintError> {
        FONTS
            .get_or_init(|| {
                // The faces come from the `dejavu` crate (DejaVu 2.37, Bitstream Vera licence:
                // see the LICENSE file in the crate's `assets/dejavu-fonts-ttf-2.37/`).
                Ok(Fonts {
                    regular: Face::load(dejavu::sans::regular(), "DejaVu Sans")?,
                    bold: Face::load(dejavu::sans::bold(), "DejaVu Sans Bold")?,
                })
            })
            .as_ref()
            .map_err(Clone::clone)
    }

    fn face(&self, bold: bool) -> &Face {
        if bold { &self.bold } else { &self.regular }
    }

    /// Width of `text` set in `size` points, in millimetres, from the font's own advance widths.
    pub fn width_mm(&self, text: &str, size: f32, bold: bool) -> f32 {
        self.face(bold).width_mm(text, size)
    }

    /// True when every character of `text` has a glyph in the regular face.
    pub fn covers(&self, text: &str) -> bool {
        text.chars().all(|c| self.regular.covers(c))
    }

    /// `text` unchanged if it fits in `max_mm`, else as many leading characters as fit followed
    /// by an ellipsis ("…"), measured with the glyph widths of the face.
    pub fn fit(&self, text: &str, max_mm: f32, size: f32, bold: bool) -> String {
        let face = self.face(bold);
        let scale = size * MM_PER_PT / face.units_per_em;
        let total: u32 = text.chars().map(|c| u32::from(face.advance(c))).sum();
        if total as f32 * scale <= max_mm {
            return text.to_string();
        }
        let budget = max_mm / scale - f32::from(face.advance('…'));
        let mut used = 0.0_f32;
        let mut end = 0;
        for (index, c) in text.char_indices() {
            let advance = f32::from(face.advance(c));
            if used + advance > budget {
                break;
            }
            used += advance;
            end = index + c.len_utf8();
        }
        let kept = text[..end].trim_end_matches([' ', ',', '-', '.']);
        if kept.is_empty() && budget < 0.0 {
            return String::new();
        }
        format!("{kept}…")
    }
}

/// A document being drawn: pages of printpdf operations plus the current page.
pub struct Canvas {
    doc: PdfDocument,
    fonts: &'static Fonts,
    regular: FontId,
    bold: FontId,
    /// Page width and height in millimetres.
    width: f32,
    height: f32,
    pages: Vec<Vec<Op>>,
    ops: Vec<Op>,
    in_text: bool,
    current_font: Option<(bool, f32)>,
    current_thickness: f32,
    footer: String,
    /// False for cards cut and folded from the page, which carry no footer.
    with_footer: bool,
    page_label: String,
    of_label: String,
}

impl Canvas {
    /// A new document titled `title` on `paper` turned `orientation`. `footer` is printed at the
    /// bottom left of every page; `page_label`/`of_label` make the "Page 2 of 5" at the right.
    pub fn new(
        title: &str,
        paper: PaperSize,
        orientation: Orientation,
        footer: String,
        page_label: String,
        of_label: String,
    ) -> Result<Canvas, PrintError> {
        let fonts = Fonts::get()?;
        let mut doc = PdfDocument::new(title);
        let regular = doc.add_font(&fonts.regular.font);
        let bold = doc.add_font(&fonts.bold.font);
        let (w, h) = paper.portrait_mm();
        let (width, height) = match orientation {
            Orientation::Portrait => (w, h),
            Orientation::Landscape => (h, w),
        };
        Ok(Canvas {
            doc,
            fonts,
            regular,
            bold,
            width,
            height,
            pages: Vec::new(),
            ops: Vec::new(),
            in_text: false,
            current_font: None,
            current_thickness: -1.0,
            footer,
            with_footer: true,
            page_label,
            of_label,
        })
    }

    /// Leaves the footer and page numbers off every page (cards cut from the page).
    pub fn without_footer(&mut self) {
        self.with_footer = false;
    }

    /// The fonts, for measuring.
    pub fn fonts(&self) -> &'static Fonts {
        self.fonts
    }

    /// Page width in millimetres.
    pub fn width(&self) -> f32 {
        self.width
    }

    /// Page height in millimetres.
    pub fn height(&self) -> f32 {
        self.height
    }

    /// The lowest y (from the top) that content may use: above the bottom margin and footer.
    pub fn bottom(&self) -> f32 {
        self.height - MARGIN - 5.0
    }

    /// True when nothing has been drawn on the current page.
    pub fn page_is_empty(&self) -> bool {
        self.ops.is_empty()
    }

    /// Closes the current page (if anything is on it) and starts a new one.
    pub fn new_page(&mut self) {
        self.end_text();
        if !self.ops.is_empty() {
            let ops = std::mem::take(&mut self.ops);
            self.pages.push(ops);
        }
        self.current_font = None;
        self.current_thickness = -1.0;
    }

    fn point(&self, x: f32, y: f32) -> Point {
        Point {
            x: Pt(x / MM_PER_PT),
            y: Pt((self.height - y) / MM_PER_PT),
        }
    }

    fn begin_text(&mut self) {
        if !self.in_text {
            self.ops.push(Op::StartTextSection);
            self.in_text = true;
        }
    }

    fn end_text(&mut self) {
        if self.in_text {
            self.ops.push(Op::EndTextSection);
            self.in_text = false;
        }
    }

    /// Draws `text` with its baseline at (`x`, `y`), `size` points.
    pub fn text(&mut self, x: f32, y: f32, size: f32, bold: bool, text: &str) {
        if text.is_empty() {
            return;
        }
        self.set_font(bold, size);
        let at = self.point(x, y);
        self.ops.push(Op::SetTextMatrix {
            matrix: TextMatrix::Translate(at.x, at.y),
        });
        self.ops.push(Op::ShowText {
            items: vec![TextItem::Text(text.to_string())],
        });
    }

    /// Draws `text` in the box from `x` to `x + width`, aligned. Text too long for the box is
    /// set smaller, down to [`MIN_SHRINK`] of `size` (a name such as "WFM Nováková, Kateřina"
    /// or a heading such as "Výsledek" stays whole), and only beyond that shortened with an
    /// ellipsis. A millimetre is kept free at both sides (less in narrow boxes).
    #[expect(
        clippy::too_many_arguments,
        reason = "a cell is position, box, style and text"
    )]
    pub fn text_in(
        &mut self,
        x: f32,
        y: f32,
        width: f32,
        align: Align,
        size: f32,
        bold: bool,
        text: &str,
    ) {
        let (shown, size, left) = self.fitted(x, width, align, size, bold, text);
        self.text(left, y, size, bold, &shown);
    }

    /// `text` as [`Canvas::text_in`] sets it in the box from `x` to `x + width`: the text
    /// shown, its size and where it starts.
    fn fitted(
        &self,
        x: f32,
        width: f32,
        align: Align,
        size: f32,
        bold: bool,
        text: &str,
    ) -> (String, f32, f32) {
        let pad = 1.0_f32.min(width / 6.0);
        let room = width - 2.0 * pad;
        let natural = self.fonts.width_mm(text, size, bold);
        let size = if natural > room && natural > 0.0 {
            // A hair under the exact ratio, so that rounding does not make it miss by a
            // hundredth of a millimetre and cut the last letters.
            (size * room / natural * 0.995).max(size * MIN_SHRINK)
        } else {
            size
        };
        let shown = self.fonts.fit(text, room, size, bold);
        let used = self.fonts.width_mm(&shown, size, bold);
        let left = match align {
            Align::Left => x + pad,
            Align::Center => x + (width - used) / 2.0,
            Align::Right => x + width - pad - used,
        };
        (shown, size, left)
    }

    /// Draws `text` turned half round (upside down), for the far face of a folded card: as
    /// [`Canvas::text_in`] would set it in the box from `x` to `x + width` with its baseline at
    /// `y` on the page turned round, that is in the box from `width() - x - width` to
    /// `width() - x`, with its baseline at `height() - y` of the unturned page.
    #[expect(
        clippy::too_many_arguments,
        reason = "a cell is position, box, style and text"
    )]
    pub fn text_turned_in(
        &mut self,
        x: f32,
        y: f32,
        width: f32,
        align: Align,
        size: f32,
        bold: bool,
        text: &str,
    ) {
        if text.is_empty() {
            return;
        }
        let (shown, size, left) = self.fitted(x, width, align, size, bold, text);
        self.set_font(bold, size);
        // The point where the text starts, on the unturned page (mm from the top left).
        let at = self.point(self.width - left, self.height - y);
        self.ops.push(Op::SetTextMatrix {
            matrix: TextMatrix::Raw([-1.0, 0.0, 0.0, -1.0, at.x.0, at.y.0]),
        });
        self.ops.push(Op::ShowText {
            items: vec![TextItem::Text(shown)],
        });
    }

    /// Opens a text section with `bold` at `size` points.
    fn set_font(&mut self, bold: bool, size: f32) {
        self.begin_text();
        if self.current_font != Some((bold, size)) {
            let font = if bold { &self.bold } else { &self.regular };
            self.ops.push(Op::SetFont {
                font: PdfFontHandle::External(font.clone()),
                size: Pt(size),
            });
            self.current_font = Some((bold, size));
        }
    }

    /// Draws `text` in the box from `x` to `x + width` and from `top` to `top + height`,
    /// aligned and centred vertically: on one line when it fits (set up to 15 % smaller), else
    /// broken at spaces into
    /// as many lines as the box holds at `size` (a word too long for a line is set smaller, as
    /// [`Canvas::text_in`] does); a text that does not fit even so goes on one line through
    /// [`Canvas::text_in`] (set smaller, then shortened).
    #[expect(
        clippy::too_many_arguments,
        reason = "a cell is position, box, style and text"
    )]
    pub fn text_wrapped_in(
        &mut self,
        x: f32,
        top: f32,
        width: f32,
        height: f32,
        align: Align,
        size: f32,
        bold: bool,
        text: &str,
    ) {
        let pad = 1.0_f32.min(width / 6.0);
        let room = width - 2.0 * pad;
        let line_height = size * MM_PER_PT * 1.2;
        let max_lines = (height / line_height).floor() as usize;
        let fits = |line: &str| self.fonts.width_mm(line, size, bold) <= room;
        // A line may be set smaller by `text_in` as a single line would.
        let fits_smaller = |line: &str| self.fonts.width_mm(line, size * MIN_SHRINK, bold) <= room;
        // A text that fits when set a little smaller stays on one line.
        let fits_one_line = self.fonts.width_mm(text, size * 0.85, bold) <= room;
        if max_lines >= 2 && !fits_one_line {
            let mut lines: Vec<String> = Vec::new();
            for word in text.split_whitespace() {
                match lines.last_mut() {
                    Some(line) if fits(&format!("{line} {word}")) => {
                        line.push(' ');
                        line.push_str(word);
                    }
                    _ => lines.push(word.to_owned()),
                }
            }
            if lines.len() <= max_lines && lines.iter().all(|line| fits_smaller(line)) {
                let first = top + (height - line_height * lines.len() as f32) / 2.0;
                for (index, line) in lines.iter().enumerate() {
                    let baseline = first + line_height * (index as f32 + 0.78);
                    self.text_in(x, baseline, width, align, size, bold, line);
                }
                return;
            }
        }
        self.text_in(x, top + height * 0.72, width, align, size, bold, text);
    }

    fn set_thickness(&mut self, thickness: f32) {
        if (self.current_thickness - thickness).abs() > f32::EPSILON {
            self.ops.push(Op::SetOutlineThickness { pt: Pt(thickness) });
            self.current_thickness = thickness;
        }
    }

    /// A straight line from (`x1`, `y1`) to (`x2`, `y2`), `thickness` points wide.
    pub fn line(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, thickness: f32) {
        self.end_text();
        self.set_thickness(thickness);
        let (from, to) = (self.point(x1, y1), self.point(x2, y2));
        self.ops.push(Op::DrawLine {
            line: Line {
                points: vec![
                    LinePoint {
                        p: from,
                        bezier: false,
                    },
                    LinePoint {
                        p: to,
                        bezier: false,
                    },
                ],
                is_closed: false,
            },
        });
    }

    /// A dashed line (for cutting sheets apart).
    pub fn dashed_line(&mut self, x1: f32, y1: f32, x2: f32, y2: f32) {
        self.end_text();
        self.ops.push(Op::SetLineDashPattern {
            dash: LineDashPattern::new(0.0, &[3.0, 2.0]),
        });
        self.line(x1, y1, x2, y2, 0.4);
        self.ops.push(Op::SetLineDashPattern {
            dash: LineDashPattern::solid(),
        });
    }

    /// The outline of a rectangle with top-left corner (`x`, `y`).
    pub fn frame(&mut self, x: f32, y: f32, width: f32, height: f32, thickness: f32) {
        self.end_text();
        self.set_thickness(thickness);
        self.rectangle(x, y, width, height, PaintMode::Stroke);
    }

    /// A filled rectangle in grey (`0.0` black … `1.0` white), top-left corner (`x`, `y`).
    pub fn fill(&mut self, x: f32, y: f32, width: f32, height: f32, grey: f32) {
        self.end_text();
        self.set_grey_fill(grey);
        self.rectangle(x, y, width, height, PaintMode::Fill);
        self.set_grey_fill(0.0);
    }

    fn set_grey_fill(&mut self, grey: f32) {
        self.ops.push(Op::SetFillColor {
            col: Color::Greyscale(Greyscale {
                percent: grey,
                icc_profile: None,
            }),
        });
    }

    /// A greyscale picture (`0` black … `255` white, rows top to bottom, `columns` pixels a row)
    /// with its top-left corner at (`x`, `y`), `width` millimetres wide, square pixels, drawn
    /// sharp (no smoothing between pixels), e.g. a QR code with one pixel per module. The
    /// pixels are stored once in the document (an image XObject) and the page only places them:
    /// a few bytes of content instead of a rectangle per run of dark modules.
    pub fn grey_image(&mut self, x: f32, y: f32, width: f32, columns: usize, pixels: Vec<u8>) {
        let columns = columns.max(1);
        let rows = pixels.len() / columns;
        if rows == 0 {
            return;
        }
        self.end_text();
        let height = width * rows as f32 / columns as f32;
        let id = self.doc.add_image(&RawImage {
            pixels: RawImageData::U8(pixels),
            width: columns,
            height: rows,
            data_format: RawImageFormat::R8,
            tag: Vec::new(),
        });
        let bottom_left = self.point(x, y + height);
        self.ops.push(Op::UseXobject {
            id,
            transform: XObjectTransform {
                translate_x: Some(bottom_left.x),
                translate_y: Some(bottom_left.y),
                // The image's pixels per inch that make it `width` millimetres wide.
                dpi: Some(columns as f32 * 25.4 / width),
                ..XObjectTransform::default()
            },
        });
    }

    /// A rectangle with top-left corner (`x`, `y`), stroked or filled.
    fn rectangle(&mut self, x: f32, y: f32, width: f32, height: f32, mode: PaintMode) {
        let bottom_left = self.point(x, y + height);
        self.ops.push(Op::DrawRectangle {
            rectangle: Rect {
                x: bottom_left.x,
                y: bottom_left.y,
                width: Pt(width / MM_PER_PT),
                height: Pt(height / MM_PER_PT),
                mode: Some(mode),
                winding_order: None,
            },
        });
    }

    /// Finishes the document: adds the footer ("event … Page i of n", the event's part on two
    /// lines when it is long) to every page and returns the PDF bytes.
    pub fn finish(mut self) -> Vec<u8> {
        self.new_page();
        let total = self.pages.len();
        let pages = std::mem::take(&mut self.pages);
        let mut pdf_pages = Vec::with_capacity(total);
        for (index, ops) in pages.into_iter().enumerate() {
            self.ops = ops;
            if !self.with_footer {
                self.end_text();
                let ops = std::mem::take(&mut self.ops);
                pdf_pages.push(PdfPage::new(Mm(self.width), Mm(self.height), ops));
                continue;
            }
            let y = self.height - MARGIN + 1.0;
            let footer = self.footer.clone();
            let numbering = format!(
                "{} {} {} {}",
                self.page_label,
                index + 1,
                self.of_label,
                total
            );
            // The page number takes the room it needs; the footer text the rest.
            let right_room = self.fonts.width_mm(&numbering, 7.0, false) + 4.0;
            // A footer too long for its line takes two (the room between the content and the
            // bottom margin holds them).
            self.text_wrapped_in(
                MARGIN,
                self.height - MARGIN - 4.9,
                self.width - 2.0 * MARGIN - right_room,
                6.9,
                Align::Left,
                7.0,
                false,
                &footer,
            );
            self.text_in(
                self.width - MARGIN - right_room,
                y,
                right_room,
                Align::Right,
                7.0,
                false,
                &numbering,
            );
            self.end_text();
            self.current_font = None;
            let ops = std::mem::take(&mut self.ops);
            pdf_pages.push(PdfPage::new(Mm(self.width), Mm(self.height), ops));
        }
        let mut warnings = Vec::new();
        self.doc
            .with_pages(pdf_pages)
            .save(&PdfSaveOptions::default(), &mut warnings)
    }
}

/// A column of a [`Table`].
#[derive(Debug, Clone)]
pub struct Column {
    /// Heading.
    pub title: String,
    /// Width in millimetres.
    pub width: f32,
    /// Alignment of the heading and cells.
    pub align: Align,
    /// Cells in bold.
    pub bold: bool,
}

impl Column {
    /// A column with regular cells.
    pub fn new(title: impl Into<String>, width: f32, align: Align) -> Column {
        Column {
            title: title.into(),
            width,
            align,
            bold: false,
        }
    }

    /// The same column with bold cells.
    pub fn bold(mut self) -> Column {
        self.bold = true;
        self
    }
}

/// A ruled table: the first `fixed` columns are repeated when the others do not fit across the
/// page and continue on further pages; the header row is repeated at the top of every page.
pub struct Table {
    /// The columns, left to right.
    pub columns: Vec<Column>,
    /// How many leading columns identify a row (repeated on every horizontal part).
    pub fixed: usize,
    /// Font size of the cells, points.
    pub font_size: f32,
    /// Row height, millimetres.
    pub row_height: f32,
    /// Shade every other row (easier to follow a long line across a wallchart).
    pub zebra: bool,
}

impl Table {
    /// Splits the non-fixed columns into parts that fit in `width` next to the fixed columns.
    fn parts(&self, width: f32) -> Vec<Vec<usize>> {
        let fixed: Vec<usize> = (0..self.fixed.min(self.columns.len())).collect();
        let fixed_width: f32 = fixed.iter().map(|&i| self.columns[i].width).sum();
        let mut parts = Vec::new();
        let mut current = fixed.clone();
        let mut used = fixed_width;
        for index in self.fixed..self.columns.len() {
            let w = self.columns[index].width;
            if used + w > width + 0.01 && current.len() > fixed.len() {
                parts.push(std::mem::replace(&mut current, fixed.clone()));
                used = fixed_width;
            }
            current.push(index);
            used += w;
        }
        if current.len() > fixed.len() || parts.is_empty() {
            parts.push(current);
        }
        parts
    }

    /// Draws `rows` (one string per column). `page_heading` draws the title block of a new page
    /// and returns the y where the table starts. Starts on the current page at `start_y` (pass
    /// `None` to begin with a fresh page).
    pub fn draw(
        &self,
        canvas: &mut Canvas,
        rows: &[Vec<String>],
        page_heading: &mut dyn FnMut(&mut Canvas) -> f32,
    ) -> f32 {
        self.draw_with(canvas, rows, page_heading, &mut |_, _, _| {})
    }

    /// Like [`Table::draw`], then calls `after_row(canvas, row_index, top_y)` for every row
    /// drawn (to add graphics such as QR codes inside the row).
    pub fn draw_with(
        &self,
        canvas: &mut Canvas,
        rows: &[Vec<String>],
        page_heading: &mut dyn FnMut(&mut Canvas) -> f32,
        after_row: &mut dyn FnMut(&mut Canvas, usize, f32),
    ) -> f32 {
        let width = canvas.width() - 2.0 * MARGIN;
        let mut y = 0.0;
        for part in self.parts(width) {
            y = self.start_page(canvas, &part, page_heading);
            for (row_index, row) in rows.iter().enumerate() {
                if y + self.row_height > canvas.bottom() {
                    y = self.start_page(canvas, &part, page_heading);
                }
                self.draw_row(canvas, &part, row, y, row_index);
                after_row(canvas, row_index, y);
                y += self.row_height;
            }
        }
        y
    }

    fn start_page(
        &self,
        canvas: &mut Canvas,
        part: &[usize],
        page_heading: &mut dyn FnMut(&mut Canvas) -> f32,
    ) -> f32 {
        canvas.new_page();
        let y = page_heading(canvas);
        let height = (self.row_height * 1.2).min(9.0);
        let total: f32 = part.iter().map(|&i| self.columns[i].width).sum();
        canvas.fill(MARGIN, y, total, height, 0.85);
        let baseline = y + height * 0.7;
        let mut x = MARGIN;
        for &index in part {
            let column = &self.columns[index];
            canvas.text_in(
                x,
                baseline,
                column.width,
                column.align,
                self.font_size,
                true,
                &column.title,
            );
            x += column.width;
        }
        canvas.line(MARGIN, y + height, MARGIN + total, y + height, 0.8);
        y + height
    }

    fn draw_row(&self, canvas: &mut Canvas, part: &[usize], row: &[String], y: f32, index: usize) {
        let total: f32 = part.iter().map(|&i| self.columns[i].width).sum();
        if self.zebra && index % 2 == 1 {
            canvas.fill(MARGIN, y, total, self.row_height, 0.94);
        }
        let mut x = MARGIN;
        for &column_index in part {
            let column = &self.columns[column_index];
            if let Some(cell) = row.get(column_index) {
                canvas.text_wrapped_in(
                    x,
                    y,
                    column.width,
                    self.row_height,
                    column.align,
                    self.font_size,
                    column.bold,
                    cell,
                );
            }
            x += column.width;
        }
        canvas.line(
            MARGIN,
            y + self.row_height,
            MARGIN + total,
            y + self.row_height,
            0.25,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fit_keeps_short_text_and_shortens_long_text_with_ellipsis() {
        let fonts = Fonts::get().expect("embedded fonts parse");
        assert_eq!(fonts.fit("Őry", 30.0, 9.0, false), "Őry");
        let long = "Jovanović-Šťastný, Aleksandar Konstantin Maximilian";
        let cut = fonts.fit(long, 30.0, 9.0, false);
        assert!(cut.ends_with('…'), "{cut}");
        assert!(cut.len() < long.len());
        assert!(fonts.width_mm(&cut, 9.0, false) <= 30.0 + 1e-3);
        // Bold is wider than regular, so it keeps fewer characters.
        let bold = fonts.fit(long, 30.0, 9.0, true);
        assert!(bold.chars().count() <= cut.chars().count());
    }

    #[test]
    fn widths_come_from_the_font() {
        let fonts = Fonts::get().expect("embedded fonts parse");
        // "W" is wider than "i" in DejaVu Sans; a 10 pt "M" is a few millimetres wide.
        assert!(fonts.width_mm("W", 10.0, false) > fonts.width_mm("i", 10.0, false) * 2.0);
        let m = fonts.width_mm("M", 10.0, false);
        assert!(m > 2.5 && m < 4.0, "{m}");
        assert!(fonts.covers("Šťastný Őry Јовановић Łukasz"));
    }

    #[test]
    fn table_splits_columns_that_do_not_fit_and_repeats_fixed_ones() {
        let mut columns = vec![Column::new("No", 10.0, Align::Right)];
        columns.extend((0..30).map(|i| Column::new(i.to_string(), 10.0, Align::Center)));
        let table = Table {
            columns,
            fixed: 1,
            font_size: 8.0,
            row_height: 5.0,
            zebra: false,
        };
        let parts = table.parts(100.0);
        assert_eq!(parts.len(), 4);
        assert!(parts.iter().all(|p| p[0] == 0));
        assert_eq!(parts[0].len(), 10);
        let all: Vec<usize> = parts.iter().flat_map(|p| p[1..].to_vec()).collect();
        assert_eq!(all, (1..31).collect::<Vec<_>>());
    }
}
