import { z } from "zod";
import { type ChatChannel, ChatChannel as ChatChannelSchema, type TestChatHookResponse, type UpdateChatHooksRequest } from "@learnward/contracts";
import { type Actor, authorize } from "../../lib/actor.ts";
import { AppError } from "../../lib/errors.ts";
import type { Handler } from "../../lib/events.ts";
import type { JobDefinition, Jobs } from "../../lib/jobs.ts";
import { type SafeFetch, SafeFetchError } from "../../lib/safe-fetch.ts";
import { bodyFor, type ChatMessage, collectionPublishedMessage, complianceRemindedMessage, requestsWaitingMessage, testMessage } from "./chat.messages.ts";
import { chatPolicy } from "./chat.policy.ts";
import type { ChatHooksRow, ChatRepo, HookChanges } from "./chat.repo.ts";

/** A filed request waits this long before the post, so that a burst of them makes one message with their count. */
export const REQUESTS_WAITING_DELAY_MS = 60_000;

const PostData = z.object({
  companyId: z.number().int().positive(),
  channel: ChatChannelSchema,
  event: z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("collection_published"), collectionId: z.number().int().positive() }),
    z.object({ kind: z.literal("requests_waiting") }),
    z.object({
      kind: z.literal("compliance_reminded"),
      dueSoon: z.number().int().nonnegative(),
      expiring: z.number().int().nonnegative(),
      overdue: z.number().int().nonnegative(),
    }),
  ]),
});
type PostData = z.infer<typeof PostData>;

const FIELDS = { slack: "slack_webhook_url", teams: "teams_webhook_url" } as const satisfies Record<ChatChannel, keyof UpdateChatHooksRequest>;
const urlOf = (row: ChatHooksRow | undefined, channel: ChatChannel) => (channel === "slack" ? row?.slackWebhookUrl : row?.teamsWebhookUrl) ?? null;

export interface ChatServiceDeps {
  repo: ChatRepo;
  jobs: Jobs;
  fetch: SafeFetch;
  publicUrl: string;
  /** Accept http:// addresses (tests and local development post to a loopback server); https only otherwise. */
  allowHttp: boolean;
  onError(err: unknown): void;
}

