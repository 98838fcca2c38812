// Types of extension-key.mjs, for the spec files.
export const TEST_EXTENSION_KEY: string;
export const TEST_EXTENSION_ID: string;
export const TEST_EXTENSION_ORIGIN: string;
