import { describe, expect, it } from "vitest";
import { sortImportFiles } from "./sort-import-files.ts";

describe("sortImportFiles", () => {
  it("dropping an image on the window: the image is set aside by its bytes, the export goes on", async () => {
    const png = new File(
      [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
      "photo.json",
      {
        type: "application/json",
      },
    );
    const pdf = new File(["%PDF-1.4\n"], "paper.pdf", { type: "application/pdf" });
    const chat = new File(['[{"role":"user","content":"hi"}]'], "chat.json");
    const { exports, others } = await sortImportFiles([png, chat, pdf]);
    expect(exports.map((f) => f.name)).toEqual(["chat.json"]);
    expect(others).toEqual([
      { name: "photo.json", kind: "image" },
      { name: "paper.pdf", kind: "pdf" },
    ]);
  });
});
