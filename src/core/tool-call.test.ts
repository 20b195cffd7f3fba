import { describe, expect, it } from "vitest";
import * as z from "zod";
import { TEST_EPOCH } from "../test/clock.ts";
import { schemaOf } from "../test/tool-schema.ts";
import type { JsonObject } from "./json.ts";
import type { ToolCall } from "./message.ts";
import { runToolCall, type ToolCallContext } from "./tool-call.ts";
import { createToolRegistry } from "./tool-registry.ts";
import { builtinToolRegistry } from "./tools/builtin-registry.ts";
import { builtinTools } from "./tools/index.ts";

const allowed = builtinTools.map((t) => t.name);

function call(name: string, args: unknown): ToolCall {
  return { id: "c", name, arguments: typeof args === "string" ? args : JSON.stringify(args) };
}

function context(
  state: JsonObject = {},
  overrides: Partial<ToolCallContext> = {},
): ToolCallContext {
  return { registry: builtinToolRegistry, allowed, state, now: () => TEST_EPOCH, ...overrides };
}

describe("built-in tools through runToolCall", () => {
  it("calculator returns the number as JSON", async () => {
    expect(await runToolCall(call("calculator", { expression: "2+3" }), context())).toEqual({
      content: "5",
      isError: false,
      state: {},
    });
  });

  it("state_get returns the value, or null for a missing key", async () => {
    const state = { name: "李明", n: 0 };
    expect((await runToolCall(call("state_get", { key: "name" }), context(state))).content).toBe(
      '"李明"',
    );
    expect((await runToolCall(call("state_get", { key: "n" }), context(state))).content).toBe("0");
    expect((await runToolCall(call("state_get", { key: "age" }), context(state))).content).toBe(
      "null",
    );
    expect(
      (await runToolCall(call("state_get", { key: "toString" }), context(state))).content,
    ).toBe("null");
  });

  it("state_set stores any JSON value without touching the old state", async () => {
    const before = { a: 1 };
    const out = await runToolCall(
      call("state_set", { key: "b", value: { list: [1, 2] } }),
      context(before),
    );
    expect(out).toEqual({
      content: '{"ok":true}',
      isError: false,
      state: { a: 1, b: { list: [1, 2] } },
    });
    expect(before).toEqual({ a: 1 });
    const proto = await runToolCall(call("state_set", { key: "__proto__", value: 1 }), context());
    expect(Object.keys(proto.state)).toEqual(["__proto__"]);
    expect(Object.getPrototypeOf(proto.state)).toBe(Object.prototype);
  });

  it("state_set refuses a value nested deeper than the state may hold, naming its path", async () => {
    let value: JsonObject = { leaf: 1 };
    for (let i = 0; i < 62; i++) value = { a: value };
    const tool = builtinToolRegistry.get("state_set");
    const setState = (next: JsonObject) => {
      stored = next;
    };
    let stored: JsonObject | undefined;
    expect(() =>
      tool?.run({ key: "k", value: { a: value } }, { state: {}, setState, now: () => TEST_EPOCH }),
    ).toThrow(/state_set refused the value: \$\.value(\.a){63}: nested more than 63 levels deep/);
    expect(stored).toBeUndefined();
    const out = await runToolCall(call("state_set", { key: "k", value }), context());
    expect(out.isError).toBe(false);
  });

  it("a tool storing a state the app could not read back gets an error the model sees", async () => {
    let deep: JsonObject = { leaf: 1 };
    for (let i = 0; i < 64; i++) deep = { a: deep };
    const storeDeep = {
      name: "store_deep",
      description: "test",
      parameters: z.looseObject({}),
      run: (_args: JsonObject, ctx: { setState(next: JsonObject): void }) => {
        ctx.setState(deep);
        return { ok: true };
      },
    };
    const registry = createToolRegistry([storeDeep], schemaOf);
    const out = await runToolCall(
      call("store_deep", {}),
      context({ a: 1 }, { registry, allowed: ["store_deep"] }),
    );
    expect(out).toMatchObject({ isError: true, state: { a: 1 } });
    expect(out.content).toMatch(/could not read back .*nested more than 64 levels deep/);
  });

  it("state_set needs a value", async () => {
    const out = await runToolCall(call("state_set", { key: "b" }), context());
    expect(out).toMatchObject({
      isError: true,
      content: expect.stringContaining("$.value: is required"),
    });
  });

  it("state_delete says whether the key was there", async () => {
    const out = await runToolCall(call("state_delete", { key: "a" }), context({ a: 1, b: 2 }));
    expect(out).toEqual({ content: '{"deleted":true}', isError: false, state: { b: 2 } });
    const missing = await runToolCall(call("state_delete", { key: "z" }), context({ a: 1 }));
    expect(missing).toEqual({ content: '{"deleted":false}', isError: false, state: { a: 1 } });
  });

  it("current_time gives the time in the zone asked for", async () => {
    const shanghai = await runToolCall(
      call("current_time", { timeZone: "Asia/Shanghai" }),
      context(),
    );
    expect(JSON.parse(shanghai.content)).toEqual({
      iso: "2026-11-29T18:00:00.000+08:00",
      timeZone: "Asia/Shanghai",
    });
    const utc = await runToolCall(call("current_time", { timeZone: "UTC" }), context());
    expect(JSON.parse(utc.content).iso).toBe("2026-11-29T10:00:00.000Z");
    const india = await runToolCall(
      call("current_time", { timeZone: "Asia/Kolkata" }),
      context({}, { now: () => TEST_EPOCH + 123 }),
    );
    expect(JSON.parse(india.content).iso).toBe("2026-11-29T15:30:00.123+05:30");
    const york = await runToolCall(
      call("current_time", { timeZone: "America/New_York" }),
      context(),
    );
    expect(JSON.parse(york.content).iso).toBe("2026-11-29T05:00:00.000-05:00");
    const local = await runToolCall(call("current_time", {}), context());
    expect(local.isError).toBe(false);
  });

  it("current_time explains an unknown zone", async () => {
    const out = await runToolCall(call("current_time", { timeZone: "Mars/Olympus" }), context());
    expect(out).toEqual({
      content: JSON.stringify({
        error: 'unknown time zone "Mars/Olympus"; use an IANA name such as Asia/Shanghai or UTC',
      }),
      isError: true,
      state: {},
    });
  });
});

