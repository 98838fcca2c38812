export * from "./constants.ts";
export * from "./errors.ts";
export * from "./common.ts";
export * from "./identity.ts";
export * from "./library.ts";
export * from "./people.ts";
export * from "./network.ts";
export * from "./budgeting.ts";
