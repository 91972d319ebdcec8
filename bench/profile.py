#!/usr/bin/env python3
"""Summarises a `perf record --call-graph` profile of the server (bench/run.sh with
NLS_PERF_DIR): where a request's CPU goes, as tables for BENCHMARKS.md.

    python3 bench/profile.py <section>.perf.data [--folded out.folded] [--top 25]

Prints two tables:
- by part of the request (listener, middleware, compression, authentication, label
  derivation, front-of-pack, bounds, edition, JSON, ...): the share of samples whose stack
  passes through that part (inclusive: a sample of JSON inside label derivation counts for
  both, so the column does not add up to 100 %), and the share whose innermost recognised
  frame is that part (exclusive: adds up to 100 %);
- the functions with the most samples of their own (self time).
`--folded` also writes the stacks folded one per line (`a;b;c count`), the input of any
flame-graph tool (`inferno-flamegraph < out.folded > out.svg`).
"""

import argparse
import collections
import re
import subprocess
import sys

# Part of the request -> patterns of the (demangled) function names that belong to it. The
# first matching part wins for a frame; order from the most specific to the most general.
PARTS = [
    ("front-of-pack", [r"nls_nutrition::fop", r"nls_web::fop"]),
    ("bounds", [r"nls_readmodel::bounds"]),
    ("edition", [r"nls_readmodel::edition"]),
    ("claims", [r"nls_nutrition::claims"]),
    ("label derivation", [r"nls_readmodel::derive", r"nls_nutrition::", r"nls_readmodel::resolve",
                          r"nls_fooddb::"]),
    ("label drawing and files", [r"nls_renderer::draw", r"tiny_skia", r"fdeflate", r"png::"]),
    ("label-file lookup", [r"nls_renderer::label_index", r"nls_renderer::hot", r"nls_renderer::cache",
                           r"nls_renderer::http"]),
    ("JSON", [r"serde_json", r"nls_web::json", r"serde::"]),
    ("compression", [r"tower_http::compression", r"flate2", r"miniz_oxide", r"async_compression"]),
    ("authentication", [r"nls_web::auth", r"nls_web::auth_cache", r"nls_web::lease", r"Caller",
                        r"sha2::", r"subtle::"]),
    ("rate limit", [r"nls_web::rate_limit"]),
    ("command (write path)", [r"nls_command::", r"nls_readmodel::views", r"nls_eventlog::append"]),
    ("event relay and NATS", [r"nls_eventlog::", r"async_nats"]),
    ("projector, renderer worker, webhooks", [r"nls_projector::", r"nls_renderer::worker",
                                              r"nls_renderer::backlog", r"nls_webhooks::",
                                              r"nls_readmodel::cascade", r"nls_readmodel::checkpoint"]),
    ("Postgres client (sqlx)", [r"sqlx", r"tokio_postgres"]),
    ("middleware", [r"tower_http::", r"tower::", r"nls_web::request_id", r"nls_web::metrics",
                    r"nls::serve", r"nls::metrics", r"nls::head_refusal", r"axum::middleware",
                    r"nls_web::body_deadline", r"nls_web::client_addr", r"tracing"]),
    ("routing and extractors", [r"axum::", r"matchit"]),
    ("listener (hyper, HTTP/1)", [r"hyper::", r"hyper_util::", r"nls::conn", r"httparse", r"http::"]),
    ("allocator", [r"mi_", r"_mi_", r"mimalloc", r"malloc", r"free", r"realloc", r"memcpy", r"memmove"]),
    ("tokio runtime", [r"tokio::"]),
    ("kernel", [r"\[kernel", r"^entry_SYSCALL", r"^__x64_sys", r"^do_syscall"]),
]
COMPILED = [(name, re.compile("|".join(pats))) for name, pats in PARTS]


def part_of(frame):
    for name, pattern in COMPILED:
        if pattern.search(frame):
            return name
    return None


def stacks(perf_data):
    """Yields (thread name, frames from the leaf outwards) per sample."""
    out = subprocess.run(
        ["perf", "script", "-i", perf_data, "-F", "comm,ip,sym,dso", "--no-inline"],
        check=True, capture_output=True, text=True, errors="replace",
    ).stdout
    comm, frames = None, []
    for line in out.splitlines():
        if not line.strip():
            if comm is not None:
                yield comm, frames
            comm, frames = None, []
            continue
        if comm is None:
            comm = line.strip()
            continue
        parts = line.strip().split(None, 1)
        sym = parts[1] if len(parts) > 1 else "?"
        # "name+0x12 (dso)" -> "name"; unknown symbols keep their object's name.
        m = re.match(r"(.*?)(\+0x[0-9a-f]+)? \((.*)\)$", sym)
        if m:
            name, dso = m.group(1), m.group(3)
            if name in ("[unknown]", ""):
                name = "[" + dso.rsplit("/", 1)[-1] + "]"
            if dso.startswith("[kernel"):
                name = "[kernel] " + name
            sym = name
        frames.append(sym)
    if comm is not None:
        yield comm, frames


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("perf_data")
    parser.add_argument("--folded")
    parser.add_argument("--top", type=int, default=25)
    args = parser.parse_args()

    total = 0
    inclusive = collections.Counter()
    exclusive = collections.Counter()
    own = collections.Counter()
    folded = collections.Counter()
    threads = collections.Counter()
    for comm, frames in stacks(args.perf_data):
        total += 1
        threads[comm] += 1
        own[frames[0] if frames else "?"] += 1
        seen = set()
        innermost = None
        for frame in frames:
            part = part_of(frame)
            if part is None:
                continue
            if innermost is None:
                innermost = part
            seen.add(part)
        for part in seen:
            inclusive[part] += 1
        exclusive[innermost or "other"] += 1
        folded[";".join([comm] + list(reversed(frames)))] += 1
    if total == 0:
        sys.exit("no samples")

    print(f"{total} samples; threads: " + ", ".join(f"{c} {n * 100 / total:.0f} %" for c, n in threads.most_common(6)))
    print()
    print("| part | inclusive | exclusive |")
    print("|---|---|---|")
    for name, _ in PARTS + [("other", None)]:
        if inclusive[name] or exclusive[name]:
            print(f"| {name} | {inclusive[name] * 100 / total:.1f} % | {exclusive[name] * 100 / total:.1f} % |")
    print()
    print("| function (self) | share |")
    print("|---|---|")
    for frame, n in own.most_common(args.top):
        print(f"| `{frame[:110]}` | {n * 100 / total:.1f} % |")
    if args.folded:
        with open(args.folded, "w", encoding="utf-8") as f:
            for stack, n in folded.items():
                f.write(f"{stack} {n}\n")


if __name__ == "__main__":
    main()