describe("runToolCall guards", () => {
  it("treats empty arguments as an empty object", async () => {
    expect((await runToolCall(call("current_time", ""), context())).isError).toBe(false);
  });

  it("rejects arguments that are JSON but not an object", async () => {
    const out = await runToolCall(call("calculator", "[1]"), context());
    expect(JSON.parse(out.content)).toEqual({
      error: "invalid arguments for calculator: expected a JSON object",
    });
  });

  it("keeps the state when a tool fails after changing it", async () => {
    const registry = createToolRegistry(
      [
        {
          name: "bad",
          description: "",
          parameters: z.looseObject({}),
          run(_args, ctx) {
            ctx.setState({ changed: true });
            throw new Error("disk full");
          },
        },
      ],
      schemaOf,
    );
    const out = await runToolCall(
      call("bad", {}),
      context({ a: 1 }, { registry, allowed: ["bad"] }),
    );
    expect(out).toEqual({ content: '{"error":"disk full"}', isError: true, state: { a: 1 } });
  });

  it("rejects a result that is not JSON", async () => {
    const registry = createToolRegistry(
      [
        {
          name: "nan",
          description: "",
          parameters: z.looseObject({}),
          run: () => ({ value: Number.NaN }),
        },
      ],
      schemaOf,
    );
    const out = await runToolCall(call("nan", {}), context({}, { registry, allowed: ["nan"] }));
    expect(JSON.parse(out.content)).toEqual({
      error: "nan returned a value that is not JSON at $.value",
    });
  });

  it("declares tools on the wire in the order asked, skipping unknown names", () => {
    const declared = builtinToolRegistry.declare(["state_get", "nope", "calculator"]);
    expect(declared.map((t) => t.function.name)).toEqual(["state_get", "calculator"]);
    expect(declared[1]?.function.parameters).toMatchObject({ required: ["expression"] });
  });
});
