import type { OutboxRow } from "./system.repo.ts";

export const presentOutboxMessage = (r: OutboxRow) => ({ id: r.id, to: r.to, subject: r.subject, text: r.text, created_at: r.createdAt.toISOString() });

export const presentOutboxMail = (r: OutboxRow) => ({ ...presentOutboxMessage(r), html: r.html });
