CREATE TABLE "price_plans" (
	"id" text PRIMARY KEY NOT NULL,
	"tier" text NOT NULL,
	"self_service" boolean NOT NULL,
	"min_seats" integer NOT NULL,
	"max_seats" integer,
	"seat_prices" jsonb NOT NULL,
	"ident_prices" jsonb NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
-- The plans of SPEC §4, prices per seat in minor units before VAT (SPEC §9: EUR and CHF).
INSERT INTO "price_plans" ("id", "tier", "self_service", "min_seats", "max_seats", "seat_prices", "ident_prices", "position") VALUES
('individual', 'individual', true, 1, 1, '{"monthly": {"eur": 1200, "chf": 1200}, "yearly": {"eur": 12000, "chf": 12000}}', '{"eidas": {"eur": 4900, "chf": 5900}, "zertes": {"eur": 5900, "chf": 5900}}', 1),
('team', 'team', true, 2, 20, '{"monthly": {"eur": 2500, "chf": 2500}, "yearly": {"eur": 25000, "chf": 25000}}', '{"eidas": {"eur": 4900, "chf": 5900}, "zertes": {"eur": 5900, "chf": 5900}}', 2),
('pro', 'pro', true, 2, 100, '{"monthly": {"eur": 4000, "chf": 4000}, "yearly": {"eur": 40000, "chf": 40000}}', '{"eidas": {"eur": 3900, "chf": 4900}, "zertes": {"eur": 4900, "chf": 4900}}', 3),
('scale', 'scale', true, 10, NULL, '{"monthly": {"eur": 6000, "chf": 6000}, "yearly": {"eur": 60000, "chf": 60000}}', '{"eidas": {"eur": 2900, "chf": 3900}, "zertes": {"eur": 3900, "chf": 3900}}', 4),
('ent_2026', 'enterprise', false, 25, NULL, '{"monthly": {"eur": 0, "chf": 0}, "yearly": {"eur": 0, "chf": 0}}', '{"eidas": {"eur": 0, "chf": 0}, "zertes": {"eur": 0, "chf": 0}}', 5),
('ent_v2', 'legacy', false, 1, NULL, '{"monthly": {"eur": 3000, "chf": 3000}, "yearly": {"eur": 30000, "chf": 30000}}', '{"eidas": {"eur": 4900, "chf": 5900}, "zertes": {"eur": 5900, "chf": 5900}}', 6),
('sme_v2', 'legacy', false, 1, NULL, '{"monthly": {"eur": 2000, "chf": 2000}, "yearly": {"eur": 20000, "chf": 20000}}', '{"eidas": {"eur": 4900, "chf": 5900}, "zertes": {"eur": 5900, "chf": 5900}}', 7),
('free_v1', 'free', false, 1, 1, '{"monthly": {"eur": 0, "chf": 0}, "yearly": {"eur": 0, "chf": 0}}', '{"eidas": {"eur": 4900, "chf": 5900}, "zertes": {"eur": 5900, "chf": 5900}}', 8);
