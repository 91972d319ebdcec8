//! Rendered label files, cached in Postgres under a content key.
//!
//! The key is SHA-256 over the label JSON (canonical: re-serialised from [`Label`]), the file
//! type, width, scale, watermark and [`DRAW_VERSION`]. A reader computes the key from the
//! *current* `recipe_view.label`, so a cached file can never be stale: when the label
//! changes the key changes, and the old file is simply never asked for again (pruning
//! removes it). Writers insert with `on conflict do nothing`: two processes rendering the
//! same key at once store identical bytes once, so no race needs a lock for correctness.
//!
//! Files live in Postgres (`label_file.content bytea`) rather than in a JetStream object
//! store: one source of truth next to the labels they are drawn from, written in a
//! transaction (a reader never sees a partial file, and a row exists only with its bytes),
//! covered by the same backups, and rebuilt by the same replay. Files are small (a few
//! to a few hundred KiB) and the cache is bounded per recipe ([`KEEP_PER_TYPE`]).

use nls_nutrition::{Format, Label};
use sha2::{Digest, Sha256};
use sqlx::PgConnection;

use crate::draw::{self, Fonts, RenderError, RenderOptions};

/// Version of the drawing code, part of every key: bump it when `draw` changes its output,
/// and every cached file becomes unreachable (then pruned) instead of served stale.
pub const DRAW_VERSION: u32 = 3;

/// How many files per recipe and file type are kept; older ones are deleted.
pub const KEEP_PER_TYPE: i64 = 6;

/// A file type the renderer produces.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FileType {
    /// `image/svg+xml`.
    Svg,
    /// `image/png`.
    Png,
    /// `application/pdf`.
    Pdf,
}

impl FileType {
    /// Every type, in the order the renderer role pre-renders them.
    pub const ALL: [FileType; 3] = [FileType::Svg, FileType::Png, FileType::Pdf];

    /// From an extension or export `fileType` (`svg`, `png`, `pdf`), exactly.
    pub fn parse(text: &str) -> Option<FileType> {
        match text {
            "svg" => Some(FileType::Svg),
            "png" => Some(FileType::Png),
            "pdf" => Some(FileType::Pdf),
            _ => None,
        }
    }

    /// The extension, also the `label_file.file_type` value and the plan's
    /// `export_file_types` entry.
    pub fn as_str(self) -> &'static str {
        match self {
            FileType::Svg => "svg",
            FileType::Png => "png",
            FileType::Pdf => "pdf",
        }
    }

    /// The media type sent as `Content-Type`.
    pub fn content_type(self) -> &'static str {
        match self {
            FileType::Svg => "image/svg+xml",
            FileType::Png => "image/png",
            FileType::Pdf => "application/pdf",
        }
    }
}

/// What to draw: type and options. `scale` only matters for PNG and is normalised to the
/// default for the other types, so it never splits their cache.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Spec {
    /// The file type.
    pub file_type: FileType,
    /// Width, scale and watermark.
    pub options: RenderOptions,
    /// The label's front-of-pack elements drawn under it (`fop=` on label files).
    pub front_of_pack: bool,
}

impl Spec {
    /// A spec, with `scale` normalised for non-PNG types.
    pub fn new(file_type: FileType, width_px: f32, scale: f32, watermark: bool) -> Spec {
        let scale = match file_type {
            FileType::Png => scale,
            _ => RenderOptions::default().scale,
        };
        Spec {
            file_type,
            options: RenderOptions {
                width_px,
                scale,
                watermark,
            },
            front_of_pack: false,
        }
    }

    /// The same, with the label's front-of-pack elements drawn under it.
    pub fn with_front_of_pack(self) -> Spec {
        Spec {
            front_of_pack: true,
            ..self
        }
    }
}

/// The strong `ETag` of the file under `key`: the quoted hex key.
pub fn etag(key: &[u8; 32]) -> String {
    // Served with every cache-hit file: built in one allocation.
    let mut tag = String::with_capacity(2 + 2 * key.len());
    tag.push('"');
    push_hex(&mut tag, key);
    tag.push('"');
    tag
}

/// The cache key of a file: the label's hash, what is drawn, and the drawing code's version.
pub fn file_key(label_hash: &[u8; 32], spec: &Spec) -> [u8; 32] {
    let mut key = Sha256::new();
    key.update(DRAW_VERSION.to_be_bytes());
    key.update(label_hash);
    key.update(spec.file_type.as_str().as_bytes());
    key.update(spec.options.width_px.to_bits().to_be_bytes());
    key.update(spec.options.scale.to_bits().to_be_bytes());
    key.update([u8::from(spec.options.watermark)]);
    // Only when set, so the keys of plain label files are those they always were.
    if spec.front_of_pack {
        key.update(b"fop");
    }
    key.finalize().into()
}

