CREATE TABLE `jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`key` text,
	`data` text NOT NULL,
	`state` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`interrupted` integer DEFAULT 0 NOT NULL,
	`run_at` integer NOT NULL,
	`lease_until` integer,
	`reason` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `jobs_type_key` ON `jobs` (`type`,`key`);--> statement-breakpoint
CREATE INDEX `jobs_state_run_at` ON `jobs` (`state`,`run_at`);--> statement-breakpoint
-- The mail outbox's e-mails become jobs of the type `mail` (electron/core/notify/mail-job.ts),
-- keyed by their booking. A mail `claimed` was being sent when its process died: the server
-- may have it, so it is never sent again (`uncertain`, as the sender's start-up made it).
-- A state that is none of the five (a damaged row) is kept as it was.
INSERT INTO `jobs` (`id`, `type`, `key`, `data`, `state`, `attempts`, `interrupted`, `run_at`, `lease_until`, `reason`, `created_at`, `updated_at`)
SELECT
	lower(hex(randomblob(16))),
	'mail',
	`local_id`,
	json_object(
		'localId', CAST(`local_id` AS TEXT),
		'messageId', CAST(`message_id` AS TEXT),
		'recipient', CAST(`recipient` AS TEXT),
		'subject', CAST(`subject` AS TEXT),
		'body', CAST(`body` AS TEXT)
	),
	CASE `state`
		WHEN 'pending' THEN 'queued'
		WHEN 'sent' THEN 'done'
		WHEN 'claimed' THEN 'failed'
		WHEN 'failed' THEN 'failed'
		WHEN 'uncertain' THEN 'failed'
		ELSE `state`
	END,
	`attempts`,
	CASE `state` WHEN 'claimed' THEN 1 ELSE 0 END,
	`next_attempt_at`,
	NULL,
	CASE `state`
		WHEN 'claimed' THEN 'uncertain'
		WHEN 'uncertain' THEN 'uncertain'
		WHEN 'failed' THEN 'refused'
		ELSE NULL
	END,
	`created_at`,
	`updated_at`
FROM `mail_outbox`;
