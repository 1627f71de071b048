"""Import on a Dask cluster into a Parquet dataset (:mod:`studbook.analytics.dataset`).

The unit of work is the embedded import's: :func:`~.importer.process_file` parses, replays and rows one
file, or one piece of a large file (:mod:`.pieces`: cut at hand headers, read with the file's line
numbers), on a Dask worker and spills its rows (Arrow IPC) to the dataset's staging folder, which must
therefore be on a filesystem that the workers and this process share. This process then judges and
stores them exactly as the embedded import does, with the same code (a file's pieces in order, all or
nothing, a piece after a cp1252 byte read again here), into a staging DuckDB file that holds the run's
hands, and writes that out as the run's partitioned Parquet files and its stat rollup:

- **Deduplication across runs and partitions.** Before the run's hands are judged, the staging store
  is seeded with the already committed hands that carry one of the run's ids (their ``hands``,
  ``hand_players`` and ``actions`` rows, what the store compares) and with the recorded parse errors of
  the run's files. The store then sees the dataset as the embedded database would: a hand already there
  is a duplicate (or a conflict, when its content differs) whatever file or partition it came from.
  The committed sources of every tournament the run's files tell of are seeded too, so that a source
  stored already counts once and two that disagree are reported, whichever run stored the first; the
  run writes its new sources (``tournament_sources``) and the ``tournaments`` rows of every tournament
  it told of, joined from all their sources as the embedded import joins them, with each player's hands
  counted over the committed runs and this one; a later run telling of the tournament replaces them
  (:data:`studbook.analytics.dataset.LATEST`).
  Seeded rows are left out of what is written. A file whose checksum a committed run recorded is not
  read again.
- **All or nothing.** The run is committed by renaming its folder into ``runs/`` once every file is
  written; a lock file keeps a second import from writing the same dataset meanwhile.

Only ``process_file`` runs on the workers, so a worker needs studbook installed (the ``distributed``
extra) and the hand-history files at the same paths as this process sees them.
"""

from __future__ import annotations

import fcntl
import os
import shutil
import uuid
from contextlib import contextmanager
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Iterator, Sequence

import pyarrow as pa

from ..analytics.dataset import (
    PARTITIONS,
    RUN_TABLES,
    RUNS,
    STAGING,
    UNKNOWN_DATE,
    create_or_check,
    create_views,
)
from ..analytics.rollup import FOLDER as ROLLUP_FOLDER
from ..analytics.rollup import rollup_sql
from ..analytics.schema import ACTIONS, HAND_PLAYERS, HAND_TABLES, HANDS, PARSE_ERRORS, TOURNAMENT_SOURCES, TOURNAMENTS
from ..analytics.store import SourceFile, Store, StoreError, open_store
from ..parsers.registry import get_profile
from .importer import (
    CHUNK_HANDS,
    FileOutcome,
    FileTask,
    ImportSummary,
    default_workers,
    file_failure,
    new_sources,
    process_file,
    read_chunks,
    store_file_outcomes,
)
from .pieces import PIECE_BYTES, plan
from .progress import ImportProgress

if TYPE_CHECKING:
    from distributed import Client

LOCAL = "local"
"""The ``--dask`` address that starts a cluster of worker processes on this machine."""
LOCK = ".lock"
PRIOR = "prior_"
"""Prefix of the staging store's views over the committed dataset."""
SEEDED = (HANDS, HAND_PLAYERS, ACTIONS)
"""The committed rows a duplicate is judged by (the tables of ``store.CONTENT_COLUMNS``)."""


def connect(address: str, workers: int | None = None) -> Client:
    """A Dask client: for ``local``, of a new cluster of ``workers`` single-threaded processes (default
    one per core: parsing holds the GIL, so threads would not add up); else of the scheduler at
    ``address`` (``tcp://host:8786``). Raises ``ImportError`` saying what to install without dask."""
    try:
        from distributed import Client, LocalCluster
    except ImportError as exc:
        raise ImportError("--dask needs Dask's distributed scheduler: pip install 'studbook[distributed]'") from exc
    import logging

    if address == LOCAL:
        cluster = LocalCluster(  # type: ignore[no-untyped-call]
            n_workers=workers or default_workers(),
            threads_per_worker=1,
            processes=True,
            dashboard_address=":0",  # any free port: a fixed one (8787) clashes with a second cluster
            silence_logs=logging.ERROR,
        )
        return Client(cluster)  # type: ignore[no-untyped-call]
    return Client(address, timeout="10s")  # type: ignore[no-untyped-call]


