import { type AskCopilotResponse, type CopilotCollectionResponse, type CopilotConversationSummary, type CopilotMessage } from "@learnward/contracts";
import type { Db } from "../../db/client.ts";
import type { StoredAnswer } from "../../db/schema/index.ts";
import { type Actor, requireCompany } from "../../lib/actor.ts";
import { AppError, conflict } from "../../lib/errors.ts";
import type { ContentService } from "../library/index.ts";
import { type CollectionsService, presentSummary } from "../network/index.ts";
import type { ConversationRow, CopilotRepo, MessageRow, NewMessage } from "./copilot.repo.ts";
import type { DiscoverRepo } from "./discover.repo.ts";
import { byRef, collectionUrl, createCitedItems } from "./copilot.cited.ts";
import { formatDuration, list, spanLabel } from "./copilot/compose.ts";
import type { CopilotEngine, LocalAnswer, MySaves } from "./copilot/engine.ts";
import { type Llm, type LlmRequest, LlmTimeoutError } from "./copilot/llm.ts";
import { durationOf, skillLabel } from "./copilot/planner.ts";
import { detectLanguage, type Lang } from "./copilot/understand.ts";

/** Questions per person per minute: answers are cheap locally, not on a language model. */
export const QUESTIONS_PER_MINUTE = 20;
/** Earlier questions of a conversation a follow-up may build on (the engine replays at most 8). */
const EARLIER_QUESTIONS = 8;
const LLM_ITEMS = 8;

export interface AskHooks {
  onStart?: (data: { conversation: CopilotConversationSummary; question: CopilotMessage }) => void;
  onDelta?: (text: string) => void;
  onReset?: (reason: "timeout" | "error") => void;
  /** Aborted when the person goes away: the model stops, the local answer is kept. */
  signal?: AbortSignal;
}

export interface CopilotDeps {
  db: Db;
  repo: CopilotRepo;
  discover: DiscoverRepo;
  engine: CopilotEngine;
  collections: CollectionsService;
  /** The asker's own library: what the copilot cites "from your library". */
  library: Pick<ContentService, "savedMatching" | "savedCopies">;
  llm: Llm | null;
  warn: (err: unknown, message: string) => void;
}

