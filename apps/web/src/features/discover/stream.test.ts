import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../lib/api";
import { askCopilot } from "./stream";
import { serveFetch } from "../../test/fetch";
import { answered, copilotItem, message, sse } from "./testing";

afterEach(() => vi.unstubAllGlobals());

describe("askCopilot", () => {
  it("posts the question asking for events, and reads them even when split across chunks", async () => {
    const done = answered(4, "sql?", message(8, "assistant", "Start with [1].", { items: [copilotItem(1, "SQL basics")] }));
    const start = { conversation: done.conversation, question: done.question };
    const stream =
      sse("start", start) +
      sse("delta", { text: "Start " }) +
      sse("reset", { reason: "timeout" }) +
      sse("delta", { text: "Start with " }) +
      sse("delta", { text: "[1]." }) +
      sse("done", done);
    const cut = [17, 60, 61, 140, 200];
    const chunks = [0, ...cut].map((from, i) => stream.slice(from, cut[i] ?? stream.length));
    const { fetch } = serveFetch({ "POST /api/b2b/v1/copilot/conversations/4/messages/": { stream: chunks } });
    const seen: string[] = [];
    const result = await askCopilot(4, "sql?", {
      onStart: (s) => seen.push(`start:${s.question.content}`),
      onDelta: (t) => seen.push(t),
      onReset: () => seen.push("reset"),
    });
    expect(seen).toEqual(["start:sql?", "Start ", "reset", "Start with ", "[1]."]);
    expect(result).toEqual(done);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/b2b/v1/copilot/conversations/4/messages/");
    expect(init).toMatchObject({ method: "POST", credentials: "include", body: JSON.stringify({ content: "sql?" }) });
    expect((init.headers as Record<string, string>).Accept).toBe("text/event-stream");
  });

  it("turns an error event, a refused call and a cut-off stream into ApiErrors", async () => {
    const route = "POST /api/b2b/v1/copilot/conversations/1/messages/";
    serveFetch({ [route]: { stream: [sse("error", { error: { code: "internal_error", message: "boom" } })] } });
    await expect(askCopilot(1, "x", {})).rejects.toMatchObject({ code: "internal_error", message: "boom" });

    serveFetch({ [route]: { status: 429, body: { error: { code: "rate_limited", message: "Too many" } } } });
    const refused = askCopilot(1, "x", {});
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    await expect(refused).rejects.toMatchObject({ status: 429, code: "rate_limited" });

    serveFetch({ [route]: { stream: [sse("delta", { text: "half" })] } });
    await expect(askCopilot(1, "x", {})).rejects.toMatchObject({ code: "network_error" });
  });
});
