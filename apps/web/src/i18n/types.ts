import type common from "./locales/en/common.json";
import type errors from "./locales/en/errors.json";
import type appErrors from "./locales/en/appErrors.json";
import type auth from "./locales/en/auth.json";
import type landing from "./locales/en/landing.json";
import type legal from "./locales/en/legal.json";
import type settings from "./locales/en/settings.json";
import type onboarding from "./locales/en/onboarding.json";
import type home from "./locales/en/home.json";
import type discover from "./locales/en/discover.json";
import type insights from "./locales/en/insights.json";
import type network from "./locales/en/network.json";
import type budgeting from "./locales/en/budgeting.json";
import type people from "./locales/en/people.json";
import type admin from "./locales/en/admin.json";
import type security from "./locales/en/security.json";
import type shell from "./locales/en/shell.json";
import type notifications from "./locales/en/notifications.json";
import type certificates from "./locales/en/certificates.json";
import type skills from "./locales/en/skills.json";

export interface Resources {
  common: typeof common;
  errors: typeof errors;
  appErrors: typeof appErrors;
  auth: typeof auth;
  landing: typeof landing;
  legal: typeof legal;
  settings: typeof settings;
  onboarding: typeof onboarding;
  home: typeof home;
  discover: typeof discover;
  insights: typeof insights;
  network: typeof network;
  budgeting: typeof budgeting;
  people: typeof people;
  admin: typeof admin;
  security: typeof security;
  shell: typeof shell;
  notifications: typeof notifications;
  certificates: typeof certificates;
  skills: typeof skills;
}

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "common";
    resources: Resources;
  }
}
