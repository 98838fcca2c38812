import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { fetchCalendarFeed, rotateCalendarFeed } from "./api";
import { storeAnswer } from "../../lib/storeAnswer";

const feedKey = ["calendar-feed"] as const;

/** My calendar feed's URL (the server makes it on first ask). */
export function useCalendarFeed() {
  return useQuery({ queryKey: feedKey, queryFn: ({ signal }) => fetchCalendarFeed(signal) });
}

/** A new URL for my feed; the page shows it at once, the old one stops working. */
export function useRotateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: rotateCalendarFeed, onSuccess: (feed) => storeAnswer(queryClient, feedKey, feed) });
}
