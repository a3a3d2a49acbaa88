"""The dataset: input files and blocks in, Parquet tables out (pipeline, ingest, store)."""
