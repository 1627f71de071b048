"""``studbook export``: every table of the database as a parquet file, for pandas, R or a spreadsheet."""

from __future__ import annotations

import argparse

from .app import Command, OutputError, add_db_option, fail, output_folder


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_db_option(parser)
    parser.add_argument("--out", metavar="DIR", required=True, help="folder to write the files to (created if missing)")
    parser.epilog = (
        "example:\n"
        "  studbook export --db studbook.duckdb --out parquet/\n"
        "  studbook export --db hands/ --out parquet/      a dataset folder of 'import --dask'\n"
        "  python -c \"import pandas as pd; print(pd.read_parquet('parquet/hand_players.parquet'))\""
    )


def run(args: argparse.Namespace) -> int:
    import duckdb

    from ..analytics.schema import TABLES
    from .reading import open_reader

    store = open_reader(args)
    with store:
        try:
            out = output_folder(args.out, [f"{name}.parquet" for name in TABLES])
        except OutputError as exc:
            return fail(str(exc))
        counts = store.table_counts()
        try:
            written = store.export_parquet(out)
        except (OSError, duckdb.Error) as exc:
            return fail(f"cannot write the parquet files into {out} ({exc}); give --out a folder you can write to")
        for path in written:
            print(f"{path}  ({counts[path.stem]:,} rows)")
    return 0


COMMAND = Command(
    name="export",
    summary="write every table of the database to parquet files",
    description=(
        "Write each table of the database (hands, players per hand, actions, cards, pots, awards,\n"
        "collected lines, rule violations, imports, parse errors) to DIR/<table>.parquet, which pandas,\n"
        "R, DuckDB and most spreadsheets read directly. Amounts are whole numbers of cents, or of\n"
        "chips for tournaments and play money ($0.04 is stored as 4, 1,500 chips as 1500; hands.per_unit\n"
        "says how many make one printed unit)."
    ),
    add_arguments=add_arguments,
    run=run,
)
