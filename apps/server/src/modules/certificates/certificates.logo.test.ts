import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { certificateWorld } from "../../../test/certificates-world.ts";
import type { SafeFetch } from "../../lib/safe-fetch.ts";

// The certificate's PDF carries the company's logo when the company has one that can be read, and is
// drawn without it otherwise.
const LOGO = "https://brand.example/logo.webp";
let t: TestContext;
beforeAll(async () => {
  const webp = await sharp({ create: { width: 40, height: 20, channels: 3, background: "#1f3a5f" } })
    .webp()
    .toBuffer();
  const fetch: SafeFetch = async (url) => {
    if (url !== LOGO) return { finalUrl: url, status: 404, headers: {}, body: Buffer.alloc(0), contentType: "text/plain" };
    return { finalUrl: url, status: 200, headers: {}, body: webp, contentType: "image/webp" };
  };
  t = await createTestContext({ seed: false, fetch });
});
afterAll(() => t.close());

async function pdfOf(urlPhoto: string | null) {
  const w = await certificateWorld(t, { urlPhoto });
  await w.finish();
  const [cert] = await w.mine();
  const res = await t.app.inject({
    method: "GET",
    url: `/api/b2b/v1/certificates/${cert!.id}/pdf`,
    headers: { authorization: `Bearer ${w.member.client.token}` },
  });
  expect(res.statusCode).toBe(200);
  return res.rawPayload.toString("latin1");
}

describe("the company's logo on the certificate", () => {
  it("is drawn when the company has one (any image type, converted for the PDF)", async () => {
    expect(await pdfOf(LOGO)).toMatch(/\/Subtype \/Image/);
  });

  it("is left out when the company has none or it cannot be read, and the PDF is still made", async () => {
    for (const logo of [null, "https://brand.example/missing.png"]) {
      const pdf = await pdfOf(logo);
      expect(pdf.startsWith("%PDF-")).toBe(true);
      expect(pdf).not.toMatch(/\/Subtype \/Image/);
    }
  });
});