@contextmanager
def locked(root: Path) -> Iterator[None]:
    """Hold the dataset's write lock (one import at a time); StoreError if another import holds it."""
    with (root / LOCK).open("a") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise StoreError(f"{root}: another import is writing this dataset; wait for it to finish") from None
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def run_dask_import(
    paths: Sequence[str | Path],
    dataset: str | Path,
    client: Client,
    profile: str | None = None,
    progress: ImportProgress | None = None,
    chunk_hands: int = CHUNK_HANDS,
    piece_bytes: int = PIECE_BYTES,
) -> ImportSummary:
    """Import every hand-history file under ``paths`` into the Parquet dataset folder ``dataset``
    (created if new), reading them on ``client``'s cluster; the summary is the embedded import's. A
    file larger than ``piece_bytes`` is cut into pieces read on several workers and written in order,
    all or nothing, as the embedded import writes them."""
    if profile:
        get_profile(profile)
    root = Path(dataset)
    create_or_check(root)
    with locked(root):
        shutil.rmtree(root / STAGING, ignore_errors=True)  # what an interrupted run left
        run = run_name(datetime.now(timezone.utc), uuid.uuid4().hex[:8])
        stage = root / STAGING / run
        stage.mkdir(parents=True)
        try:
            with open_store(stage / "stage.duckdb") as store:
                summary = _import_run(paths, root, stage, store, client, profile, progress, chunk_hands, piece_bytes)
                written = _write_run(store, stage / "out") if summary.files_imported else False
            if written:
                (root / RUNS).mkdir(exist_ok=True)
                os.rename(stage / "out", root / RUNS / run)
        finally:
            shutil.rmtree(stage, ignore_errors=True)
    return summary


def run_name(started: datetime, tag: str) -> str:
    """The folder name of a run started at ``started`` (UTC), ``tag`` telling apart two runs of one
    moment. The latest run of a tournament's rows is the greatest name, so the time goes to the
    microsecond: two runs within one second (a summary fetched again at once) would otherwise be
    ordered by their tags."""
    return started.strftime("%Y%m%dT%H%M%S.%f") + "-" + tag


def _import_run(
    paths: Sequence[str | Path],
    root: Path,
    stage: Path,
    store: Store,
    client: Client,
    profile: str | None,
    progress: ImportProgress | None,
    chunk_hands: int,
    piece_bytes: int,
) -> ImportSummary:
    con = store.con
    create_views(con, root, prefix=PRIOR)
    known = {row[0] for row in con.execute(f"SELECT checksum FROM {PRIOR}imports").fetchall()}
    summary, sources = new_sources(paths, known.__contains__)
    if progress is not None:
        progress.start(total_bytes=sum(s.size for s in sources), files=len(sources))
    groups = [
        _file_tasks(Path(s.path), stage / "spill" / str(i), profile, chunk_hands, piece_bytes)
        for i, s in enumerate(sources)
    ]
    tasks = [t for group in groups for t in group]
    outcomes = _read_on_cluster(client, tasks, progress)
    _seed(store, tasks, outcomes, sources)
    written = iter(outcomes)
    for source, group in zip(sources, groups):
        store_file_outcomes(source, group, written, store, summary)
        if progress is not None:
            progress.stored(summary.hands)
    if progress is not None:
        progress.finish()
    return summary


def _file_tasks(path: Path, spill: Path, profile: str | None, chunk_hands: int, piece_bytes: int) -> list[FileTask]:
    """The tasks of one file: one per piece of a file larger than ``piece_bytes`` that can be cut at hand
    headers (:mod:`.pieces`), so that one big file is read by every worker; else the whole file."""
    pieces = plan(path, piece_bytes)
    return [FileTask(path, profile, spill / str(j), chunk_hands, piece) for j, piece in enumerate(pieces)] or [
        FileTask(path, profile, spill, chunk_hands)
    ]


