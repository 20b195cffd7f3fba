import { describe, expect, it } from "vitest";
import { asDamaged, setAsideOps } from "../database/idb-ops.ts";

describe("the problem kept with a record set aside", () => {
  it("is stored as a code (and the code as the reason older versions show), and read back as it was", () => {
    const problem = { code: "count-invalid", field: "chunk_size" } as const;
    const [put] = setAsideOps([{ key: "h:0123456789ab", problem, raw: { chunk_size: 0 } }], "t");
    expect(put).toMatchObject({ value: { reason: "count-invalid", problem } });
    const stored = put?.type === "put" ? put.value : undefined;
    expect(asDamaged(stored, "x:h:0123456789ab")).toEqual({
      key: "h:0123456789ab",
      problem,
      raw: { chunk_size: 0 },
    });
  });

  it("an older Parley's English reason is listed as it wrote it, a record of no known shape as set aside", () => {
    const old = { key: "m:0123456789ab:000001", reason: "$.messages[0].id: is missing", raw: 1 };
    expect(asDamaged(old, "x:m")).toEqual({
      key: "m:0123456789ab:000001",
      problem: { code: "legacy", detail: "$.messages[0].id: is missing" },
      raw: 1,
    });
    expect(asDamaged({ key: "s:a", problem: { code: "from-the-future" } }, "x:s:a")).toMatchObject({
      problem: { code: "set-aside" },
    });
    expect(asDamaged("garbage", "x:s:b")).toEqual({
      key: "x:s:b",
      problem: { code: "set-aside" },
      raw: "garbage",
    });
  });
});
