-- Conversations are charged per minute when they end (decision 0050): the credits charged, once.
ALTER TABLE `conversations` ADD `credits` integer DEFAULT 0 NOT NULL;
