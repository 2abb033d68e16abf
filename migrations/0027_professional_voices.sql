-- Professional voice cloning (decision 0035): the text a person is asked to read to verify a professional
-- voice, and until when (JSON {"text", "expiresAt"}); null when no verification is under way.
ALTER TABLE `voices` ADD `verification_challenge` text;
