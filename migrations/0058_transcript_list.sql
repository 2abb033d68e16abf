-- The workspace's transcripts as a list on /app/speech-to-text (issue 19; decision 0069): the upload's file name,
-- how many speakers were told apart, and the kept recording in R2 (for playing a reopened transcript).
-- speaker_count is null where speakers were not separated (no diarize). Transcripts from before keep no
-- recording; their speaker count is read from the stored words.
ALTER TABLE `transcripts` ADD `file_name` text;
--> statement-breakpoint
ALTER TABLE `transcripts` ADD `speaker_count` integer;
--> statement-breakpoint
ALTER TABLE `transcripts` ADD `audio_key` text;
--> statement-breakpoint
ALTER TABLE `transcripts` ADD `audio_content_type` text;
--> statement-breakpoint
ALTER TABLE `transcripts` ADD `audio_bytes` integer;
--> statement-breakpoint
UPDATE `transcripts` SET `speaker_count` = (
	SELECT nullif(count(DISTINCT json_extract(w.value, '$.speaker_id')), 0) FROM json_each(`transcripts`.`result`, '$.words') AS w
	WHERE json_extract(w.value, '$.speaker_id') IS NOT NULL
) WHERE json_valid(`result`);
