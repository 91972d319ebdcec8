#!/usr/bin/env python3
"""The reformulation benchmark (issue 30): each of bench/reformulate/recipes.json's 20
recipes is sent to `POST /v1/reformulate` ROUNDS times, one request at a time (the latency a
food maker waits for), after one warm-up. Prints, per recipe, whether a candidate was found
(and that its label, re-analyzed through `POST /v1/analyze`, shows none of the seals the goal
removes), the total change in grams and p50/p99 latency; then p50/p99 over every request.

    python3 bench/reformulate/run.py URL KEY [ROUNDS]

A 422 `goal_unreachable` is an answer (no seal-free recipe within the constraints) and is
reported with the goal and the constraint that binds; any other non-2xx fails the run.
"""
import json
import os
import sys
import time
import urllib.error
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))


def post(url, key, path, body):
    data = json.dumps(body).encode()
    req = urllib.request.Request(
        url + path, data=data, method="POST",
        headers={"Authorization": f"Bearer {key}", "Content-Type": "application/json"})
    start = time.perf_counter()
    try:
        with urllib.request.urlopen(req, timeout=30) as resp:
            payload = resp.read()
            status = resp.status
    except urllib.error.HTTPError as err:
        payload = err.read()
        status = err.code
    elapsed = time.perf_counter() - start
    return status, json.loads(payload or b"null"), elapsed


def percentile(values, p):
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    k = min(len(ordered) - 1, max(0, round(p / 100 * (len(ordered) - 1))))
    return ordered[k]


def seals(label, scheme):
    for fop in label.get("front_of_pack") or []:
        if fop.get("scheme") == scheme:
            return {m.get("text") for m in fop.get("marks") or []}
    return set()


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    url, key = sys.argv[1].rstrip("/"), sys.argv[2]
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 20
    recipes = json.load(open(os.path.join(HERE, "recipes.json"), encoding="utf-8"))
    every = []
    found = unreachable = 0
    print(f"{'recipe':34} {'answer':>9} {'change g':>9} {'p50 ms':>7} {'p99 ms':>7}")
    for recipe in recipes:
        body = dict(recipe["analyze"])
        body.update(recipe["reformulate"])
        goal = recipe["reformulate"]["goals"][0]
        # Before: the seals the recipe carries now (the benchmark's recipes all carry one).
        status, before, _ = post(url, key, "/v1/analyze", recipe["analyze"])
        if status != 200:
            sys.exit(f"{recipe['name']}: analyze answered {status}: {before}")
        shown = seals(before["label"], goal["scheme"]) & set(goal["without"])
        if not shown:
            sys.exit(f"{recipe['name']}: carries none of {goal['without']}: not a benchmark recipe")
        status, answer, _ = post(url, key, "/v1/reformulate", body)  # warm-up
        times = []
        for _ in range(rounds):
            status, answer, elapsed = post(url, key, "/v1/reformulate", body)
            times.append(elapsed * 1000)
            if status not in (200, 422):
                sys.exit(f"{recipe['name']}: answered {status}: {answer}")
        every.extend(times)
        if status == 200:
            best = answer["candidates"][0]
            check = dict(recipe["analyze"], ingredients=best["ingredients"])
            status, after, _ = post(url, key, "/v1/analyze", check)
            left = seals(after["label"], goal["scheme"]) & set(goal["without"])
            if status != 200 or left:
                sys.exit(f"{recipe['name']}: the candidate's label still shows {left}")
            found += 1
            what = f"{best['change_g']:9.1f}"
            outcome = "found"
        elif answer["error"]["code"] == "goal_unreachable":
            unreachable += 1
            binding = answer["error"].get("details", {}).get("binding", [])
            what = " " * 9
            outcome = "no way"
            print(f"   ({recipe['name']}: {answer['error']['message']}; binding: {binding})")
        else:
            sys.exit(f"{recipe['name']}: {answer}")
        print(f"{recipe['name'][:34]:34} {outcome:>9} {what} "
              f"{percentile(times, 50):7.1f} {percentile(times, 99):7.1f}")
    print(f"found {found}, unreachable {unreachable} of {len(recipes)}; "
          f"{len(every)} requests: p50 {percentile(every, 50):.1f} ms, "
          f"p99 {percentile(every, 99):.1f} ms, max {max(every):.1f} ms")


if __name__ == "__main__":
    main()