const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1).trimEnd()}…` : s);

/** The local answer streams too, a few words at a time, so clients read one protocol. */
const pieces = (text: string) => (text.match(/\S+\s*/g) ?? []).reduce<string[]>((out, w, i) => (i % 4 ? ((out[out.length - 1] += w), out) : [...out, w]), []);

/** The answer's own saves as stored: marked, so they are read back from the asker's library. */
const savedItems = (local: LocalAnswer): StoredAnswer["items"] => local.saved.map(({ ref, item }) => ({ ref, id: item.contentId, source: "library" }));

export function createCopilotService(deps: CopilotDeps) {
  const { db, repo, discover, engine, collections, library, llm } = deps;

  /** The asker's library as the engine searches it: their own saves only, private ones included. */
  const mySaves =
    (actor: Actor): MySaves =>
    async (terms, limit) =>
      (await library.savedMatching(actor, terms, limit)).map((r) => ({
        contentId: r.contentId,
        title: r.title,
        contentType: r.contentType,
        durationS: r.durationS,
        language: r.language,
        skills: r.skills,
        termHits: r.termHits,
      }));

  /**
   * Stores a person's question unless they already asked `limit` since `since`; undefined when
   * refused. Count and insert run under a per-person lock held to the end of the transaction:
   * otherwise simultaneous questions all pass the count before any is stored.
   */
  function addQuestion(accountId: number, v: NewMessage & { role: "user" }, limit: number, since: Date) {
    return db.transaction(async (tx) => {
      await repo.lockQuestions(tx, accountId);
      if ((await repo.questionsSince(tx, accountId, since)) >= limit) return undefined;
      return repo.insertQuestion(tx, v);
    });
  }

  const summaryOf = (c: ConversationRow, messagesCount: number): CopilotConversationSummary => ({
    id: c.id,
    title: c.title,
    language: c.language,
    messages_count: messagesCount,
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
  });

  const { presentMessages, priorItems } = createCitedItems(deps);

  async function summary(actor: Actor, id: number) {
    const row = await repo.get(actor.accountId, id);
    return summaryOf(row!.c, row!.messagesCount);
  }

  /** Asks the language model to write the answer from the local retrieval; null when it can't. */
  async function writeWithModel(actor: Actor, local: Awaited<ReturnType<CopilotEngine["answer"]>>, question: string, hooks: AskHooks) {
    const planned = [...local.refs].map(([id, ref]) => ({ ref, id }));
    const saved = savedItems(local);
    const lastRef = Math.max(0, ...planned.map((p) => p.ref), ...saved.map((s) => s.ref));
    const extra = local.ranked.filter((c) => !local.refs.has(c.id)).slice(0, Math.max(0, LLM_ITEMS - planned.length));
    const offered = [...planned, ...extra.map((c, i) => ({ ref: lastRef + i + 1, id: c.id }))];
    const contents = new Map(
      (
        await discover.contents(
          requireCompany(actor),
          actor.accountId,
          offered.map((o) => o.id),
        )
      ).map((c) => [c.id, c]),
    );
    const refOf = new Map(offered.map((o) => [o.id, o.ref]));
    const request: LlmRequest = {
      question,
      language: local.understanding.language,
      // The asker's own saves, marked as theirs: titles only, never the notes they wrote on them.
      items: byRef([
        ...local.saved.map(({ ref, item }) => ({
          ref,
          source: "library" as const,
          title: item.title,
          type: item.contentType,
          provider: null,
          author: null,
          duration: item.contentType === "job" ? null : formatDuration(durationOf(item)),
          language: item.language,
          skills: item.skills,
          description: null,
        })),
        ...offered.flatMap(({ ref, id }) => {
          const c = contents.get(id);
          if (!c) return [];
          const duration = c.contentType === "job" ? null : formatDuration(durationOf(c));
          return [
            {
              ref,
              source: "catalog" as const,
              title: c.title,
              type: c.contentType,
              provider: c.provider,
              author: c.author,
              duration,
              language: c.language,
              skills: c.skills,
              description: c.description,
            },
          ];
        }),
      ]),
      plan: {
        sections: (local.plan?.sections ?? []).map((s) => ({ title: s.title, refs: s.items.map((id) => refOf.get(id)!) })),
        available: local.plan && local.plan.availableS !== null ? formatDuration(local.plan.availableS) : null,
        total: formatDuration(local.plan?.totalS ?? 0),
      },
    };
    let streamed = false;
    try {
      const result = await llm!.write(request, {
        signal: hooks.signal,
        onText: (text) => {
          streamed = true;
          hooks.onDelta?.(text);
        },
      });
      const shown = offered.filter((o) => local.refs.has(o.id) || result.cited.includes(o.ref));
      return { text: result.text, items: byRef([...shown, ...saved]), fallback: null };
    } catch (err) {
      const reason = err instanceof LlmTimeoutError ? ("timeout" as const) : ("error" as const);
      deps.warn(err, "the copilot's language model failed; answering with the local engine");
      if (streamed) hooks.onReset?.(reason);
      return { text: null, items: null, fallback: reason };
    }
  }

  return {
    async list(actor: Actor, limit: number, offset: number) {
      const { rows, count } = await repo.list(actor.accountId, limit, offset);
      return { count, results: rows.map((r) => summaryOf(r.c, r.messagesCount)) };
    },

    async create(actor: Actor, title: string | undefined, locale: Lang) {
      const c = await repo.create({ accountId: actor.accountId, companyId: requireCompany(actor), title: title ?? "", language: locale });
      return { ...summaryOf(c, 0), messages: [] };
    },

    async detail(actor: Actor, conversation: ConversationRow) {
      const messages = await presentMessages(actor, await repo.messages(conversation.id));
      return { ...summaryOf(conversation, messages.length), messages };
    },

    /**
     * Stores the question, or refuses it when the person has asked too many in the last minute.
     * Called before answering, so a refusal is a 429 even for a client that asked for a stream.
     */
    async admit(actor: Actor, conversation: ConversationRow, question: string, locale: Lang) {
      const language = detectLanguage(question, locale);
      const asked = await addQuestion(
        actor.accountId,
        { conversationId: conversation.id, role: "user", content: question, language },
        QUESTIONS_PER_MINUTE,
        new Date(Date.now() - 60_000),
      );
      if (!asked) {
        throw new AppError(
          "rate_limited",
          429,
          "Too many questions in a minute; wait a moment and ask again",
          { limit: QUESTIONS_PER_MINUTE },
          { "retry-after": "60" },
        );
      }
      return asked;
    },

    /** Answers a question `admit` stored. */
    async ask(actor: Actor, conversation: ConversationRow, asked: MessageRow, hooks: AskHooks = {}): Promise<AskCopilotResponse> {
      const companyId = requireCompany(actor);
      const question = asked.content;
      const language = asked.language;
      // The earlier questions, replayed, are what a follow-up ("only videos", "shorter") refines.
      const earlier = (await repo.questionsBefore(conversation.id, asked.id, EARLIER_QUESTIONS)).map((m) => m.content);
      await repo.update(conversation.id, { title: conversation.title ? undefined : clip(question.replace(/\s+/g, " "), 80), language });
      const [questionMessage] = await presentMessages(actor, [asked]);
      hooks.onStart?.({ conversation: await summary(actor, conversation.id), question: questionMessage! });

      const local = await engine.answer(companyId, question, {
        locale: language,
        earlier,
        mine: mySaves(actor),
        prior: priorItems(actor, conversation.id, asked.id),
      });
      let content = local.text;
      let items: StoredAnswer["items"] = byRef([...[...local.refs].map(([id, ref]) => ({ ref, id })), ...savedItems(local)]);
      let fallback: StoredAnswer["fallback"] = null;
      let writer: "local" | "llm" = "local";
      if (llm && local.found) {
        // A follow-up ("only videos") means little alone: the model reads it after the questions it refines.
        // So does "which of those is shortest?": the model gets the items it resolved to, and the questions before it.
        const forModel = local.understanding.changes.length || local.among ? [...earlier.slice(-3), question].join(" → ") : question;
        const written = await writeWithModel(actor, local, forModel, hooks);
        if (written.text !== null) {
          content = written.text;
          items = written.items!;
          writer = "llm";
        }
        fallback = written.fallback;
      }
      if (writer === "local") for (const piece of pieces(content)) hooks.onDelta?.(piece);

      const refOf = local.refs;
      const stored: StoredAnswer = {
        found: local.found,
        items,
        plan: local.plan
          ? {
              skills: local.understanding.skills,
              available_s: local.plan.availableS,
              span: local.plan.span,
              total_s: local.plan.totalS,
              sections: local.plan.sections.map((s) => ({ title: s.title, kind: s.kind, items: s.items.map((id) => refOf.get(id)!), duration_s: s.durationS })),
            }
          : null,
        suggestions: local.suggestions,
        fallback,
        ...(local.among ? { among: local.among.map(({ ref, id, source }) => (source === "library" ? { ref, id, source } : { ref, id })) } : {}),
      };
      const answer = await repo.addMessage({
        conversationId: conversation.id,
        role: "assistant",
        content,
        language: local.understanding.language,
        engine: writer,
        answer: stored,
      });
      await repo.update(conversation.id, {});
      const [answerMessage] = await presentMessages(actor, [answer]);
      return { conversation: await summary(actor, conversation.id), question: questionMessage!, answer: answerMessage! };
    },

    /** "Turn this into a collection": the last answer's plan becomes a private draft collection, a section per week or topic. */
    async toCollection(actor: Actor, conversation: ConversationRow): Promise<CopilotCollectionResponse> {
      const companyId = requireCompany(actor);
      const answer = await repo.lastAnswer(conversation.id);
      if (!answer) throw conflict("copilot_no_question", "Ask the copilot a question first");
      const stored = answer.answer;
      const plan = stored?.plan;
      if (!stored?.found || !plan?.sections.length) throw conflict("copilot_answer_without_items", "This answer has no catalog items to put in a collection");

      const existing = async (id: number | null) => {
        if (id === null) return null;
        const c = await collections.get(companyId, id);
        if (!c || c.ownerId !== actor.accountId) return null;
        const s = await collections.summary(actor.accountId, c.id);
        return { collection: presentSummary(s!), url: collectionUrl(c.id, c.title), created: false };
      };
      const made = await existing(answer.collectionId);
      if (made) return made;

      const messages = await repo.messages(conversation.id);
      const question = [...messages].reverse().find((m) => m.role === "user" && m.id < answer.id)?.content ?? conversation.title;
      const lang = answer.language;
      const topic = plan.skills.length ? list(lang, plan.skills.slice(0, 3).map(skillLabel)) : clip(conversation.title || question, 80);
      const span = plan.span ? spanLabel(lang, plan.span, false) : null;
      const title = clip(lang === "es" ? `Aprender ${topic}${span ? ` en ${span}` : ""}` : `Learn ${topic}${span ? ` in ${span}` : ""}`, 200);

      const refToId = new Map(stored.items.map((i) => [i.ref, i.id]));
      const wanted = plan.sections.flatMap((s) => s.items.map((ref) => refToId.get(ref)).filter((id): id is number => id !== undefined));
      const still = new Set((await discover.contents(companyId, actor.accountId, wanted)).map((c) => c.id));
      if (!still.size) throw conflict("copilot_items_gone", "The items of this answer are no longer in the catalog");

      const created = await collections.create({
        companyId,
        ownerId: actor.accountId,
        title,
        description: clip(question, 5000),
        coverUrl: null,
        skills: [...new Set(plan.skills.map((s) => s.toLowerCase().slice(0, 60)))].slice(0, 20),
      });
      for (const s of plan.sections) {
        const ids = s.items.map((ref) => refToId.get(ref)).filter((id): id is number => id !== undefined && still.has(id));
        if (!ids.length) continue;
        const section = await collections.addSection(created.id, clip(s.title, 200));
        for (const contentId of ids) await collections.placeItem(created.id, { contentId, sectionId: section.id });
      }
      if (!(await repo.claimCollection(answer.id, created.id, answer.collectionId))) {
        // Made twice at once: keep the one recorded first.
        await collections.remove(created.id);
        const winner = await existing((await repo.message(answer.id))?.collectionId ?? null);
        if (winner) return winner;
        throw conflict("copilot_collection_in_progress", "This answer is being turned into a collection already");
      }
      const s = await collections.summary(actor.accountId, created.id);
      return { collection: presentSummary(s!), url: collectionUrl(created.id, created.title), created: true };
    },
  };
}
export type CopilotService = ReturnType<typeof createCopilotService>;
