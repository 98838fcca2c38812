import { createParser } from "eventsource-parser";
import type { AskCopilotResponse, CopilotStreamEvent } from "@learnward/contracts";
import { ApiError } from "../../lib/api";
import { loadSchemas } from "../../lib/contracts";

export interface StreamHandlers {
  onStart?: (data: Extract<CopilotStreamEvent, { event: "start" }>["data"]) => void;
  onDelta?: (text: string) => void;
  onReset?: () => void;
}

/**
 * POST …/messages/ with Accept: text/event-stream, read with fetch: the answer's words arrive as
 * they are written. Resolves with the stored question and answer (the `done` event).
 */
export async function askCopilot(conversationId: number, content: string, handlers: StreamHandlers, signal?: AbortSignal): Promise<AskCopilotResponse> {
  // The events are checked as they arrive: the schemas load while the question is sent.
  const schemas = loadSchemas();
  schemas.catch(() => undefined);
  let response: Response;
  try {
    response = await fetch(`/api/b2b/v1/copilot/conversations/${conversationId}/messages/`, {
      method: "POST",
      credentials: "include",
      headers: { Accept: "text/event-stream", "Content-Type": "application/json" },
      body: JSON.stringify({ content }),
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(0, "network_error", "The server could not be reached");
  }
  if (!response.ok || !response.body) {
    const body = (await response.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
    throw new ApiError(response.status, body?.error?.code ?? "internal_error", body?.error?.message ?? response.statusText);
  }

  const { CopilotStreamEvent: streamEvent } = await schemas.catch(async (error: unknown) => {
    await response.body?.cancel();
    throw error;
  });
  let done: AskCopilotResponse | null = null;
  let failure: ApiError | null = null;
  const parser = createParser({
    onEvent(message) {
      let parsed: CopilotStreamEvent;
      try {
        parsed = streamEvent.parse({ event: message.event, data: JSON.parse(message.data) });
      } catch {
        return; // an event this client does not know: skip it
      }
      if (parsed.event === "start") handlers.onStart?.(parsed.data);
      else if (parsed.event === "delta") handlers.onDelta?.(parsed.data.text);
      else if (parsed.event === "reset") handlers.onReset?.();
      else if (parsed.event === "done") done = parsed.data;
      else failure = new ApiError(500, parsed.data.error.code, parsed.data.error.message);
    },
  });
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  for (;;) {
    const { value, done: finished } = await reader.read();
    if (finished) break;
    parser.feed(decoder.decode(value, { stream: true }));
  }
  parser.feed(decoder.decode());
  if (failure) throw failure;
  if (!done) throw new ApiError(0, "network_error", "The answer was cut off");
  return done;
}
