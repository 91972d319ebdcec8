//! A glyph subset of a TrueType font for PDF embedding: the glyphs a document shows (and the
//! components of composite ones), renumbered from 0 in their original order, with their
//! outlines and metrics. Tables a PDF viewer does not read for a CID font (cmap, layout tables, glyph names) are
//! left out. Used for the script fonts (Droid Sans Fallback is 4 MB whole, a label uses a few
//! dozen of its glyphs). Pure: the same font and glyphs give the same bytes.

use std::collections::{BTreeMap, BTreeSet};

/// The tables kept, in tag order (the table directory must be sorted).
const KEEP: [&[u8; 4]; 12] = [
    b"OS/2", b"cvt ", b"fpgm", b"glyf", b"head", b"hhea", b"hmtx", b"loca", b"maxp", b"name",
    b"post", b"prep",
];

fn u16_at(b: &[u8], at: usize) -> Option<u16> {
    Some(u16::from_be_bytes(b.get(at..at + 2)?.try_into().ok()?))
}

fn u32_at(b: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_be_bytes(b.get(at..at + 4)?.try_into().ok()?))
}

/// The tables of an sfnt font by tag.
fn tables(font: &[u8]) -> Option<Vec<([u8; 4], &[u8])>> {
    let count = usize::from(u16_at(font, 4)?);
    (0..count)
        .map(|i| {
            let rec = 12 + 16 * i;
            let tag: [u8; 4] = font.get(rec..rec + 4)?.try_into().ok()?;
            let offset = u32_at(font, rec + 8)? as usize;
            let len = u32_at(font, rec + 12)? as usize;
            Some((tag, font.get(offset..offset.checked_add(len)?)?))
        })
        .collect()
}

/// Glyph `g`'s bytes in `glyf`.
fn glyph<'a>(glyf: &'a [u8], loca: &[u8], long: bool, g: u16) -> Option<&'a [u8]> {
    let i = usize::from(g);
    let (start, end) = if long {
        (
            u32_at(loca, 4 * i)? as usize,
            u32_at(loca, 4 * i + 4)? as usize,
        )
    } else {
        (
            2 * usize::from(u16_at(loca, 2 * i)?),
            2 * usize::from(u16_at(loca, 2 * i + 2)?),
        )
    };
    glyf.get(start..end.max(start))
}

/// The glyphs a composite glyph is built from, each with the byte offset of its glyph index
/// in `data` (rewritten when the subset renumbers glyphs).
fn components(data: &[u8]) -> Vec<(usize, u16)> {
    let mut out = Vec::new();
    if data.len() < 10 || (data[0] & 0x80) == 0 {
        return out; // empty or simple (numberOfContours >= 0)
    }
    let mut at = 10;
    while let (Some(flags), Some(g)) = (u16_at(data, at), u16_at(data, at + 2)) {
        out.push((at + 2, g));
        at += 4 + if flags & 0x0001 != 0 { 4 } else { 2 };
        at += if flags & 0x0008 != 0 {
            2
        } else if flags & 0x0040 != 0 {
            4
        } else if flags & 0x0080 != 0 {
            8
        } else {
            0
        };
        if flags & 0x0020 == 0 {
            break;
        }
    }
    out
}

/// A subset font and how its glyphs are numbered.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Subset {
    pub bytes: Vec<u8>,
    /// Original glyph id → glyph id in the subset.
    pub ids: BTreeMap<u16, u16>,
    /// Advance width of each subset glyph (font units), by subset glyph id.
    pub advances: Vec<u16>,
}

