//! When a failed delivery is tried again. The default spreads eight attempts over 31 h
//! 40 min (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h after each failure), so a receiver
//! down for a day still gets every event. `NLS_WEBHOOK_RETRY_SCHEDULE` replaces it (the
//! tests use seconds).

use std::time::Duration;

/// How long an endpoint may fail every attempt before it is disabled.
pub const DISABLE_AFTER: Duration = Duration::from_secs(5 * 24 * 3600);

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RetrySchedule(Vec<Duration>);

impl Default for RetrySchedule {
    fn default() -> Self {
        const MIN: u64 = 60;
        const HOUR: u64 = 3600;
        Self(
            [
                5,
                5 * MIN,
                30 * MIN,
                2 * HOUR,
                5 * HOUR,
                10 * HOUR,
                14 * HOUR,
            ]
            .into_iter()
            .map(Duration::from_secs)
            .collect(),
        )
    }
}

impl RetrySchedule {
    /// From `5s,5m,30m,2h`: each wait a whole number of seconds, minutes or hours.
    pub fn parse(text: &str) -> Result<Self, String> {
        let waits = text
            .split(',')
            .map(|part| {
                let part = part.trim();
                let (number, unit) = part.split_at(part.len().saturating_sub(1));
                let n: u64 = number
                    .parse()
                    .map_err(|_| format!("{part:?} is not a wait like 5s, 5m or 2h"))?;
                let secs = match unit {
                    "s" => n,
                    "m" => n * 60,
                    "h" => n * 3600,
                    _ => return Err(format!("{part:?} is not a wait like 5s, 5m or 2h")),
                };
                Ok(Duration::from_secs(secs))
            })
            .collect::<Result<Vec<_>, _>>()?;
        if waits.is_empty() {
            return Err("the retry schedule is empty".into());
        }
        Ok(Self(waits))
    }

    /// The wait after the `attempts`-th failed attempt, or `None` when the delivery has
    /// had all its attempts.
    pub fn after_failure(&self, attempts: u32) -> Option<Duration> {
        let index = usize::try_from(attempts).ok()?.checked_sub(1)?;
        self.0.get(index).copied()
    }

    /// Attempts a delivery gets in all.
    pub fn attempts(&self) -> usize {
        self.0.len() + 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_retries_for_more_than_a_day() {
        let s = RetrySchedule::default();
        let total: Duration = (1..).map_while(|n| s.after_failure(n)).sum();
        assert!(total >= Duration::from_secs(24 * 3600), "{total:?}");
        assert_eq!(s.after_failure(1), Some(Duration::from_secs(5)));
        assert_eq!(s.after_failure(7), Some(Duration::from_secs(14 * 3600)));
        assert_eq!(s.after_failure(8), None);
        assert_eq!(s.after_failure(0), None);
        assert_eq!(s.attempts(), 8);
    }

    #[test]
    fn schedules_parse_from_seconds_minutes_and_hours() {
        let s = RetrySchedule::parse("1s, 2m,3h").expect("valid");
        assert_eq!(
            s.0,
            vec![
                Duration::from_secs(1),
                Duration::from_secs(120),
                Duration::from_secs(10800)
            ]
        );
        assert!(RetrySchedule::parse("5x").is_err());
        assert!(RetrySchedule::parse("").is_err());
        assert!(RetrySchedule::parse("s").is_err());
    }
}
