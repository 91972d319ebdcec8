//! What JetStream acknowledged to the relay, to notice when it later loses some.
//!
//! JetStream acknowledges a message once its leader has it, before its file store has
//! synced; a server killed at the wrong moment (or a stream recreated empty) comes back
//! without messages the relay already counted as published, and the relay's checkpoint is
//! past them. Consumers that read only JetStream (the renderer, the webhook fan-out) would
//! never see those events. The relay keeps, for its recent publications, each message's
//! stream sequence and the log cursor just before its event; when the stream's last
//! sequence is found below the highest acknowledged one, the relay rewinds to the first
//! lost event and publishes again (consumers are idempotent; JetStream drops what it
//! still has by message id).

use std::collections::VecDeque;

use crate::read::LogCursor;

/// Where the relay must publish from again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rewind {
    /// Nothing acknowledged is missing.
    Nothing,
    /// From just after this cursor.
    To(LogCursor),
    /// More is missing than the ledger remembers: from the start of the log.
    Everything,
}

#[derive(Debug)]
pub struct Ledger {
    /// `(stream sequence, cursor before the event)`, in publication order.
    entries: VecDeque<(u64, LogCursor)>,
    capacity: usize,
    /// The highest sequence acknowledged.
    highest: u64,
}

impl Ledger {
    pub fn new(capacity: usize) -> Self {
        Self {
            entries: VecDeque::new(),
            capacity: capacity.max(1),
            highest: 0,
        }
    }

    /// JetStream stored the event after `before` as message `sequence`.
    pub fn record(&mut self, sequence: u64, before: LogCursor) {
        if self.entries.len() == self.capacity {
            self.entries.pop_front();
        }
        self.entries.push_back((sequence, before));
        self.highest = self.highest.max(sequence);
    }

    /// Given the stream's last sequence now, where to publish from again; forgets what the
    /// stream no longer holds.
    pub fn check(&mut self, last_sequence: u64) -> Rewind {
        if last_sequence >= self.highest {
            return Rewind::Nothing;
        }
        // The earliest publication of a lost message (a duplicate acknowledgement repeats
        // an older sequence, so search them all).
        let lost = self
            .entries
            .iter()
            .filter(|(seq, _)| *seq > last_sequence)
            .min_by_key(|(seq, _)| *seq)
            .copied();
        let oldest = self.entries.iter().map(|(seq, _)| *seq).min();
        let rewind = match (lost, oldest) {
            // The first lost message is one this relay published: republish from there.
            (Some((seq, before)), Some(_)) if seq == last_sequence + 1 => Rewind::To(before),
            // Lost messages this relay does not remember (published before its term, or
            // dropped for capacity): only the whole log is sure to cover them.
            _ => Rewind::Everything,
        };
        self.entries.clear();
        self.highest = last_sequence;
        rewind
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(position: i64) -> LogCursor {
        LogCursor {
            txid: position,
            position,
        }
    }

    #[test]
    fn a_stream_that_kept_everything_needs_nothing() {
        let mut ledger = Ledger::new(10);
        for seq in 1..=5 {
            ledger.record(seq, at(seq as i64 - 1));
        }
        assert_eq!(ledger.check(5), Rewind::Nothing);
        assert_eq!(ledger.check(7), Rewind::Nothing);
    }

    #[test]
    fn a_lost_tail_rewinds_to_before_its_first_event() {
        let mut ledger = Ledger::new(10);
        for seq in 1..=5 {
            ledger.record(seq, at(seq as i64 * 10));
        }
        // Messages 4 and 5 are gone: publish again from before message 4's event.
        assert_eq!(ledger.check(3), Rewind::To(at(40)));
        // Forgotten: the republished messages are recorded afresh.
        assert_eq!(ledger.check(3), Rewind::Nothing);
    }

    #[test]
    fn duplicates_and_an_emptied_stream_are_handled() {
        let mut ledger = Ledger::new(10);
        ledger.record(1, at(0));
        ledger.record(2, at(1));
        ledger.record(1, at(5)); // a republished duplicate, acknowledged as message 1
        assert_eq!(ledger.check(0), Rewind::To(at(0)));
    }

    #[test]
    fn a_loss_older_than_the_ledger_republishes_everything() {
        let mut ledger = Ledger::new(3);
        for seq in 1..=6 {
            ledger.record(seq, at(seq as i64));
        }
        // Remembered: 4, 5, 6. Message 2 onwards lost: 2 and 3 cannot be located.
        assert_eq!(ledger.check(1), Rewind::Everything);
        let mut ledger = Ledger::new(3);
        for seq in 1..=6 {
            ledger.record(seq, at(seq as i64));
        }
        // Lost from 4: the first lost one is remembered.
        assert_eq!(ledger.check(3), Rewind::To(at(4)));
    }
}