/// `font` reduced to `keep` (with `.notdef` first, and the components of composite glyphs),
/// the glyphs renumbered 0, 1, 2, … in their original order: a label's few CJK glyphs
/// would otherwise carry the metrics and locations of tens of thousands of others. Then
/// `ghosts` empty glyphs of no width (ids from `advances.len() - ghosts`): the PDF maps
/// each to a character a ligature joins, so copied text keeps it.
pub(crate) fn subset(font: &[u8], keep: &BTreeSet<u16>, ghosts: u16) -> Result<Subset, String> {
    let bad = |what: &str| format!("font subset: {what}");
    let tables = tables(font).ok_or_else(|| bad("bad table directory"))?;
    let find = |tag: &[u8; 4]| tables.iter().find(|(t, _)| t == tag).map(|(_, d)| *d);
    let head = find(b"head").ok_or_else(|| bad("no head"))?;
    let maxp = find(b"maxp").ok_or_else(|| bad("no maxp"))?;
    let hhea = find(b"hhea").ok_or_else(|| bad("no hhea"))?;
    let hmtx = find(b"hmtx").ok_or_else(|| bad("no hmtx"))?;
    let (glyf, loca) = match (find(b"glyf"), find(b"loca")) {
        (Some(g), Some(l)) => (g, l),
        _ => return Err(bad("not TrueType outlines")),
    };
    let long = u16_at(head, 50).ok_or_else(|| bad("short head"))? == 1;
    let count = u16_at(maxp, 4).ok_or_else(|| bad("short maxp"))?;
    let metrics = u16_at(hhea, 34).ok_or_else(|| bad("short hhea"))?;
    if metrics == 0 || new_len_check(hmtx, metrics, count).is_none() {
        return Err(bad("short hmtx"));
    }

    // The glyphs kept, with composite components (their closure).
    let mut kept: BTreeSet<u16> = keep.iter().copied().filter(|g| *g < count).collect();
    kept.insert(0);
    let mut todo: Vec<u16> = kept.iter().copied().collect();
    while let Some(g) = todo.pop() {
        for (_, c) in components(glyph(glyf, loca, long, g).unwrap_or(&[])) {
            if c < count && kept.insert(c) {
                todo.push(c);
            }
        }
    }
    let ids: BTreeMap<u16, u16> = kept
        .iter()
        .enumerate()
        .map(|(new, old)| (*old, new as u16))
        .collect();

    let mut new_glyf: Vec<u8> = Vec::new();
    let mut offsets: Vec<u32> = Vec::with_capacity(kept.len() + 1);
    let mut new_hmtx: Vec<u8> = Vec::with_capacity(4 * kept.len());
    let mut advances = Vec::with_capacity(kept.len());
    for old in &kept {
        offsets.push(new_glyf.len() as u32);
        let mut data = glyph(glyf, loca, long, *old).unwrap_or(&[]).to_vec();
        for (at, c) in components(&data) {
            let new = ids.get(&c).copied().unwrap_or(0);
            data[at..at + 2].copy_from_slice(&new.to_be_bytes());
        }
        new_glyf.extend_from_slice(&data);
        while !new_glyf.len().is_multiple_of(4) {
            new_glyf.push(0);
        }
        // Past the font's full records a glyph has the last advance and its own bearing.
        let (advance, lsb) = if *old < metrics {
            let at = 4 * usize::from(*old);
            (u16_at(hmtx, at), u16_at(hmtx, at + 2))
        } else {
            let last = 4 * usize::from(metrics - 1);
            let at = 4 * usize::from(metrics) + 2 * usize::from(old - metrics);
            (u16_at(hmtx, last), u16_at(hmtx, at))
        };
        let (advance, lsb) = (advance.unwrap_or(0), lsb.unwrap_or(0));
        new_hmtx.extend_from_slice(&advance.to_be_bytes());
        new_hmtx.extend_from_slice(&lsb.to_be_bytes());
        advances.push(advance);
    }
    for _ in 0..ghosts {
        offsets.push(new_glyf.len() as u32);
        new_hmtx.extend_from_slice(&[0; 4]);
        advances.push(0);
    }
    offsets.push(new_glyf.len() as u32);
    let n = u16::try_from(kept.len() + usize::from(ghosts)).map_err(|_| bad("too many glyphs"))?;
    // Short offsets (halved, 16 bits) when the outlines fit in 128 KiB.
    let short = new_glyf.len() < 0x2_0000;
    let new_loca: Vec<u8> = if short {
        offsets
            .iter()
            .flat_map(|o| ((o / 2) as u16).to_be_bytes())
            .collect()
    } else {
        offsets.iter().flat_map(|o| o.to_be_bytes()).collect()
    };

    let mut new_head = head.to_vec();
    new_head
        .get_mut(8..12)
        .ok_or_else(|| bad("short head"))?
        .copy_from_slice(&[0; 4]);
    new_head[50..52].copy_from_slice(&u16::from(!short).to_be_bytes());
    let mut new_maxp = maxp.to_vec();
    new_maxp[4..6].copy_from_slice(&n.to_be_bytes());
    let mut new_hhea = hhea.to_vec();
    new_hhea[34..36].copy_from_slice(&n.to_be_bytes());

    let mut out_tables: Vec<([u8; 4], Vec<u8>)> = Vec::new();
    for tag in KEEP {
        let data = match tag {
            b"glyf" => new_glyf.clone(),
            b"loca" => new_loca.clone(),
            b"head" => new_head.clone(),
            b"maxp" => new_maxp.clone(),
            b"hhea" => new_hhea.clone(),
            b"hmtx" => new_hmtx.clone(),
            // Version 3: no glyph names (they would name the original numbering).
            b"post" => match find(tag) {
                Some(p) if p.len() >= 32 => {
                    let mut p = p[..32].to_vec();
                    p[..4].copy_from_slice(&0x0003_0000u32.to_be_bytes());
                    p
                }
                _ => continue,
            },
            _ => match find(tag) {
                Some(d) => d.to_vec(),
                None => continue,
            },
        };
        out_tables.push((*tag, data));
    }
    Ok(Subset {
        bytes: assemble(&out_tables),
        ids,
        advances,
    })
}

