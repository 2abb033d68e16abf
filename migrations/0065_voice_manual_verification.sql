ALTER TABLE `voices` ADD `manual_verification` text;
