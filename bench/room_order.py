#!/usr/bin/env python3
"""What the order of room ids and the shape of a game's rows cost the store: a model of its
`events` table.

A finished game's events (70 for a random Amazons game, 257 bytes each) go into the database in
one transaction when the game ends, in WAL mode with an exclusive lock, as
server/storage/sqlite_store.cpp does. Kinds:
- `random`: a row each, keyed by (room, version) in a table without row ids, the room ids random
  (`r` and ten random characters, the ids before 2026-11-29);
- `ordered`: the same, the ids beginning with the order the rooms were made in (as `new_room_id`
  in server/rooms/ids.hpp makes them);
- `runs`: ordered ids, the game's events in one row of their text, one per line, as
  `event_runs` (migration 10) keeps them.
Prints the CPU and wall time per game, and the database's size, as the tables grow.

Usage: bench/room_order.py [games] [report every] [kinds...]
  e.g. bench/room_order.py 12000 4000 random ordered runs
"""
import os
import random
import resource
import shutil
import sqlite3
import sys
import tempfile
import time

ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz"
ROWS_PER_GAME = 70
BODY = "x" * 257
GAMES_PER_SECOND = 100


def random_part(n):
    return "".join(random.choice(ALPHABET) for _ in range(n))


def cpu_seconds():
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def run(kind, games, report):
    folder = tempfile.mkdtemp()
    path = os.path.join(folder, "model.db")
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=NORMAL")
    db.execute("PRAGMA locking_mode=EXCLUSIVE")
    db.execute("CREATE TABLE events (room TEXT NOT NULL, version INTEGER NOT NULL, "
               "body TEXT NOT NULL, PRIMARY KEY (room, version)) WITHOUT ROWID")
    db.execute("CREATE TABLE event_runs (room TEXT NOT NULL, first INTEGER NOT NULL, "
               "last INTEGER NOT NULL, bodies TEXT NOT NULL)")
    db.execute("CREATE UNIQUE INDEX event_runs_by_room ON event_runs (room, first)")
    wall, cpu = time.perf_counter(), cpu_seconds()
    for game in range(games):
        # Seven characters of the second, then the random part: within a second (a hundred games,
        # as at a hundred busy rooms) the ids fall in random order, as the server's do.
        second = game // GAMES_PER_SECOND
        room = "r" + random_part(10) if kind == "random" else "r%07d%s" % (second, random_part(10))
        db.execute("BEGIN")
        if kind == "runs":
            db.execute("INSERT INTO event_runs VALUES (?, 1, ?, ?)",
                       (room, ROWS_PER_GAME, "\n".join([BODY] * ROWS_PER_GAME)))
        else:
            db.executemany("INSERT INTO events VALUES (?, ?, ?)",
                           ((room, v, BODY) for v in range(1, ROWS_PER_GAME + 1)))
        db.execute("COMMIT")
        if (game + 1) % report == 0:
            now_wall, now_cpu = time.perf_counter(), cpu_seconds()
            per_game = (now_cpu - cpu) / report * 1e6
            print(f"{kind:8} games {game + 1:6}  database {os.path.getsize(path) >> 20:4} MiB  "
                  f"CPU per game {per_game:5.0f} us ({per_game / ROWS_PER_GAME:4.1f} per event)  "
                  f"wall per game {(now_wall - wall) / report * 1e6:5.0f} us", flush=True)
            wall, cpu = now_wall, now_cpu
    db.close()
    shutil.rmtree(folder)


if __name__ == "__main__":
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 12000
    report = int(sys.argv[2]) if len(sys.argv) > 2 else 4000
    for kind in sys.argv[3:] or ["random", "ordered", "runs"]:
        run(kind, games, report)
