//! Reading back what a PDF's text copies out as. Its own file so that the service's API
//! tests include it too (`#[path]`): both check the glyphs a reader would copy.

/// Glyph id → character, from every ToUnicode CMap of a PDF (its `bfchar` entries
/// "<gid> <unicode>"): what a reader copies out for each drawn glyph.
pub fn to_unicode(doc: &lopdf::Document) -> std::collections::HashMap<u32, char> {
    let mut map = std::collections::HashMap::new();
    for (g, c) in mappings(doc) {
        map.entry(g).or_insert(c);
    }
    map
}

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
