import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { createCompanyWithRoles } from "../../../test/factories.ts";

// Asking to publish a collection (or its edits) answers the request its transaction
// finished with, instead of filing it and then reading it back by its id.
const statements: string[] = [];
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ seed: false, logger: { logQuery: (query) => statements.push(query) } });
});
afterAll(() => t.close());

/** Statements that read one publish request by its id. */
const reads = (from: number) => statements.slice(from).filter((q) => /^\s*select/i.test(q) && /"publish_requests"\."id" = \$/.test(q)).length;

describe("asking to publish answers the new request without reading it back", () => {
  it("a first publication, then an edit of the published collection", async () => {
    const w = await createCompanyWithRoles(t);
    const [owner, ld] = [w.member.client, w.ldleader.client];
    const id = (await owner.post("/api/b2b/v1/collections/", { title: "Quaternion basics", description: "Rotations in 3D" })).body.id;

    let from = statements.length;
    const first = await owner.post("/api/b2b/v1/publish-requests/", { collection_id: id, message: "Ready" });
    expect(first.status, first.text).toBe(201);
    expect(reads(from)).toBe(0);
    expect(first.body).toMatchObject({ status: "pending", message: "Ready" });
    expect((await owner.get(`/api/b2b/v1/publish-requests/${first.body.id}/`)).body).toEqual(first.body);
    expect((await ld.post(`/api/b2b/v1/publish-requests/${first.body.id}/accept/`, {})).status).toBe(200);

    expect((await owner.patch(`/api/b2b/v1/collections/${id}/`, { title: "Octonion deep dive" })).status).toBe(200);
    from = statements.length;
    const edit = await owner.post("/api/b2b/v1/publish-requests/", { collection_id: id, message: "New name" });
    expect(edit.status, edit.text).toBe(201);
    expect(reads(from)).toBe(0);
    expect(edit.body).toMatchObject({ status: "pending", message: "New name" });
    expect((await owner.get(`/api/b2b/v1/publish-requests/${edit.body.id}/`)).body).toEqual(edit.body);
  });
});
