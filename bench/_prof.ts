import { createTestContext, DEMO } from "../apps/server/test/helpers.ts";
const t = await createTestContext();
const token = await t.signIn(DEMO.member);
const headers = new Headers({ authorization: `Bearer ${token}` });
for (const label of ["warm", "measure"]) {
  let t0 = performance.now();
  for (let i = 0; i < 200; i++) await t.app.auth.api.getSession({ headers });
  const gs = (performance.now() - t0) / 200;
  t0 = performance.now();
  for (let i = 0; i < 200; i++) await t.app.inject({ method: "GET", url: "/api/me", headers: { authorization: `Bearer ${token}` } });
  const me = (performance.now() - t0) / 200;
  t0 = performance.now();
  for (let i = 0; i < 200; i++) await t.app.inject({ method: "GET", url: "/api/health" });
  console.log(label, "getSession ms", gs.toFixed(2), "/api/me ms", me.toFixed(2), "health ms", ((performance.now() - t0) / 200).toFixed(2));
}
await t.close();
