import { describe, expect, it } from "vitest";
import { CHUNK_CHARS, chunkJson, chunkKey, chunkRecords } from "./chunks.ts";
import { RecordHomes } from "./record-homes.ts";

describe("chunks", () => {
  it("reads only message records of the chunk's own session", () => {
    const key = chunkKey("s1", "m0");
    const json = chunkJson([["m:s1:m0", "{}", 3]]);
    expect(chunkRecords(key, json)).toEqual([["m:s1:m0", "{}", 3]]);
    expect(chunkRecords(key, chunkJson([["h:s1", "{}", 1]]))).toBeUndefined();
    expect(chunkRecords(key, chunkJson([["m:s2:m0", "{}", 1]]))).toBeUndefined();
    expect(chunkRecords(key, '{"records":[["m:s1:m0",{}]]}')).toBeUndefined();
    expect(chunkRecords(key, '{"records":[["m:s1:m0"]]}')).toBeUndefined();
    expect(chunkRecords(key, '{"records":[["m:s1:m0","{}","{}"]]}')).toBeUndefined();
    expect(chunkRecords(key, '{"records":[["m:s1:m0","{}",-1]]}')).toBeUndefined();
    expect(chunkRecords(key, '{"records":[["m:s1:m0","{}",1,2]]}')).toBeUndefined();
    // A chunk written before records had revisions: each takes the chunk's.
    expect(chunkRecords(key, '{"records":[["m:s1:m0","{}"]]}', 4)).toEqual([["m:s1:m0", "{}", 4]]);
    expect(chunkRecords(key, "not json")).toBeUndefined();
  });

  it("packs new records in order up to the size of a chunk, and leaves a lone one alone", () => {
    const homes = new RecordHomes();
    const size = Math.floor(CHUNK_CHARS / 3);
    const keys = ["m:s1:a", "m:s1:b", "m:s1:c", "m:s1:d", "m:s1:e"];
    const { chunks, alone } = homes.pack("s1", keys, () => "x".repeat(size));
    // Two of a third each fill a chunk once the escaping inside it is counted.
    expect([...chunks]).toEqual([
      ["c:s1:a", ["m:s1:a", "m:s1:b"]],
      ["c:s1:c", ["m:s1:c", "m:s1:d"]],
    ]);
    expect(alone).toEqual(["m:s1:e"]);
    // Nothing is held until the chunks are written.
    expect(homes.chunkOf("m:s1:a")).toBeUndefined();
  });

  it("never packs into a chunk key it already holds, and says which records left a chunk", () => {
    const homes = new RecordHomes();
    homes.hold("c:s1:a", ["m:s1:a", "m:s1:b"]);
    expect(homes.pack("s1", ["m:s1:a", "m:s1:x"], () => "{}").alone).toEqual(["m:s1:a", "m:s1:x"]);
    expect(homes.hold("c:s1:a", ["m:s1:b"])).toEqual(["m:s1:a"]);
    expect(homes.drop("c:s1:a")).toEqual(["m:s1:b"]);
  });
});
