import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { Session } from "../core/session.ts";
import { path } from "../core/tree.ts";
import { chatGptConversation, strayToolResults } from "../test/chatgpt-conversation.ts";
import { bytesOf } from "../test/interop-sessions.ts";
import { shownTexts, stepVersion, versionsShown } from "../test/shown-versions.ts";
import { readImportFile } from "./read-import-file.ts";

const now = "2026-11-29T12:00:00.000Z";
const fixture = (name: string) => new Uint8Array(readFileSync(`fixtures/exports/chatgpt/${name}`));

function read(name: string) {
  const result = readImportFile(name, fixture(name), { now });
  if (!result.ok) throw new Error(result.error.code);
  return result.file;
}

describe("ChatGPT conversations.json", () => {
  it("reads the three real conversations of the container and says which format it found", () => {
    const file = read("conversations.json");
    expect(file.format).toEqual({ id: "chatgpt" });
    expect(file.sessions.map((s) => s.title)).toEqual([
      ".NET 8.0 Desktop Runtime",
      "템플릿 의미 설명",
      "마크로 대화형 AI",
    ]);
    expect(file.failures).toEqual([]);
  });

  it("keeps both versions of an edited question, each with its answer, and shows the one current_node names", () => {
    const [session] = read("chatgpt-conv-edited-branch.json").sessions;
    if (!session) throw new Error("no session");
    expect(session.messages).toHaveLength(4);
    expect(path(session).map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(path(session)[0]?.id).toBe("f30fe1f2-813a-48f2-99a4-740951ddbb5f");
    expect(shownTexts(session)[0]).toContain("이것을 설치하");
    expect(shownTexts(session)[1]?.startsWith("`.NET 8.0 Desktop Runtime (v8.0.17)`")).toBe(true);
    expect(versionsShown(session, 0)).toEqual({ n: 2, of: 2 });
    const earlier = stepVersion(session, 0, -1);
    expect(shownTexts(earlier)[0]).not.toContain("이것을 설치하");
    expect(shownTexts(earlier)[1]).toContain("Windows에서 데스크톱 애플리케이");
    expect(session.createdAt).toBe("2025-06-15T06:18:47.886Z");
    expect(session.metadata).toEqual({
      imported_from: "chatgpt",
      source_id: "684e65c7-c770-8007-9684-3f62b6f51677",
    });
  });

  it("the plan says how many versions a conversation brings, and nothing is left out", () => {
    const file = read("chatgpt-conv-edited-branch.json");
    const edited = [{ code: "versions", count: 2 }];
    expect(file.notes).toEqual([edited]);
    const [first, second, third] = read("conversations.json").notes;
    expect(first).toEqual(edited);
    for (const notes of [second, third])
      expect(notes?.some((n) => n.code === "versions")).toBe(false);
  });

  it("the conversations never edited stay a plain list: no parent ids, no leaf, nothing mended, tool calls on their path", () => {
    const { sessions, notes } = read("conversations.json");
    for (const session of sessions.slice(1)) {
      expect(session.messages.some((m) => m.parentId !== undefined)).toBe(false);
      expect(session.leafId).toBeUndefined();
      expect(path(session)).toBe(session.messages);
    }
    for (const list of notes.slice(1))
      expect(list.filter((n) => n.code === "versions" || n.code.startsWith("tree-"))).toEqual([]);
    const web = path(sessions[2] as Session);
    const call = web.findIndex((m) => m.toolCalls);
    expect(web[call + 1]?.toolCallId).toBe(web[call]?.toolCalls?.[0]?.id);
  });

  it("every branch of mapping is kept: current_node picks the version shown, even on an older branch", () => {
    const conversation = chatGptConversation(
      [
        { id: "u1", role: "user", text: "A name for a cat?" },
        { id: "a1", role: "assistant", text: "Miso." },
        { id: "h1", role: "system", text: "", parent: "a1" },
        { id: "a1b", role: "assistant", text: "Tofu.", parent: "u1" },
        { id: "u2", role: "user", text: "Another?" },
        { id: "a2", role: "assistant", text: "Nori." },
      ],
      { current: "h1" },
    );
    const result = readImportFile("c.json", bytesOf([conversation]), { now });
    if (!result.ok) throw new Error(result.error.code);
    const session = result.file.sessions[0] as Session;
    expect(session.messages).toHaveLength(5);
    expect(shownTexts(session)).toEqual(["A name for a cat?", "Miso."]);
    expect(versionsShown(session, 1)).toEqual({ n: 1, of: 2 });
    expect(shownTexts(stepVersion(session, 1, 1))).toEqual([
      "A name for a cat?",
      "Tofu.",
      "Another?",
      "Nori.",
    ]);
    expect(result.file.notes[0]).toEqual([{ code: "versions", count: 2 }]);
  });

  it("drops hidden system nodes, thoughts and reasoning recaps", () => {
    const [session] = read("chatgpt-conv-thoughts-reasoning-recap.json").sessions;
    expect(session?.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(session?.messages.some((m) => m.content.includes("생각"))).toBe(false);
  });

  it("keeps the browsing call and the tool reply as a tool call and a tool message", () => {
    const [session] = read("chatgpt-conv-web-tool-calls.json").sessions;
    const messages = session?.messages ?? [];
    expect(messages.map((m) => m.role)).toEqual([
      "user",
      "assistant",
      "assistant",
      "tool",
      "assistant",
    ]);
    expect(messages[1]?.content).toContain("web: search(");
    const call = messages[2]?.toolCalls?.[0];
    expect(call).toEqual({
      id: "529adc25-67f0-4b65-8430-52d0b5f32c10",
      name: "web.run",
      arguments: '{"search_query":[{"q":"마크로에서 출시한 대화형"}]}',
    });
    expect(messages[3]?.toolCallId).toBe(call?.id);
    expect(messages[4]?.model).toBe("gpt-4o");
  });

  it("gives the same conversation the same Parley id every time", () => {
    expect(read("conversations.json").sessions[0]?.id).toBe(
      read("chatgpt-conv-edited-branch.json").sessions[0]?.id,
    );
    expect(read("conversations.json").sessions[0]?.id).toMatch(/^[0-9a-f]{12}$/);
  });

  it("a file whose first conversation is broken is read whole, listing that one as failed beside the good ones", () => {
    const good = JSON.parse(new TextDecoder().decode(fixture("conversations.json")));
    const broken = [
      { title: "Lost its mapping", mapping: null, current_node: "x" },
      { title: "Points nowhere", mapping: {}, current_node: "gone" },
    ];
    const result = readImportFile("conversations.json", bytesOf([...broken, ...good]), { now });
    if (!result.ok) throw new Error(result.error.code);
    expect(result.file.format.id).toBe("chatgpt");
    expect(result.file.sessions).toHaveLength(3);
    expect(result.file.failures).toEqual([
      {
        path: "$[0]",
        title: "Lost its mapping",
        code: "conversation-fields-missing",
        app: "ChatGPT",
        fields: "mapping, current_node",
      },
      {
        path: "$[1].current_node",
        title: "Points nowhere",
        code: "current-node-missing",
      },
    ]);
  });

  it("a conversation whose current_node is lost or names nothing keeps every version and shows the latest, with a note", () => {
    const nodes = [
      { id: "u1", role: "user", text: "First try" },
      { id: "a1", role: "assistant", text: "First answer" },
      { id: "u2", role: "user", text: "Second try", parent: "root" },
      { id: "a2", role: "assistant", text: "Second answer" },
    ] as const;
    const lost = chatGptConversation(nodes, { title: "Lost", id: "conv-lost" });
    delete lost.current_node;
    const dangling = chatGptConversation(nodes, {
      title: "Dangling",
      id: "conv-dangling",
      current: "gone",
    });
    const result = readImportFile("c.json", bytesOf([lost, dangling]), { now });
    if (!result.ok) throw new Error(result.error.code);
    expect(result.file.format.id).toBe("chatgpt");
    expect(result.file.failures).toEqual([]);
    for (const session of result.file.sessions) {
      expect(session.messages.map((m) => m.content).sort()).toEqual([
        "First answer",
        "First try",
        "Second answer",
        "Second try",
      ]);
      expect(path(session).map((m) => m.content)).toEqual(["Second try", "Second answer"]);
    }
    expect(result.file.notes.map((list) => list.map((note) => note.code))).toEqual([
      expect.arrayContaining(["shown-version-unknown"]),
      expect.arrayContaining(["shown-version-unknown"]),
    ]);
  });

  it("tool replies are paired with calls across turns: a result after the next user message becomes text, never a tool message answering an earlier turn's call", () => {
    const conversation = chatGptConversation([
      { id: "u1", role: "user", text: "Plot it" },
      { id: "c1", role: "assistant", recipient: "python", contentType: "code", text: "plot()" },
      { id: "a1", role: "assistant", text: "I could not run it." },
      { id: "u2", role: "user", text: "Try again" },
      { id: "t1", role: "tool", name: "python", text: "<figure>" },
      { id: "c2", role: "assistant", recipient: "python", contentType: "code", text: "plot(2)" },
      { id: "t2", role: "tool", name: "python", text: "ok" },
      { id: "a2", role: "assistant", text: "Done." },
    ]);
    const result = readImportFile("c.json", bytesOf([conversation]), { now });
    if (!result.ok) throw new Error(result.error.code);
    const messages = result.file.sessions[0]?.messages ?? [];
    expect(strayToolResults(messages)).toEqual([]);
    expect(messages.map((m) => [m.role, m.content])).toEqual([
      ["user", "Plot it"],
      ["assistant", "```\npython: plot()\n```"],
      ["assistant", "I could not run it."],
      ["user", "Try again"],
      ["assistant", "```\n<figure>\n```"],
      ["assistant", ""],
      ["tool", "ok"],
      ["assistant", "Done."],
    ]);
    expect(messages[5]?.toolCalls?.[0]?.id).toBe("c2");
    expect(messages[6]?.toolCallId).toBe("c2");
    expect(result.file.notes[0]).toEqual([
      { code: "tool-call-as-text", count: 1 },
      { code: "tool-result-as-text", count: 1 },
    ]);
  });

  it("ChatGPT pictures whose bytes are not in conversations.json become named placeholders, and the plan counts them", () => {
    const conversation = chatGptConversation([{ id: "u1", role: "user", text: "" }]);
    const node = (conversation.mapping as Record<string, { message: { content: unknown } }>).u1;
    if (node)
      node.message.content = {
        content_type: "multimodal_text",
        parts: [
          { content_type: "image_asset_pointer", asset_pointer: "file-service://file-Ab12" },
          { content_type: "image_asset_pointer", asset_pointer: "sediment://file_9z" },
          { content_type: "image_asset_pointer" },
          "What are these?",
        ],
      };
    const result = readImportFile("c.json", bytesOf([conversation]), { now });
    if (!result.ok) throw new Error(result.error.code);
    expect(result.file.sessions[0]?.messages[0]?.content).toBe(
      "[image file-Ab12: not in this export]\n[image file_9z: not in this export]\n[image: not in this export]\nWhat are these?",
    );
    expect(result.file.notes[0]).toEqual([{ code: "images-not-in-export", count: 3 }]);
  });

  it("ChatGPT citations: 【6†source】 markers and cited URLs become links, and default_model_slug names the model", () => {
    const text =
      "Saliva holds lysozyme.【6†source】 It is no cure\ue200cite\ue202turn0search0\ue202turn0search4\ue201. Ask a vet【9†screenshot】.";
    const at = (marker: string) => text.indexOf(marker);
    const conversation = chatGptConversation(
      [
        { id: "u1", role: "user", text: "Is dog saliva antibacterial?" },
        {
          id: "a1",
          role: "assistant",
          text,
          metadata: {
            citations: [
              {
                start_ix: at("【6"),
                end_ix: at("【6") + "【6†source】".length,
                citation_format_type: "tether_og",
                metadata: {
                  type: "webpage",
                  title: "Saliva [review]",
                  url: "https://example.org/saliva",
                },
              },
            ],
            content_references: [
              {
                matched_text: "\ue200cite\ue202turn0search0\ue202turn0search4\ue201",
                start_idx: at("\ue200"),
                end_idx: at("\ue201") + 1,
                type: "grouped_webpages",
                items: [
                  {
                    title: "Vet notes",
                    url: "https://vets.example/notes (2)",
                    attribution: "Vets",
                  },
                  { url: "https://news.example/dogs", attribution: "News" },
                  { title: "Not a web page", url: "javascript:alert(1)" },
                ],
              },
              {
                matched_text: "【9†screenshot】",
                start_idx: at("【9") + 1,
                end_idx: at("【9") + 15,
                type: "hidden",
                invalid: true,
              },
              {
                matched_text: " ",
                start_idx: 3,
                end_idx: 3,
                type: "sources_footnote",
                sources: [],
              },
            ],
          },
        },
      ],
      { default_model_slug: "gpt-4o" },
    );
    const result = readImportFile("c.json", bytesOf([conversation]), { now });
    if (!result.ok) throw new Error(result.error.code);
    const answer = result.file.sessions[0]?.messages[1];
    expect(answer?.content).toBe(
      "Saliva holds lysozyme. ([Saliva \\[review\\]](https://example.org/saliva)) It is no cure ([Vet notes](https://vets.example/notes%20%282%29), [News](https://news.example/dogs)). Ask a vet.",
    );
    expect(answer?.model).toBe("gpt-4o");
    expect(result.file.notes[0]).toEqual([{ code: "citations-linked", count: 2 }]);
  });

  it("ChatGPT citations: a sources footnote leaves the real answer's text as written", () => {
    const raw = JSON.parse(new TextDecoder().decode(fixture("chatgpt-conv-web-tool-calls.json")));
    const part = raw.mapping["5e2925bb-c667-4a73-be66-7300d0a1a939"].message.content.parts[0];
    const [session] = read("chatgpt-conv-web-tool-calls.json").sessions;
    expect(session?.messages.at(-1)?.content).toBe(part);
  });
});
