//! A black-on-white label as a 4-bit greyscale PNG, written chunk by chunk (signature, IHDR,
//! IDAT, IEND) around one zlib stream.
//!
//! Why not the `png` crate's encoder: its levels are fdeflate's Fast or flate2's 6 and 9, and
//! its adaptive filter is what a label does not want. Once glyph origins sit on a whole-pixel
//! grid and rules are exact rectangle coverage (see `placements` and `rules.rs`), every
//! occurrence of a letter and every rule row is the same bytes, and deflate's window finds
//! them as long as the rows are left unfiltered: a Sub/Paeth filter turns the same letter into
//! different bytes depending on what is left of it. Measured on the pancake label
//! (BENCHMARKS.md, session 19): filter None with zlib-rs level 3 is the smallest of the quick
//! choices.

use std::cell::RefCell;

use flate2::{Compress, Compression, FlushCompress, Status};

use super::RenderError;

/// zlib level of the image data: measured in BENCHMARKS.md (session 19); higher levels save
/// little on labels and cost several times the encoding time.
pub(crate) const LEVEL: u32 = 3;

/// Grey levels of a 4-bit greyscale PNG: 0, 17, …, 255.
pub(crate) const GREY_STEP: u8 = 17;

const SIGNATURE: [u8; 8] = [0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a];

/// The nearest of the 16 levels (0..=15) of an 8-bit grey value: `(v + 8) / 17`, as a
/// multiplication the compiler can apply to many pixels at once (exact for every `v`, see the
/// tests).
#[inline]
fn level(v: u8) -> u8 {
    (((u32::from(v) + 8) * 241) >> 12) as u8
}

/// [`level`] of every 8-bit value.
#[cfg(test)]
fn levels() -> [u8; 256] {
    std::array::from_fn(|v| level(v as u8))
}

/// `line`'s 8-bit values as 16-level values packed two to a byte, high nibble first, into
/// `packed` (`line.len().div_ceil(2)` bytes).
fn pack(line: &[u8], packed: &mut [u8]) {
    for (p, pair) in packed.iter_mut().zip(line.chunks_exact(2)) {
        *p = level(pair[0]) << 4 | level(pair[1]);
    }
    if line.len() % 2 == 1 {
        if let (Some(p), Some(last)) = (packed.last_mut(), line.last()) {
            *p = level(*last) << 4;
        }
    }
}

/// The PNG's scanlines: for each row of `grey` (8-bit, `width` wide), the filter type byte
/// (0, None) and the row's 16-level values packed two to a byte.
#[cfg(test)]
pub(crate) fn scanlines(grey: &[u8], width: usize) -> Vec<u8> {
    let stride = 1 + width.div_ceil(2);
    let mut out = vec![0u8; stride * grey.len().checked_div(width).unwrap_or(0)];
    for (row, line) in out
        .chunks_exact_mut(stride)
        .zip(grey.chunks_exact(width.max(1)))
    {
        pack(line, &mut row[1..]);
    }
    out
}

thread_local! {
    /// A compressor per thread and level, reset between images: a new one allocates and
    /// clears some 300 KB of window and hash tables, page faults included, a good part of a
    /// label's encoding time. The memory is what each encoding allocated anyway; it goes
    /// with the thread (tokio's blocking threads end after 10 s idle).
    static DEFLATE: RefCell<Option<(u32, Compress)>> = const { RefCell::new(None) };
}

/// The zlib stream of `grey`'s scanlines (unfiltered), compressed at `level` one row at a
/// time: no copy of the whole image is made.
fn deflate(grey: &[u8], width: usize, level: u32) -> Result<Vec<u8>, RenderError> {
    let mut z = match DEFLATE.with(|d| d.borrow_mut().take()) {
        Some((l, mut z)) if l == level => {
            z.reset();
            z
        }
        _ => Compress::new(Compression::new(level), true),
    };
    let stride = 1 + width.div_ceil(2);
    // Labels compress to a tenth or so of their scanlines; the vector grows if need be.
    let mut out = Vec::with_capacity(stride * (grey.len() / width) / 8 + 1024);
    let mut row = vec![0u8; stride];
    for line in grey.chunks_exact(width) {
        pack(line, &mut row[1..]);
        feed(&mut z, &row, &mut out, FlushCompress::None)?;
    }
    feed(&mut z, &[], &mut out, FlushCompress::Finish)?;
    DEFLATE.with(|d| *d.borrow_mut() = Some((level, z)));
    Ok(out)
}

/// Compresses all of `input` into `out`, growing it as needed; with `Finish`, until the
/// stream has ended.
fn feed(
    z: &mut Compress,
    input: &[u8],
    out: &mut Vec<u8>,
    flush: FlushCompress,
) -> Result<(), RenderError> {
    let mut done = 0;
    loop {
        if out.capacity() - out.len() < 1024 {
            out.reserve(out.capacity().max(4096));
        }
        let before = z.total_in();
        let status = z
            .compress_vec(&input[done..], out, flush)
            .map_err(|e| RenderError::Png(e.to_string()))?;
        done += usize::try_from(z.total_in() - before).unwrap_or(usize::MAX);
        let finished = match flush {
            FlushCompress::Finish => status == Status::StreamEnd,
            _ => done >= input.len(),
        };
        if finished {
            return Ok(());
        }
    }
}

