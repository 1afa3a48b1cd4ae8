CREATE TABLE `mirror_available_days` (
	`year` integer NOT NULL,
	`month` integer NOT NULL,
	`service_key` text NOT NULL,
	`employee_key` text NOT NULL,
	`data` text NOT NULL,
	`fetched_at` integer NOT NULL,
	PRIMARY KEY(`year`, `month`, `service_key`, `employee_key`)
);
--> statement-breakpoint
CREATE TABLE `mirror_employees` (
	`id` text PRIMARY KEY NOT NULL,
	`position` integer NOT NULL,
	`data` text NOT NULL,
	`fetched_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `mirror_services` (
	`id` text PRIMARY KEY NOT NULL,
	`position` integer NOT NULL,
	`data` text NOT NULL,
	`fetched_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `mirror_time_slots` (
	`date` text NOT NULL,
	`service_id` text NOT NULL,
	`employee_key` text NOT NULL,
	`data` text NOT NULL,
	`fetched_at` integer NOT NULL,
	PRIMARY KEY(`date`, `service_id`, `employee_key`)
);
--> statement-breakpoint
CREATE TABLE `outbox` (
	`local_id` text PRIMARY KEY NOT NULL,
	`idempotency_key` text NOT NULL,
	`request` text NOT NULL,
	`employee_id` text NOT NULL,
	`date` text NOT NULL,
	`time` text NOT NULL,
	`duration_minutes` integer NOT NULL,
	`state` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error_status` integer,
	`last_error_message` text,
	`booking` text,
	`next_attempt_at` integer NOT NULL,
	`response_lost` integer DEFAULT false NOT NULL,
	`first_attempt_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `outbox_idempotency_key_unique` ON `outbox` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `outbox_state_next` ON `outbox` (`state`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `outbox_hold` ON `outbox` (`employee_id`,`date`);--> statement-breakpoint
CREATE TABLE `settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL
);
