//! Grade goals (Nutri-Score): placeholder replaced below.
use crate::goal::{Context, GoalError};
use crate::limit::Limit;

pub fn options(
    scheme: &str,
    _at_least: &str,
    _index: usize,
    _ctx: &Context,
) -> Result<Vec<Vec<Limit>>, GoalError> {
    Err(GoalError::UnknownScheme(scheme.to_owned()))
}
