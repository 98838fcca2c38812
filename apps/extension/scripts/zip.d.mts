// Types of zip.mjs.
export function zipFolder(dir: string, target: string): void;
