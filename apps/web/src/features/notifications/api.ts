import { request } from "../../lib/api";
import { checkedBy } from "../../lib/contracts";

const checkPage = checkedBy((s) => s.NotificationPage);
const checkOne = checkedBy((s) => s.Notification);
const checkReadAll = checkedBy((s) => s.ReadAllNotificationsResponse);

export const NOTIFICATIONS_PAGE_SIZE = 10;

/** My notifications, newest first, with how many are unread. */
export const fetchNotifications = (page: number, signal?: AbortSignal) =>
  request("/api/notifications", { query: { page, page_size: NOTIFICATIONS_PAGE_SIZE }, parse: checkPage, signal });

export const markNotificationRead = (id: number) => request(`/api/notifications/${id}/read`, { method: "POST", body: {}, parse: checkOne });

export const markAllNotificationsRead = () => request("/api/notifications/read-all", { method: "POST", body: {}, parse: checkReadAll });
