// @vitest-environment node
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { crc32, inflateRawSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { zipFolder } from "./zip.mjs";

const dir = mkdtempSync(join(tmpdir(), "learnward-zip-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The entries of a zip read back through its central directory, as an unzip tool finds them. */
function readZip(buf: Buffer) {
  const end = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = buf.readUInt16LE(end + 10);
  let at = buf.readUInt32LE(end + 16);
  const entries: Record<string, string> = {};
  for (let i = 0; i < count; i++) {
    expect(buf.readUInt32LE(at)).toBe(0x02014b50);
    const method = buf.readUInt16LE(at + 10);
    const crc = buf.readUInt32LE(at + 16);
    const size = buf.readUInt32LE(at + 20);
    const nameLength = buf.readUInt16LE(at + 28);
    const local = buf.readUInt32LE(at + 42);
    const name = buf.subarray(at + 46, at + 46 + nameLength).toString("utf8");
    expect(buf.readUInt32LE(local)).toBe(0x04034b50);
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const body = buf.subarray(start, start + size);
    const data = method === 8 ? inflateRawSync(body) : body;
    expect(crc32(data)).toBe(crc);
    entries[name] = data.toString("utf8");
    at += 46 + nameLength;
  }
  return entries;
}

describe("the store zip", () => {
  it("holds every file of the folder, nested ones by forward-slash paths, byte for byte", () => {
    const src = join(dir, "src");
    mkdirSync(join(src, "_locales", "es"), { recursive: true });
    writeFileSync(join(src, "manifest.json"), '{"manifest_version":3}');
    writeFileSync(join(src, "_locales", "es", "messages.json"), `{"x":{"message":"${"Guardar en mi biblioteca ".repeat(50)}"}}`);
    writeFileSync(join(src, "empty.txt"), "");
    zipFolder(src, join(dir, "out.zip"));
    const entries = readZip(readFileSync(join(dir, "out.zip")));
    expect(Object.keys(entries)).toEqual(["_locales/es/messages.json", "empty.txt", "manifest.json"]);
    expect(entries["manifest.json"]).toBe('{"manifest_version":3}');
    expect(entries["_locales/es/messages.json"]).toContain("Guardar en mi biblioteca");
    expect(entries["empty.txt"]).toBe("");
  });
});
