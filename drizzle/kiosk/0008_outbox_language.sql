ALTER TABLE `outbox` ADD `language` text;--> statement-breakpoint
-- The customer's language travels on the booking (issue 40). A booking written before this kept
-- it only in its follow-up (a customer told "queued"): the row takes it from there.
UPDATE `outbox` SET `language` = (
	SELECT `language` FROM `follow_ups` WHERE `follow_ups`.`local_id` = `outbox`.`local_id`
);
