import { request } from "../../lib/api";
import { checkedBy } from "../../lib/contracts";

// My calendar feed's calls, each answer checked against its contract.

const checkFeed = checkedBy((s) => s.CalendarFeed);

export const fetchCalendarFeed = (signal?: AbortSignal) => request("/api/me/calendar", { parse: checkFeed, signal });

export const rotateCalendarFeed = () => request("/api/me/calendar/rotate", { method: "POST", body: {}, parse: checkFeed });