/// `grey` (8-bit, white = 255, `width` × `height`) as a 4-bit greyscale PNG: each pixel the
/// nearest of 16 levels, rows unfiltered, zlib at `level`.
pub(crate) fn encode(
    grey: &[u8],
    width: u32,
    height: u32,
    level: u32,
) -> Result<Vec<u8>, RenderError> {
    let w = width as usize;
    if width == 0 || height == 0 || grey.len() != w * height as usize {
        return Err(RenderError::Png(format!(
            "{} grey values for a {width}x{height} image",
            grey.len()
        )));
    }
    let zlib = deflate(grey, w, level)?;

    let mut out = Vec::with_capacity(SIGNATURE.len() + 25 + zlib.len() + 12 + 12);
    out.extend_from_slice(&SIGNATURE);
    let mut ihdr = [0u8; 13];
    ihdr[..4].copy_from_slice(&width.to_be_bytes());
    ihdr[4..8].copy_from_slice(&height.to_be_bytes());
    // Bit depth 4, colour type 0 (greyscale), deflate, adaptive-filter method 0 (the only
    // one; each row's filter type is its first byte), no interlace.
    ihdr[8..].copy_from_slice(&[4, 0, 0, 0, 0]);
    chunk(&mut out, b"IHDR", &ihdr)?;
    chunk(&mut out, b"IDAT", &zlib)?;
    chunk(&mut out, b"IEND", &[])?;
    Ok(out)
}

/// Appends one chunk: length, type, data, CRC-32 of type and data.
fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) -> Result<(), RenderError> {
    // A chunk's length is at most 2^31 - 1 bytes.
    let len = u32::try_from(data.len())
        .ok()
        .filter(|n| *n <= i32::MAX as u32)
        .ok_or_else(|| RenderError::Png(format!("{} bytes in one chunk", data.len())))?;
    out.extend_from_slice(&len.to_be_bytes());
    out.extend_from_slice(kind);
    out.extend_from_slice(data);
    let mut crc = crc32fast::Hasher::new();
    crc.update(kind);
    crc.update(data);
    out.extend_from_slice(&crc.finalize().to_be_bytes());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decode(bytes: &[u8]) -> (png::OutputInfo, Vec<u8>) {
        let mut decoder = png::Decoder::new(bytes);
        decoder.set_transformations(png::Transformations::EXPAND);
        let mut reader = decoder.read_info().expect("png");
        let mut buf = vec![0; reader.output_buffer_size()];
        let info = reader.next_frame(&mut buf).expect("frame");
        buf.truncate(info.buffer_size());
        (info, buf)
    }

    /// Lossless for what it is given: the `png` crate reads back each pixel's 16-level value
    /// (as 8 bits, level × 17), odd widths included.
    #[test]
    fn decodes_to_the_16_level_pixels() {
        let level = levels();
        for (width, height) in [(1u32, 1u32), (7, 5), (580, 40), (33, 17)] {
            let grey: Vec<u8> = (0..width * height)
                .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
                .collect();
            for z in [1, LEVEL, 9] {
                let bytes = encode(&grey, width, height, z).expect("encode");
                let (info, pixels) = decode(&bytes);
                assert_eq!(
                    (info.width, info.height, info.color_type, info.bit_depth),
                    (
                        width,
                        height,
                        png::ColorType::Grayscale,
                        png::BitDepth::Eight
                    )
                );
                let want: Vec<u8> = grey
                    .iter()
                    .map(|g| level[usize::from(*g)] * GREY_STEP)
                    .collect();
                assert_eq!(pixels, want, "{width}x{height} level {z}");
            }
        }
    }

    #[test]
    fn every_value_goes_to_its_nearest_level() {
        for v in 0..=255u8 {
            let l = level(v);
            assert!(l <= 15);
            assert!(v.abs_diff(l * GREY_STEP) <= GREY_STEP / 2, "{v} → {l}");
            assert_eq!(u16::from(l), (u16::from(v) + 8) / 17, "{v}");
        }
    }

    /// The reused compressor is reset: an image's bytes do not depend on what was encoded
    /// before it on the thread, at its level or another.
    #[test]
    fn the_same_pixels_give_the_same_bytes_whatever_came_before() {
        let a: Vec<u8> = (0..64 * 48u32).map(|i| (i * 7 % 256) as u8).collect();
        let b: Vec<u8> = (0..64 * 48u32).map(|i| (i * 13 % 251) as u8).collect();
        let first = encode(&a, 64, 48, LEVEL).expect("encode");
        encode(&b, 64, 48, LEVEL).expect("encode");
        assert_eq!(encode(&a, 64, 48, LEVEL).expect("encode"), first);
        encode(&b, 64, 48, 9).expect("encode");
        assert_eq!(encode(&a, 64, 48, LEVEL).expect("encode"), first);
        let fresh = std::thread::spawn(move || encode(&a, 64, 48, LEVEL).expect("encode"))
            .join()
            .expect("thread");
        assert_eq!(fresh, first);
    }

    #[test]
    fn a_size_that_does_not_match_the_pixels_is_refused() {
        assert!(encode(&[255; 10], 4, 3, LEVEL).is_err());
        assert!(encode(&[], 0, 0, LEVEL).is_err());
    }
}