/** A company's Slack and Teams channels: their addresses, a test post, and posts of company-level events. */
export function createChatService({ repo, jobs, fetch, publicUrl, allowHttp, onError }: ChatServiceDeps) {
  /** Posts now; a refusal or an unreachable service throws SafeFetchError. */
  const post = async (channel: ChatChannel, url: string, message: ChatMessage) => {
    await fetch(url, {
      maxBytes: 64 * 1024,
      timeoutMs: 10_000,
      post: { body: JSON.stringify(bodyFor(channel, message)), contentType: "application/json" },
    });
  };

  const postJob: JobDefinition<typeof PostData> = {
    name: "chat.post",
    data: PostData,
    // Backoff from 30 s: a chat service that is down for a while still gets the post.
    retryLimit: 6,
    retryDelay: 30,
    async run({ companyId, channel, event }, job) {
      // The address as it is now: a channel disconnected meanwhile hears nothing.
      const url = urlOf(await repo.hooks(companyId), channel);
      if (!url) return;
      let message: ChatMessage | null = null;
      if (event.kind === "collection_published") {
        const c = await repo.collection(event.collectionId);
        if (c && c.companyId === companyId && c.status === "published") message = collectionPublishedMessage(publicUrl, c);
      } else if (event.kind === "compliance_reminded") {
        message = complianceRemindedMessage(publicUrl, event);
      } else {
        message = requestsWaitingMessage(publicUrl, await repo.waiting(companyId));
      }
      if (!message) return;
      // Claimed before posting: a run of the same job after a lost worker finds it taken and posts nothing.
      if (!(await repo.claimDelivery(job.id))) return;
      try {
        await post(channel, url, message);
      } catch (err) {
        await repo.releaseDelivery(job.id);
        throw err;
      }
    },
  };
  jobs.define(postJob);

  /**
   * Queues one post per connected channel in the event's transaction. A chat post never stands in the
   * way of the write that caused it: its work runs in a savepoint, and a failure is logged only.
   */
  /** Every request someone files for a decision: the company's channels hear that requests wait. */
  type RequestFiled = "purchase_request.created" | "invite_request.created" | "publish_request.created" | "removal_request.created";
  const queue =
    <N extends "collection.published" | RequestFiled | "compliance.reminded">(
      pick: (
        tx: Parameters<Handler<N>>[0],
        e: Parameters<Handler<N>>[1],
        companyId: number,
      ) => Promise<{ event: PostData["event"]; key: string; startAfter?: number } | null>,
    ): Handler<N> =>
    async (tx, e) => {
      try {
        await tx.transaction(async (sp) => {
          // An event of the schedule names its company; one of a person's, the person.
          const companyId = e.actorId === null ? e.companyId : await repo.companyOf(sp, e.actorId);
          if (companyId === null) return;
          const channels = await repo.channels(sp, companyId);
          if (channels.length === 0) return;
          const what = await pick(sp, e, companyId);
          if (!what) return;
          for (const channel of channels) {
            if (await jobs.waiting(sp, postJob.name, `${channel}:${what.key}`)) continue;
            await jobs.send(
              postJob,
              { companyId, channel, event: what.event },
              { tx: sp, singletonKey: `${channel}:${what.key}`, ...(what.startAfter ? { startAfter: new Date(Date.now() + what.startAfter) } : {}) },
            );
          }
        });
      } catch (err) {
        onError(err);
      }
    };

  const handlers = {
    // Only a new learning path: an accepted edit of one already published is news to its followers, not the company.
    published: queue<"collection.published">(async (tx, e, companyId) =>
      (await repo.newlyPublished(tx, e.collectionId))
        ? { event: { kind: "collection_published", collectionId: e.collectionId }, key: `published:${companyId}:${e.collectionId}` }
        : null,
    ),
    // The job tells of reminders given anew only: a rerun that reminds nobody new posts nothing.
    reminded: queue<"compliance.reminded">(async (_tx, e, companyId) => ({
      event: { kind: "compliance_reminded", dueSoon: e.dueSoon, expiring: e.expiring, overdue: e.overdue },
      key: `compliance:${companyId}:${e.day}`,
    })),
    requestFiled: queue<RequestFiled>(async (_tx, _e, companyId) => ({
      event: { kind: "requests_waiting" },
      key: `waiting:${companyId}`,
      startAfter: REQUESTS_WAITING_DELAY_MS,
    })),
  };

  /** A saved address: https (http only where allowed), no credentials in it; "" or null disconnects. */
  const checked = (field: (typeof FIELDS)[ChatChannel], raw: string | null | undefined): string | null | undefined => {
    if (raw === undefined) return undefined;
    if (raw === null || raw === "") return null;
    const url = URL.canParse(raw) ? new URL(raw) : null;
    const schemes = allowHttp ? ["https:", "http:"] : ["https:"];
    if (!url || !schemes.includes(url.protocol) || url.username || url.password || !url.hostname) {
      throw new AppError("chat_hook_url_invalid", 400, `${field} must be the https:// address of an incoming webhook`, { field });
    }
    return raw;
  };

  return {
    handlers,
    postJob,

    async read(actor: Actor, companyId: number): Promise<ChatHooksRow | undefined> {
      authorize(actor, chatPolicy.manage, { companyId }, "not_found");
      return repo.hooks(companyId);
    },

    async update(actor: Actor, companyId: number, body: UpdateChatHooksRequest): Promise<ChatHooksRow> {
      authorize(actor, chatPolicy.manage, { companyId }, "not_found");
      const changes: HookChanges = {
        slackWebhookUrl: checked(FIELDS.slack, body.slack_webhook_url),
        teamsWebhookUrl: checked(FIELDS.teams, body.teams_webhook_url),
      };
      for (const key of Object.keys(changes) as Array<keyof HookChanges>) if (changes[key] === undefined) delete changes[key];
      return repo.update(actor.accountId, companyId, changes);
    },

    /** Posts a test message to the saved address now and answers whether the chat service took it. */
    async test(actor: Actor, companyId: number, channel: ChatChannel): Promise<TestChatHookResponse> {
      authorize(actor, chatPolicy.manage, { companyId }, "not_found");
      const url = urlOf(await repo.hooks(companyId), channel);
      if (!url) throw new AppError("chat_hook_not_set", 400, `No ${channel} address is saved`, { channel });
      try {
        await post(channel, url, testMessage(publicUrl));
        return { channel, ok: true, failure: null, status: null };
      } catch (err) {
        if (!(err instanceof SafeFetchError)) throw err;
        return { channel, ok: false, failure: err.code, status: err.status ?? null };
      }
    },
  };
}
export type ChatService = ReturnType<typeof createChatService>;
