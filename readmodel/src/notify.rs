//! What the writers of the read model tell its readers in the same process, so that no role
//! needs to know another: the command side and the projector write, the renderer listens.

/// What the projector announces after applying an event (the renderer's embeds listen).
#[derive(Debug, Clone)]
pub struct Applied {
    pub stream_id: String,
    pub stream_version: i64,
}

/// Told right after a commit that may have changed labels, before the client hears of the
/// write, so an in-memory copy of where labels are (the renderer's label index) drops what
/// may be stale: a client that sees the new read model must not get the old label file.
pub trait LabelsChanged: Send + Sync {
    /// The label of `recipe_id` may have changed (the command side's own write).
    fn recipe(&self, recipe_id: &str);
    /// Any label may have changed: a cascade reaches every recipe using what changed.
    fn any(&self);
}
