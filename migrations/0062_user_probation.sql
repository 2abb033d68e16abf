-- An account in probation (spec User.is_in_probation, decision 0075): set by an operator, with an end; the voices
-- it owns are flagged where they are offered.
ALTER TABLE `users` ADD `probation_until` integer;
