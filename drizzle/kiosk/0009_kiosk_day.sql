CREATE TABLE `kiosk_day_booked_seconds` (
	`day` text NOT NULL,
	`hour` integer NOT NULL,
	`seconds` integer NOT NULL,
	`count` integer NOT NULL,
	PRIMARY KEY(`day`, `hour`, `seconds`),
	CONSTRAINT "kiosk_day_booked_seconds_day" CHECK(day GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
	CONSTRAINT "kiosk_day_booked_seconds_hour" CHECK(typeof(hour) = 'integer' AND hour BETWEEN 0 AND 23),
	CONSTRAINT "kiosk_day_booked_seconds_seconds" CHECK(typeof(seconds) = 'integer' AND seconds >= 0),
	CONSTRAINT "kiosk_day_booked_seconds_count" CHECK(typeof(count) = 'integer' AND count >= 0)
);
--> statement-breakpoint
CREATE TABLE `kiosk_day_counts` (
	`day` text NOT NULL,
	`hour` integer NOT NULL,
	`counter` text NOT NULL,
	`detail` text NOT NULL,
	`count` integer NOT NULL,
	PRIMARY KEY(`day`, `hour`, `counter`, `detail`),
	CONSTRAINT "kiosk_day_counts_day" CHECK(day GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
	CONSTRAINT "kiosk_day_counts_hour" CHECK(typeof(hour) = 'integer' AND hour BETWEEN 0 AND 23),
	CONSTRAINT "kiosk_day_counts_counter" CHECK(counter IN ('started', 'reached', 'abandoned', 'noTimeFound', 'waitlistJoined', 'arrived', 'language', 'mode')),
	CONSTRAINT "kiosk_day_counts_detail" CHECK(detail IN ('', 'service', 'day', 'time', 'details', 'review', 'booked', 'de', 'en', 'tr', 'pl', 'uk', 'ar', 'audio', 'reach')),
	CONSTRAINT "kiosk_day_counts_count" CHECK(typeof(count) = 'integer' AND count >= 0)
);