def _task_bytes(task: FileTask) -> int:
    """The bytes a task reads, for the progress bar: its piece, or the whole file."""
    if task.piece is not None:
        return task.piece.end - task.piece.start
    try:
        return task.path.stat().st_size
    except OSError:
        return 0


def _read_on_cluster(client: Client, tasks: Sequence[FileTask], progress: ImportProgress | None) -> list[FileOutcome]:
    """:func:`process_file` of every task (a file or a piece of one) on the cluster, the outcomes in the
    tasks' order, the progress moving as each task ends; a task the cluster could not run (a worker lost
    three times) is that file's failure, reported like an unreadable file."""
    from distributed import as_completed

    if not tasks:
        return []
    futures = client.map(process_file, tasks, pure=False)
    index = {f.key: i for i, f in enumerate(futures)}
    outcomes: list[FileOutcome | None] = [None] * len(tasks)
    for future in as_completed(futures):  # type: ignore[no-untyped-call]
        i = index[future.key]
        try:
            outcomes[i] = future.result()
        except Exception as exc:
            outcomes[i] = FileOutcome(tasks[i].path, failure=file_failure(tasks[i].path, exc))
        if progress is not None:
            progress.read(_task_bytes(tasks[i]))
    return [o for o in outcomes if o is not None]


def _seed(
    store: Store, tasks: Sequence[FileTask], outcomes: Sequence[FileOutcome], sources: Sequence[SourceFile]
) -> None:
    """Copy into the staging store the committed rows the run's hands are to be judged against (see the
    module's docstring), and remember them as ``seeded_*`` so that they are not written again."""
    con = store.con
    ids = [
        chunk[HANDS.name].column("hand_id")
        for task, outcome in zip(tasks, outcomes)
        if outcome.failure is None
        for chunk in read_chunks(task.spill_dir, outcome.chunks)
    ]
    run_ids = pa.table({"hand_id": pa.chunked_array(ids, pa.string())})
    con.register("run_ids", run_ids)
    files = pa.table({"file": pa.array([s.path for s in sources], pa.string())})
    con.register("run_files", files)
    told = sorted({(t.site, t.tournament_id) for outcome in outcomes for _, t in outcome.told})
    keys = pa.table({"site": pa.array([k[0] for k in told], pa.string()), "tournament_id": [k[1] for k in told]})
    con.register("run_tournaments", keys)
    try:
        for table in SEEDED:
            con.execute(
                f"INSERT INTO {table.name} SELECT * FROM {PRIOR}{table.name} "
                "WHERE hand_id IN (SELECT hand_id FROM run_ids)"
            )
        con.execute(
            f"INSERT INTO {PARSE_ERRORS.name} SELECT * FROM {PRIOR}{PARSE_ERRORS.name} "
            "WHERE file IN (SELECT file FROM run_files)"
        )
        con.execute(
            f"INSERT INTO {TOURNAMENT_SOURCES.name} SELECT * FROM {PRIOR}{TOURNAMENT_SOURCES.name} s "
            "SEMI JOIN run_tournaments k ON s.site = k.site AND s.tournament_id = k.tournament_id"
        )
    finally:
        con.unregister("run_ids")
        con.unregister("run_files")
        con.unregister("run_tournaments")
    con.execute(f"CREATE TABLE seeded_ids AS SELECT hand_id FROM {HANDS.name}")
    con.execute(f"CREATE TABLE seeded_errors AS SELECT * FROM {PARSE_ERRORS.name}")
    con.execute(f"CREATE TABLE seeded_sources AS SELECT * FROM {TOURNAMENT_SOURCES.name}")


def _path(target: Path) -> str:
    return "'" + str(target).replace("'", "''") + "'"


