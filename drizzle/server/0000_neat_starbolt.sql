CREATE TABLE `api_keys` (
	`id` text PRIMARY KEY NOT NULL,
	`key_hash` text NOT NULL,
	`scope` text NOT NULL,
	`created_at` integer NOT NULL,
	`revoked_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `api_keys_hash_uq` ON `api_keys` (`key_hash`);--> statement-breakpoint
CREATE TABLE `bookings` (
	`id` text PRIMARY KEY NOT NULL,
	`appointment_number` text NOT NULL,
	`service_id` text NOT NULL,
	`employee_id` text NOT NULL,
	`customer_id` text NOT NULL,
	`date` text NOT NULL,
	`time` text NOT NULL,
	`end_time` text NOT NULL,
	`start_ms` integer NOT NULL,
	`end_ms` integer NOT NULL,
	`status` text NOT NULL,
	`notes` text,
	`email_sent` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`service_id`) REFERENCES `services`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`employee_id`) REFERENCES `employees`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bookings_number_uq` ON `bookings` (`appointment_number`);--> statement-breakpoint
CREATE INDEX `bookings_employee_start_idx` ON `bookings` (`employee_id`,`start_ms`);--> statement-breakpoint
CREATE INDEX `bookings_start_idx` ON `bookings` (`start_ms`);--> statement-breakpoint
CREATE TABLE `counters` (
	`name` text PRIMARY KEY NOT NULL,
	`value` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `customers` (
	`id` text PRIMARY KEY NOT NULL,
	`customer_number` text NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`email_key` text NOT NULL,
	`phone` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `customers_number_uq` ON `customers` (`customer_number`);--> statement-breakpoint
CREATE UNIQUE INDEX `customers_email_key_uq` ON `customers` (`email_key`);--> statement-breakpoint
CREATE TABLE `employee_services` (
	`employee_id` text NOT NULL,
	`service_id` text NOT NULL,
	PRIMARY KEY(`employee_id`, `service_id`),
	FOREIGN KEY (`employee_id`) REFERENCES `employees`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`service_id`) REFERENCES `services`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `employees` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text DEFAULT '' NOT NULL,
	`role` text DEFAULT '' NOT NULL,
	`bookable` integer DEFAULT true NOT NULL,
	`weekly` text NOT NULL,
	`breaks` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `idempotency_records` (
	`api_key_id` text NOT NULL,
	`key` text NOT NULL,
	`body_hash` text NOT NULL,
	`state` text NOT NULL,
	`status_code` integer,
	`response` text,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`api_key_id`, `key`)
);
--> statement-breakpoint
CREATE TABLE `rate_limit_counters` (
	`api_key_id` text NOT NULL,
	`window` text NOT NULL,
	`window_start` integer NOT NULL,
	`count` integer NOT NULL,
	PRIMARY KEY(`api_key_id`, `window`)
);
--> statement-breakpoint
CREATE TABLE `services` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`category` text DEFAULT '' NOT NULL,
	`price` real NOT NULL,
	`currency` text NOT NULL,
	`tax_rate` real NOT NULL,
	`duration_value` real NOT NULL,
	`duration_unit` text NOT NULL,
	`features` text NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`deleted_at` integer
);
