import { describe, expect, it } from "vitest";
import { readFilter } from "./params";

describe("discover address", () => {
  it("reads the search and the filters, dropping values the server would refuse", () => {
    expect(readFilter(new URLSearchParams("q=sql&type=course&provider=coursera&skill=sql&duration=1h_5h&language=es&kind=content&page=3"))).toEqual({
      search: "sql",
      type: "course",
      provider: "coursera",
      skill: "sql",
      duration: "1h_5h",
      language: "es",
      kind: "content",
      page: 3,
    });
    expect(readFilter(new URLSearchParams("type=movie&duration=forever&language=fr&kind=people&page=-2"))).toMatchObject({
      type: "",
      duration: "",
      language: "",
      kind: "",
      page: 1,
    });
  });
});
