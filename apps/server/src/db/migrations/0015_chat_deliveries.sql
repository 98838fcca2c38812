CREATE TABLE "chat_deliveries" (
	"key" text PRIMARY KEY NOT NULL,
	"delivered_at" timestamp with time zone DEFAULT now() NOT NULL
);
