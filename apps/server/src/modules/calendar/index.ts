/**
 * What the calendar module offers the others: its policy and service. Other modules import from
 * here only (eslint refuses a path into another module's files); app.ts builds the module itself
 * with calendar.module.ts.
 */
export { calendarPolicy } from "./calendar.policy.ts";
export type { CalendarService } from "./calendar.service.ts";
