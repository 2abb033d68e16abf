-- Studio snapshots made with ACX loudness normalisation (decision 0049): a chapter whose blocks are unchanged
-- keeps its snapshot only while this matches the project's acx_volume_normalization.
ALTER TABLE studio_snapshots ADD COLUMN acx_normalized INTEGER NOT NULL DEFAULT 0;
