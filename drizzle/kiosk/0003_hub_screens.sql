CREATE TABLE `hub_screens` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`role` text NOT NULL,
	`token_hash` text NOT NULL,
	`address` text NOT NULL,
	`paired_at` integer NOT NULL,
	`last_seen_at` integer NOT NULL,
	`removed_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `hub_screens_token_hash_unique` ON `hub_screens` (`token_hash`);