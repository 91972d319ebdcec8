//! Reading back what a PDF's text copies out as. Its own file so that the service's API
//! tests include it too (`#[path]`): both check the glyphs a reader would copy.

/// Every "<gid> <unicode>" entry of every ToUnicode CMap, font by font: glyph ids of different
/// fonts may be equal, so this keeps each font's own.
#[allow(dead_code)] // each test binary that includes this file uses one of the two
pub fn mappings(doc: &lopdf::Document) -> Vec<(u32, char)> {
    let mut map = Vec::new();
    for object in doc.objects.values() {
        let Ok(stream) = object.as_stream() else {
            continue;
        };
        let content = stream
            .decompressed_content()
            .unwrap_or_else(|_| stream.content.clone());
        let text = String::from_utf8_lossy(&content);
        if !text.contains("beginbfchar") {
            continue;
        }
        for line in text.lines() {
            let parts: Vec<&str> = line.split_whitespace().collect();
            if let [gid, cp] = parts.as_slice() {
                if !gid.starts_with('<') || !cp.starts_with('<') {
                    continue;
                }
                let hex = |s: &str| u32::from_str_radix(s.trim_matches(['<', '>']), 16);
                if let (Ok(g), Some(c)) = (hex(gid), hex(cp).ok().and_then(char::from_u32)) {
                    map.push((g, c));
                }
            }
        }
    }
    map
}

/// "<gid> <unicode>" entries of one ToUnicode CMap stream.
fn cmap_entries(stream: &lopdf::Stream) -> std::collections::HashMap<u32, char> {
    let content = stream
        .decompressed_content()
        .unwrap_or_else(|_| stream.content.clone());
    let text = String::from_utf8_lossy(&content);
    let hex = |s: &str| u32::from_str_radix(s.trim_matches(['<', '>']), 16);
    text.lines()
        .filter_map(|line| {
            let parts: Vec<&str> = line.split_whitespace().collect();
            match parts.as_slice() {
                [gid, cp] if gid.starts_with('<') && cp.starts_with('<') => {
                    Some((hex(gid).ok()?, hex(cp).ok().and_then(char::from_u32)?))
                }
                _ => None,
            }
        })
        .collect()
}

/// Each font of a page's resources by its name (`F0`), with its ToUnicode map; the
/// resources, the font dictionary and each font may be references.
fn page_font_maps(
    doc: &lopdf::Document,
    page_id: lopdf::ObjectId,
) -> std::collections::HashMap<Vec<u8>, std::collections::HashMap<u32, char>> {
    let deref = |o: &lopdf::Object| -> Option<lopdf::Object> {
        match o {
            lopdf::Object::Reference(r) => doc.get_object(*r).ok().cloned(),
            other => Some(other.clone()),
        }
    };
    let (own, referenced) = doc.get_page_resources(page_id);
    let mut resources: Vec<lopdf::Dictionary> = own.into_iter().cloned().collect();
    resources.extend(
        referenced
            .into_iter()
            .filter_map(|id| doc.get_dictionary(id).ok().cloned()),
    );
    let mut maps = std::collections::HashMap::new();
    for res in resources {
        let Some(lopdf::Object::Dictionary(fonts)) = res.get(b"Font").ok().and_then(deref) else {
            continue;
        };
        for (name, font) in fonts.iter() {
            let Some(lopdf::Object::Dictionary(font)) = deref(font) else {
                continue;
            };
            let Some(lopdf::Object::Stream(cmap)) = font.get(b"ToUnicode").ok().and_then(deref)
            else {
                continue;
            };
            maps.insert(name.clone(), cmap_entries(&cmap));
        }
    }
    maps
}

/// The text every page shows, a line per `Tj`/`TJ`, each glyph decoded through the
/// ToUnicode map of the font selected (`Tf`) when it is shown: glyph ids of different fonts
/// (each a subset numbered from 0) mean different characters.
#[allow(dead_code)] // each test binary that includes this file uses what it needs
pub fn page_text(doc: &lopdf::Document) -> String {
    let mut out = String::new();
    for (_, page_id) in doc.get_pages() {
        let maps = page_font_maps(doc, page_id);
        let Ok(content) = doc.get_and_decode_page_content(page_id) else {
            continue;
        };
        let mut current: Option<&std::collections::HashMap<u32, char>> = None;
        for op in content.operations {
            match op.operator.as_str() {
                "Tf" => {
                    current = op
                        .operands
                        .first()
                        .and_then(|o| o.as_name().ok())
                        .and_then(|name| maps.get(name));
                }
                "Tj" | "TJ" => {
                    let strings: Vec<&[u8]> = match op.operands.first() {
                        Some(lopdf::Object::Array(items)) => {
                            items.iter().filter_map(|o| o.as_str().ok()).collect()
                        }
                        Some(o) => o.as_str().ok().into_iter().collect(),
                        None => Vec::new(),
                    };
                    for bytes in strings {
                        for pair in bytes.chunks_exact(2) {
                            let gid = (u32::from(pair[0]) << 8) | u32::from(pair[1]);
                            out.push(
                                current
                                    .and_then(|m| m.get(&gid).copied())
                                    .unwrap_or('\u{fffd}'),
                            );
                        }
                    }
                    out.push('\n');
                }
                _ => {}
            }
        }
    }
    out
}
