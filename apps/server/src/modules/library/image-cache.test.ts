// The image cache stays under its quota, dropping the least recently used first, and
// keeps that order across a restart.
import { createHash } from "node:crypto";
import { mkdtemp, readdir, rm, stat, utimes, writeFile, mkdir } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createImageDiskCache } from "./image-cache.ts";

const key = (name: string) => createHash("sha256").update(name).digest("hex");
const image = (name: string) => ({ body: Buffer.alloc(1000, name), contentType: "image/webp", etag: `"${name}"` });
// One entry on disk: the image and its sidecar.
const ENTRY = 1000 + Buffer.byteLength(JSON.stringify({ contentType: "image/webp", etag: '"a"' }));
const tick = () => new Promise((r) => setTimeout(r, 15));

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "lw-image-lru-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Every file under the cache folder, and their bytes. */
async function onDisk() {
  const files: string[] = [];
  let bytes = 0;
  for (const sub of await readdir(dir)) {
    for (const name of await readdir(path.join(dir, sub))) {
      files.push(name);
      bytes += (await stat(path.join(dir, sub, name))).size;
    }
  }
  return { files, bytes };
}
const has = (files: string[], name: string) => files.some((f) => f.startsWith(key(name)));

describe("image cache quota", () => {
  it("writing more than fits evicts the least recently used; an entry just read survives", async () => {
    const cache = createImageDiskCache(dir, { maxBytes: 3 * ENTRY + 100 });
    for (const name of ["a", "b", "c"]) await cache.put(key(name), image(name));
    expect((await cache.get(key("a")))?.etag).toBe('"a"');
    await cache.put(key("d"), image("d"));
    await cache.settled();

    expect(await cache.get(key("b"))).toBeNull();
    for (const name of ["a", "c", "d"]) expect((await cache.get(key(name)))?.body.equals(image(name).body), name).toBe(true);
    const disk = await onDisk();
    expect(has(disk.files, "b")).toBe(false);
    expect(disk.files).toHaveLength(6);
    expect(disk.bytes).toBeLessThanOrEqual(3 * ENTRY + 100);

    // A 304 answered from the sidecar alone is a use too.
    expect(await cache.head(key("c"))).not.toBeNull();
    await cache.put(key("e"), image("e"));
    await cache.settled();
    expect(await cache.head(key("a"))).toBeNull();
    expect(await cache.head(key("c"))).not.toBeNull();
  });

  it("keeps the order across a restart, trimming to a smaller quota at start", async () => {
    const before = createImageDiskCache(dir, { maxBytes: 10 * ENTRY });
    for (const name of ["a", "b", "c"]) {
      await before.put(key(name), image(name));
      await tick();
    }
    await before.get(key("a"));
    await tick();

    // Looked at on disk: reading through the cache would be a use.
    const after = createImageDiskCache(dir, { maxBytes: 2 * ENTRY + 100 });
    await after.settled();
    let disk = await onDisk();
    expect([has(disk.files, "a"), has(disk.files, "b"), has(disk.files, "c")]).toEqual([true, false, true]);
    expect(disk.bytes).toBeLessThanOrEqual(2 * ENTRY + 100);
    // What it found counts: one more entry pushes out the older of the two.
    await after.put(key("d"), image("d"));
    await after.settled();
    disk = await onDisk();
    expect([has(disk.files, "a"), has(disk.files, "c"), has(disk.files, "d")]).toEqual([true, false, true]);
  });

  it("clears what interrupted writes left behind, once they are old", async () => {
    const old = new Date(Date.now() - 3_600_000);
    await mkdir(path.join(dir, "ab"), { recursive: true });
    const leftovers = [`${key("x")}.img.123.tmp`, `${"ab".padEnd(64, "0")}.img`];
    for (const name of leftovers) {
      await writeFile(path.join(dir, "ab", name), "partial");
      await utimes(path.join(dir, "ab", name), old, old);
    }
    const fresh = `${"ab".padEnd(64, "1")}.img.9.tmp`;
    await writeFile(path.join(dir, "ab", fresh), "being written by another process");

    const cache = createImageDiskCache(dir, { maxBytes: 10 * ENTRY });
    await cache.settled();
    expect((await onDisk()).files).toEqual([fresh]);
  });

  it("does not keep an image larger than the whole quota", async () => {
    const cache = createImageDiskCache(dir, { maxBytes: 500 });
    await cache.put(key("big"), image("big"));
    await cache.settled();
    expect(await cache.get(key("big"))).toBeNull();
    expect((await onDisk()).bytes).toBe(0);
  });
});