/// A label ready to be looked up or drawn: the parsed label, its hash and the file's key.
#[derive(Debug, Clone)]
pub struct Prepared {
    /// The label.
    pub label: Label,
    /// SHA-256 of the canonical label JSON.
    pub label_hash: [u8; 32],
    /// The cache key of (`label`, spec).
    pub key: [u8; 32],
    /// What is drawn.
    pub spec: Spec,
}

impl Prepared {
    /// Parses and hashes a label. Fails when the JSON is not a label.
    pub fn from_json(label: &serde_json::Value, spec: Spec) -> Result<Prepared, serde_json::Error> {
        let label: Label = serde_json::from_value(label.clone())?;
        Prepared::new(label, spec)
    }

    /// Hashes a label (re-serialised, so key order or spacing in storage never matters).
    pub fn new(label: Label, spec: Spec) -> Result<Prepared, serde_json::Error> {
        let label_hash = nls_readmodel::derive::label_hash(&label)?;
        Ok(Prepared {
            key: file_key(&label_hash, &spec),
            label,
            label_hash,
            spec,
        })
    }
    /// The label's format, when the catalog knows it.
    pub fn format(&self) -> Option<&'static Format> {
        nls_nutrition::format(&self.label.format)
    }

    /// The strong `ETag` of the file: the quoted hex key (it names the exact bytes).
    pub fn etag(&self) -> String {
        etag(&self.key)
    }

    /// Draws the file. CPU-bound (up to hundreds of ms for large PNGs): call it on a
    /// blocking thread.
    pub fn render(&self, fonts: &Fonts) -> Result<Vec<u8>, RenderError> {
        let options = &self.spec.options;
        match (self.spec.file_type, self.spec.front_of_pack) {
            (FileType::Svg, false) => draw::svg(&self.label, options).map(String::into_bytes),
            (FileType::Png, false) => draw::png(&self.label, fonts, options),
            (FileType::Pdf, false) => draw::pdf(&self.label, fonts, options),
            (FileType::Svg, true) => {
                draw::svg_with_front_of_pack(&self.label, options).map(String::into_bytes)
            }
            (FileType::Png, true) => draw::png_with_front_of_pack(&self.label, fonts, options),
            (FileType::Pdf, true) => draw::pdf_with_front_of_pack(&self.label, fonts, options),
        }
    }
}

/// Lower-case hex of `bytes`.
pub fn hex(bytes: &[u8]) -> String {
    let mut text = String::with_capacity(2 * bytes.len());
    push_hex(&mut text, bytes);
    text
}

/// Appends `bytes` to `text` as lower-case hex.
fn push_hex(text: &mut String, bytes: &[u8]) {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    for byte in bytes {
        text.push(char::from(DIGITS[usize::from(byte >> 4)]));
        text.push(char::from(DIGITS[usize::from(byte & 0x0f)]));
    }
}

/// The cached bytes of `key` for `recipe_id`, if rendered.
pub async fn lookup(
    conn: &mut PgConnection,
    recipe_id: &str,
    key: &[u8; 32],
) -> Result<Option<Vec<u8>>, sqlx::Error> {
    sqlx::query_scalar("select content from label_file where recipe_id = $1 and cache_key = $2")
        .bind(recipe_id)
        .bind(&key[..])
        .fetch_optional(&mut *conn)
        .await
}

/// The first file drawn at `spec` of a label a recipe version was given
/// (`label_version.label_hash`), whatever drawing code drew it: what was served then.
/// Returns the bytes and their key (for the `ETag`).
pub async fn kept(
    conn: &mut PgConnection,
    recipe_id: &str,
    label_hash: &[u8],
    spec: &Spec,
) -> Result<Option<(Vec<u8>, [u8; 32])>, sqlx::Error> {
    let row: Option<(Vec<u8>, Vec<u8>)> = sqlx::query_as(
        "select content, cache_key from label_file
         where recipe_id = $1 and label_hash = $2 and file_type = $3 and width_px = $4
           and scale = $5 and watermark = $6
         order by created_at, cache_key limit 1",
    )
    .bind(recipe_id)
    .bind(label_hash)
    .bind(spec.file_type.as_str())
    .bind(spec.options.width_px)
    .bind(spec.options.scale)
    .bind(spec.options.watermark)
    .fetch_optional(&mut *conn)
    .await?;
    Ok(row.and_then(|(content, key)| Some((content, <[u8; 32]>::try_from(key).ok()?))))
}

