use std::collections::{BTreeMap, HashSet};
use std::time::{Duration, Instant};

use nls_eventlog::{append, AppendError, EventMeta, LogCursor, LogReader, StreamVersion};
use nls_events::NewEvent;
use serde_json::json;
use uuid::Uuid;

use crate::helpers::migrated;

const WRITERS: usize = 16;
const EVENTS_PER_WRITER: i64 = 100;

fn meta() -> EventMeta {
    EventMeta {
        account_id: Uuid::now_v7(),
        actor: "test".into(),
        correlation_id: Uuid::now_v7(),
        causation_id: None,
        request_id: None,
    }
}

/// The sequence-gap trap: with concurrent writers, a row with a lower position can commit
/// after a row with a higher one. The follower must still see every event exactly once,
/// each stream in order.
#[tokio::test]
async fn a_follower_sees_every_event_of_many_concurrent_writers_exactly_once_and_in_order() {
    let (_db, pool) = migrated().await;
    let mut writers = Vec::new();
    for w in 0..WRITERS {
        let pool = pool.clone();
        writers.push(tokio::spawn(async move {
            let stream = format!("rcp_{:032x}", w);
            let meta = meta();
            for version in 0..EVENTS_PER_WRITER {
                let mut tx = pool.begin().await.expect("begin");
                let event = NewEvent::new(("recipe_archived", 1), json!({}));
                append(&mut tx, &stream, StreamVersion(version), &meta, &[event])
                    .await
                    .expect("append");
                // Hold the transaction open for a moment so commits interleave out of
                // position order.
                if version % 3 == 0 {
                    tokio::time::sleep(Duration::from_millis((version as u64 * 7 + w as u64) % 5))
                        .await;
                }
                tx.commit().await.expect("commit");
            }
        }));
    }
    let reader = LogReader::new(pool.clone());
    let mut cursor = LogCursor::default();
    let mut seen: HashSet<Uuid> = HashSet::new();
    let mut last_version: BTreeMap<String, i64> = BTreeMap::new();
    let expected = WRITERS as i64 * EVENTS_PER_WRITER;
    let deadline = Instant::now() + Duration::from_secs(120);
    while (seen.len() as i64) < expected {
        assert!(
            Instant::now() < deadline,
            "follower saw only {} of {expected}",
            seen.len()
        );
        for (at, event) in reader.next_batch(cursor, 100).await.expect("read") {
            assert!(at > cursor, "cursor moves forward");
            cursor = at;
            assert!(
                seen.insert(event.event_id),
                "event {} seen twice",
                event.event_id
            );
            let last = last_version.entry(event.stream_id.clone()).or_insert(0);
            assert_eq!(
                event.stream_version,
                *last + 1,
                "stream {} out of order",
                event.stream_id
            );
            *last = event.stream_version;
        }
        tokio::time::sleep(Duration::from_millis(2)).await;
    }
    for writer in writers {
        writer.await.expect("writer finished");
    }
    assert!(reader
        .next_batch(cursor, 100)
        .await
        .expect("read")
        .is_empty());
    assert_eq!(last_version.len(), WRITERS);
    assert!(last_version.values().all(|v| *v == EVENTS_PER_WRITER));
    pool.close().await;
}

#[tokio::test]
async fn the_log_refuses_updates_deletes_and_a_second_writer_of_the_same_version() {
    let (_db, pool) = migrated().await;
    let stream = "ing_0000000000000000000000000000000a";
    let mut tx = pool.begin().await.expect("begin");
    append(
        &mut tx,
        stream,
        StreamVersion(0),
        &meta(),
        &[NewEvent::new(("ingredient_archived", 1), json!({}))],
    )
    .await
    .expect("first append");
    tx.commit().await.expect("commit");
    let mut tx = pool.begin().await.expect("begin");
    let stale = append(
        &mut tx,
        stream,
        StreamVersion(0),
        &meta(),
        &[NewEvent::new(("ingredient_archived", 1), json!({}))],
    )
    .await;
    assert!(matches!(stale, Err(AppendError::VersionMismatch { .. })));
    drop(tx);
    assert!(sqlx::query("update event set payload = '{}'")
        .execute(&pool)
        .await
        .is_err());
    assert!(sqlx::query("delete from event")
        .execute(&pool)
        .await
        .is_err());
    assert!(sqlx::query("truncate event").execute(&pool).await.is_err());
    let count: i64 = sqlx::query_scalar("select count(*) from event")
        .fetch_one(&pool)
        .await
        .unwrap_or(0);
    assert_eq!(count, 1);
    pool.close().await;
}

/// `nls stream delete` (what bench/run.sh runs as it ends) removes a stream the server
/// made, with its consumers; deleting it again is not an error.
#[tokio::test]
async fn nls_stream_delete_removes_the_servers_stream() {
    let mut app = crate::helpers::TestApp::spawn().await;
    let key = app.business_key().await;
    app.create_ingredient(&key, crate::helpers::oat_paste())
        .await;
    let js = async_nats::jetstream::new(
        async_nats::connect(app.nats.url.as_str())
            .await
            .expect("NATS reachable"),
    );
    app.eventually(std::time::Duration::from_secs(10), "the stream", || async {
        js.get_stream(&app.nats.stream).await.ok().map(|_| ())
    })
    .await;
    app.stop().await;
    assert!(nls::admin::stream::delete(&app.nats, &app.nats.stream)
        .await
        .expect("delete"));
    assert!(
        js.get_stream(&app.nats.stream).await.is_err(),
        "the stream is gone"
    );
    assert!(!nls::admin::stream::delete(&app.nats, &app.nats.stream)
        .await
        .expect("a second delete is not an error"));
    app.finish().await;
}