/// `Some` when `hmtx` holds `metrics` full records and bearings for the rest of `count`.
fn new_len_check(hmtx: &[u8], metrics: u16, count: u16) -> Option<()> {
    let need = 4 * usize::from(metrics) + 2 * usize::from(count.saturating_sub(metrics));
    (hmtx.len() >= need).then_some(())
}

/// An sfnt file of `tables` (sorted by tag), each padded to four bytes, with checksums.
fn assemble(tables: &[([u8; 4], Vec<u8>)]) -> Vec<u8> {
    let n = tables.len() as u16;
    let mut pow = 1u16;
    let mut log = 0u16;
    while pow * 2 <= n {
        pow *= 2;
        log += 1;
    }
    let mut out = Vec::new();
    out.extend_from_slice(&0x0001_0000u32.to_be_bytes());
    for v in [n, pow * 16, log, n * 16 - pow * 16] {
        out.extend_from_slice(&v.to_be_bytes());
    }
    let mut offset = 12 + 16 * tables.len();
    for (tag, data) in tables {
        out.extend_from_slice(tag);
        out.extend_from_slice(&checksum(data).to_be_bytes());
        out.extend_from_slice(&(offset as u32).to_be_bytes());
        out.extend_from_slice(&(data.len() as u32).to_be_bytes());
        offset += data.len().div_ceil(4) * 4;
    }
    for (_, data) in tables {
        out.extend_from_slice(data);
        while !out.len().is_multiple_of(4) {
            out.push(0);
        }
    }
    out
}

fn checksum(data: &[u8]) -> u32 {
    data.chunks(4).fold(0u32, |sum, c| {
        let mut word = [0u8; 4];
        word[..c.len()].copy_from_slice(c);
        sum.wrapping_add(u32::from_be_bytes(word))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    static FONT: &[u8] = include_bytes!("../../assets/fonts/NotoSans-Regular.ttf");

    #[test]
    fn kept_glyphs_are_renumbered_with_their_outlines_and_advances() {
        let face = ttf_parser::Face::parse(FONT, 0).expect("font");
        let a = face.glyph_index('a').expect("a");
        let z = face.glyph_index('Z').expect("Z");
        let sub = subset(FONT, &BTreeSet::from([a.0, z.0]), 1).expect("subset");
        assert!(
            sub.bytes.len() * 10 < FONT.len(),
            "{} bytes",
            sub.bytes.len()
        );
        let small = ttf_parser::Face::parse(&sub.bytes, 0).expect("subset parses");
        assert_eq!(small.number_of_glyphs(), 4, ".notdef, Z, a, a ghost");
        assert_eq!(small.glyph_bounding_box(ttf_parser::GlyphId(3)), None);
        assert_eq!(small.glyph_hor_advance(ttf_parser::GlyphId(3)), Some(0));
        assert_eq!(sub.ids, BTreeMap::from([(0, 0), (z.0, 1), (a.0, 2)]));
        for (old, new) in [(z, 1), (a, 2)] {
            let new = ttf_parser::GlyphId(new);
            assert_eq!(small.glyph_bounding_box(new), face.glyph_bounding_box(old));
            assert_eq!(small.glyph_hor_advance(new), face.glyph_hor_advance(old));
            assert_eq!(
                Some(sub.advances[usize::from(new.0)]),
                face.glyph_hor_advance(old)
            );
        }
        assert_eq!(
            subset(FONT, &BTreeSet::from([a.0, z.0]), 1).expect("again"),
            sub
        );
    }

    #[test]
    fn a_font_without_truetype_outlines_is_refused() {
        assert!(subset(b"not a font", &BTreeSet::new(), 0).is_err());
    }
}