/// Whether `key` is cached for `recipe_id`.
pub async fn exists(
    conn: &mut PgConnection,
    recipe_id: &str,
    key: &[u8; 32],
) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar(
        "select exists (select 1 from label_file where recipe_id = $1 and cache_key = $2)",
    )
    .bind(recipe_id)
    .bind(&key[..])
    .fetch_one(&mut *conn)
    .await
}

/// What a recipe has cached: each file's type and key.
pub async fn cached(
    conn: &mut PgConnection,
    recipe_id: &str,
) -> Result<Vec<(FileType, Vec<u8>)>, sqlx::Error> {
    let rows: Vec<(String, Vec<u8>)> =
        sqlx::query_as("select file_type, cache_key from label_file where recipe_id = $1")
            .bind(recipe_id)
            .fetch_all(&mut *conn)
            .await?;
    Ok(rows
        .into_iter()
        .filter_map(|(file_type, key)| Some((FileType::parse(&file_type)?, key)))
        .collect())
}

/// Stores a rendered file (a no-op when another writer stored the same key first), then
/// prunes the recipe's older files of that type.
pub async fn store(
    conn: &mut PgConnection,
    recipe_id: &str,
    prepared: &Prepared,
    content: &[u8],
) -> Result<(), sqlx::Error> {
    let options = &prepared.spec.options;
    sqlx::query(
        "insert into label_file (recipe_id, cache_key, label_hash, file_type, width_px, scale,
                                 watermark, content)
         values ($1, $2, $3, $4, $5, $6, $7, $8)
         on conflict do nothing",
    )
    .bind(recipe_id)
    .bind(&prepared.key[..])
    .bind(&prepared.label_hash[..])
    .bind(prepared.spec.file_type.as_str())
    .bind(options.width_px)
    .bind(options.scale)
    .bind(options.watermark)
    .bind(content)
    .execute(&mut *conn)
    .await?;
    prune(conn, recipe_id, prepared.spec.file_type).await
}

/// Keeps the newest [`KEEP_PER_TYPE`] files of `recipe_id` and `file_type`. A file pruned
/// while still current is rendered again on demand; nothing is ever served stale. Files
/// of the default size of a label some version was given are kept for good: `?version=N`
/// serves them byte for byte even after the drawing code changed ([`kept`]).
pub async fn prune(
    conn: &mut PgConnection,
    recipe_id: &str,
    file_type: FileType,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "delete from label_file
         where recipe_id = $1 and file_type = $2
           and cache_key not in (
               select cache_key from label_file
               where recipe_id = $1 and file_type = $2
               order by created_at desc, cache_key
               limit $3)
           and not (width_px = $4 and scale = $5 and label_hash in (
               select label_hash from label_version where recipe_id = $1))",
    )
    .bind(recipe_id)
    .bind(file_type.as_str())
    .bind(KEEP_PER_TYPE)
    .bind(RenderOptions::default().width_px)
    .bind(RenderOptions::default().scale)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Deletes every file of a recipe (deleted recipes, or recipes without a label).
pub async fn forget(conn: &mut PgConnection, recipe_id: &str) -> Result<(), sqlx::Error> {
    sqlx::query("delete from label_file where recipe_id = $1")
        .bind(recipe_id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn etags_are_the_quoted_lower_case_hex_of_the_key() {
        let mut key = [0u8; 32];
        key[0] = 0x0f;
        key[1] = 0xa0;
        key[31] = 0xff;
        let tag = etag(&key);
        assert_eq!(tag.len(), 66);
        assert!(tag.starts_with("\"0fa0000000"));
        assert!(tag.ends_with("00ff\""));
        assert_eq!(hex(&[0x00, 0x9c, 0xde]), "009cde");
    }

    #[test]
    fn scale_only_splits_png_keys() {
        let a = Spec::new(FileType::Svg, 290.0, 2.0, false);
        let b = Spec::new(FileType::Svg, 290.0, 4.0, false);
        assert_eq!(a, b);
        let c = Spec::new(FileType::Png, 290.0, 2.0, false);
        let d = Spec::new(FileType::Png, 290.0, 4.0, false);
        assert_ne!(c, d);
    }

    #[test]
    fn file_types_round_trip() {
        for t in FileType::ALL {
            assert_eq!(FileType::parse(t.as_str()), Some(t));
        }
        assert_eq!(FileType::parse("gif"), None);
        assert_eq!(FileType::parse("SVG"), None);
    }
}