/// The relay publishes an event its writer handed over at once, even while an older open
/// transaction keeps the log read from reaching it, and its writer returns once it was sent;
/// the relay never lets a handed-over event overtake an earlier one of its stream; and the
/// log path sends neither again.
#[tokio::test]
async fn the_relay_publishes_handed_over_events_early_and_keeps_each_stream_in_order() {
    use futures::StreamExt;
    use nls_eventlog::{AppendSignal, NatsLink};

    let (_db, pool) = migrated().await;
    let config = crate::helpers::private_nats(&crate::helpers::nats_url());
    let nats = NatsLink::connect(config.clone()).await.expect("NATS");
    let mut arrivals = nats
        .client
        .subscribe(config.events_wildcard())
        .await
        .expect("subscribe");
    nats.client.flush().await.expect("flush");
    let signal = AppendSignal::local();
    let shutdown = tokio_util::sync::CancellationToken::new();
    let relay = tokio::spawn(nls_eventlog::relay::run(
        pool.clone(),
        nats.clone(),
        "early-test".into(),
        signal.clone(),
        shutdown.clone(),
    ));
    let commit = |stream: &'static str, version: i64| {
        let pool = pool.clone();
        async move {
            let mut tx = pool.begin().await.expect("begin");
            let event = NewEvent::new(("recipe_archived", 1), json!({}));
            let stored = append(
                &mut tx,
                stream,
                StreamVersion(version - 1),
                &meta(),
                &[event],
            )
            .await
            .expect("append");
            tx.commit().await.expect("commit");
            stored
        }
    };
    // The relay is up and has published what the log holds.
    let warm = commit("rcp_00000000000000000000000000000001", 1).await;
    let first = tokio::time::timeout(Duration::from_secs(10), arrivals.next())
        .await
        .expect("the relay publishes from the log")
        .expect("subscription open");
    assert!(first.subject.as_str().ends_with(&warm[0].stream_id));

    // An older transaction holds an id: the log read stops before anything after it.
    let mut blocker = pool.begin().await.expect("begin");
    sqlx::query("select pg_current_xact_id()")
        .execute(&mut *blocker)
        .await
        .expect("take an id");

    let new_stream = commit("rcp_00000000000000000000000000000002", 1).await;
    let sent = || {
        nats.client
            .statistics()
            .out_messages
            .load(std::sync::atomic::Ordering::Relaxed)
    };
    let sent_before = sent();
    signal.committed_events(new_stream).await;
    // Its writer was kept until the relay (a task of this single-threaded runtime) sent it:
    // a writer that returned at once would let nothing else run before this check.
    assert!(
        sent() > sent_before,
        "a handed-over event is sent before its writer returns"
    );
    let early = tokio::time::timeout(Duration::from_secs(5), arrivals.next())
        .await
        .expect("a new stream's first event is published while the log read is held back")
        .expect("subscription open");
    assert!(early
        .subject
        .as_str()
        .ends_with("rcp_00000000000000000000000000000002"));

    // Version 2 of a stream whose version 1 was not handed over must wait for the log.
    commit("rcp_00000000000000000000000000000003", 1).await;
    let second = commit("rcp_00000000000000000000000000000003", 2).await;
    signal.committed_events(second).await;
    assert!(
        tokio::time::timeout(Duration::from_millis(1500), arrivals.next())
            .await
            .is_err(),
        "version 2 was published before version 1"
    );

    blocker.rollback().await.expect("end the older transaction");
    let mut versions = Vec::new();
    for _ in 0..2 {
        let message = tokio::time::timeout(Duration::from_secs(10), arrivals.next())
            .await
            .expect("the log path publishes the rest")
            .expect("subscription open");
        let event: nls_events::Envelope =
            serde_json::from_slice(&message.payload).expect("an envelope");
        assert_eq!(event.stream_id, "rcp_00000000000000000000000000000003");
        versions.push(event.stream_version);
    }
    assert_eq!(versions, [1, 2], "one stream, in version order");

    // Each event is stored once, the early one included.
    let js = async_nats::jetstream::new(nats.client.clone());
    let mut stream = js.get_stream(&config.stream).await.expect("the stream");
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let stored = stream.info().await.expect("stream info").state.messages;
        if stored == 4 || Instant::now() > deadline {
            assert_eq!(stored, 4, "four events, each stored once");
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let backlog = nls_eventlog::relay::backlog(&pool, "early-test")
            .await
            .expect("backlog");
        if backlog == 0 || Instant::now() > deadline {
            assert_eq!(backlog, 0, "the saved cursor passed them all");
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    shutdown.cancel();
    relay.await.expect("relay stopped");
    js.delete_stream(&config.stream)
        .await
        .expect("delete stream");
    pool.close().await;
}