def _sources_sql() -> str:
    """The run's new sources: every row of each origin (of a tournament) the run added or told again
    differently (a summary fetched again), so that the dataset's latest rows of an origin are all of
    them, not only those that changed."""
    stage, seeded = TOURNAMENT_SOURCES.name, "seeded_sources"
    changed = (
        f"SELECT DISTINCT origin, site, tournament_id FROM ((SELECT * FROM {stage} EXCEPT ALL SELECT * FROM {seeded}) "
        f"UNION ALL (SELECT * FROM {seeded} EXCEPT ALL SELECT * FROM {stage}))"
    )
    return (
        f"SELECT s.* FROM {stage} s SEMI JOIN ({changed}) k "
        "ON s.origin = k.origin AND s.site = k.site AND s.tournament_id = k.tournament_id"
    )


def _tournaments_sql() -> str:
    """The staging store's ``tournaments`` rows (those the run's files told of, joined from every source
    of them, the seeded ones included) with each player's hands counted again: the staging store holds
    only this run's hands, the committed ones are in the dataset."""
    players = (
        "SELECT h.site, h.tournament_id, p.player FROM {hands} h JOIN {players} p ON p.hand_id = h.hand_id "
        f"SEMI JOIN (SELECT DISTINCT site, tournament_id FROM {TOURNAMENTS.name}) k "
        "ON h.site = k.site AND h.tournament_id = k.tournament_id"
    )
    committed = players.format(hands=f"{PRIOR}{HANDS.name}", players=f"{PRIOR}{HAND_PLAYERS.name}")
    new = players.format(hands=HANDS.name, players=HAND_PLAYERS.name) + (
        " WHERE h.hand_id NOT IN (SELECT hand_id FROM seeded_ids)"
    )
    return (
        f"SELECT t.* REPLACE (coalesce(n.hands, 0) AS hands) FROM {TOURNAMENTS.name} t LEFT JOIN "
        f"(SELECT site, tournament_id, player, count(*) AS hands FROM ({committed} UNION ALL {new}) GROUP BY ALL) n "
        "ON n.site = t.site AND n.tournament_id = t.tournament_id AND n.player = t.player"
    )


def _write_run(store: Store, out: Path) -> bool:
    """Write the run's rows (the staging store's, less the seeded ones) as Parquet under ``out``: each
    hand table partitioned by its hand's site and day, ``imports`` and ``parse_errors`` as one file
    each, and the rollup of those hands (:mod:`~studbook.analytics.rollup`). Returns whether the run recorded anything (an ``imports`` row) and so is to be committed."""
    con = store.con
    out.mkdir(parents=True)
    day = f"coalesce(strftime(h.started_at AT TIME ZONE 'UTC', '%Y-%m-%d'), '{UNKNOWN_DATE}')"
    keys = ", ".join(PARTITIONS)
    for table in HAND_TABLES:
        site = "" if table is HANDS else ", h.site AS site"
        join = "" if table is HANDS else f" JOIN {HANDS.name} h ON t.hand_id = h.hand_id"
        source = f"{HANDS.name} h" if table is HANDS else f"{table.name} t"
        rows = "h" if table is HANDS else "t"
        con.execute(
            f"COPY (SELECT {rows}.*{site}, {day} AS date FROM {source}{join} "
            f"WHERE {rows}.hand_id NOT IN (SELECT hand_id FROM seeded_ids)) "
            f"TO {_path(out / table.name)} (FORMAT parquet, PARTITION_BY ({keys}))"
        )
    (out / ROLLUP_FOLDER).mkdir()
    fresh = rollup_sql(HAND_PLAYERS.name, HANDS.name, "hp.hand_id NOT IN (SELECT hand_id FROM seeded_ids)")
    con.execute(f"COPY ({fresh}) TO {_path(out / ROLLUP_FOLDER / 'data_0.parquet')} (FORMAT parquet)")
    fresh_rows = {
        PARSE_ERRORS: f"SELECT * FROM {PARSE_ERRORS.name} EXCEPT ALL SELECT * FROM seeded_errors",
        TOURNAMENT_SOURCES: _sources_sql(),
        TOURNAMENTS: _tournaments_sql(),
    }
    for table in RUN_TABLES:
        (out / table.name).mkdir()
        query = fresh_rows.get(table, f"SELECT * FROM {table.name}")
        con.execute(f"COPY ({query}) TO {_path(out / table.name / 'data_0.parquet')} (FORMAT parquet)")
    row = con.execute("SELECT count(*) FROM imports").fetchone()
    return bool(row and row[0])
