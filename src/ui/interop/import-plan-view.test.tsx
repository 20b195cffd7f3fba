import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { ImportPlan } from "../../interop/import-plan.ts";
import { StoreProvider } from "../../store/react.tsx";
import { testApp } from "../../test/test-app.ts";
import { ImportPlanView } from "./import-plan-view.tsx";
import { useImportT } from "./interop-strings.ts";

function PlanHarness(props: { plan: ImportPlan }) {
  const t = useImportT();
  if (!t) throw new Error("the import words are loaded in src/test/setup-dictionaries.ts");
  return <ImportPlanView plan={props.plan} t={t} onChoose={() => undefined} />;
}

const chinese = () =>
  testApp([], { settingsStorage: { read: () => ({ locale: "zh" }), write: () => {} } }).store;

const render = (plan: ImportPlan, store = testApp().store) =>
  renderToStaticMarkup(
    <StoreProvider store={store}>
      <PlanHarness plan={plan} />
    </StoreProvider>,
  );

const text = (html: string) => html.replace(/<[^>]+>/g, "").replaceAll("&quot;", '"');

/** A plan of one file that imports nothing but lists a refused conversation and two warnings. */
const warned: ImportPlan = {
  files: [{ fileName: "chat.json", format: { id: "openai-messages" }, conversations: 0 }],
  items: [],
  failures: [
    {
      fileName: "chat.json",
      title: "",
      path: "$[1].role",
      code: "field-choice",
      allowed: '"user", "assistant"',
    },
  ],
  warnings: [
    { fileName: "chat.json", path: "$[0].role", code: "role-unknown", role: "narrator" },
    {
      fileName: "chat.json",
      path: "$.attachments[2].hash",
      code: "attachment-invalid",
      field: { code: "field-missing" },
    },
  ],
};

const outline = {
  index: 0,
  id: "0123456789ab",
  title: ".NET 8.0 Desktop Runtime",
  messageCount: 2,
  revision: 0,
  fingerprint: "f",
};

describe("ImportPlanView", () => {
  it("each conversation's row says how many versions it brings and what could not be kept as it was", () => {
    const html = render({
      files: [{ fileName: "conversations.json", format: { id: "chatgpt" }, conversations: 1 }],
      items: [
        {
          key: "0",
          fileName: "conversations.json",
          classification: "new",
          choice: "add",
          conversation: {
            ...outline,
            notes: [
              { code: "versions", count: 3 },
              { code: "tree-parent-missing", count: 2 },
              { code: "blocks-left-out", count: 1, detail: "voice_note" },
            ],
          },
        },
      ],
      failures: [],
      warnings: [],
    });
    expect(html).toContain(
      "3 versions (edits and answers again), all kept; 2 messages follow ones the file does not hold: each starts a version of its own; 1 block Parley cannot show left out (voice_note)",
    );
  });

  it("a conversation whose missing files the import restores says how many, not Identical", () => {
    const html = render({
      files: [{ fileName: "parley.json", format: { id: "parley", version: 3 }, conversations: 1 }],
      items: [
        {
          key: "0",
          fileName: "parley.json",
          classification: "restore",
          choice: "restore",
          restores: ["a".repeat(64), "b".repeat(64)],
          conversation: { ...outline, notes: [] },
        },
      ],
      failures: [],
      warnings: [],
    });
    expect(html).toContain(
      "Already in Parley, but 2 attached files are missing there: this file holds them, and importing stores them again",
    );
    expect(html).not.toContain("Identical");
    expect(html).toContain('data-classification="restore"');
  });

  it("says each file problem by its code, in English, with the file's values as values", () => {
    const shown = text(render(warned));
    expect(shown).toContain('chat.json at $[1].role: expected one of "user", "assistant"');
    expect(shown).toContain(
      "chat.json at $[0].role: The role “narrator” is not one Parley knows (system, user, assistant, tool); the message was left out.",
    );
    expect(shown).toContain(
      "chat.json at $.attachments[2].hash: This attachment was left out (a value is missing here)",
    );
  });

  it("a file warning in the Chinese UI is a Chinese plan note, not an English sentence", () => {
    const shown = text(render(warned, chinese()));
    expect(shown).toContain(
      "chat.json 的 $[0].role：角色“narrator”不是 Parley 认识的角色（system、user、assistant、tool），该消息未导入。",
    );
    expect(shown).toContain("这个附件未导入（这里缺少一个值）");
    expect(shown).not.toMatch(/left out|expected one of|is not one/);
  });

  it("names each file's format in the reader's language, with its version or kind", () => {
    const files: ImportPlan["files"] = [
      { fileName: "a.json", format: { id: "parley", version: 3 }, conversations: 1 },
      { fileName: "b.json", format: { id: "librechat", kind: "all-branches" }, conversations: 1 },
      { fileName: "c.json", format: { id: "chatbot-ui" }, conversations: 2 },
    ];
    const plan: ImportPlan = { files, items: [], failures: [], warnings: [] };
    const english = text(render(plan));
    expect(english).toContain("a.json: Parley export (version 3), 1 conversation");
    expect(english).toContain("b.json: LibreChat export (all branches), 1 conversation");
    expect(english).toContain("c.json: chatbot-ui export (version ?), 2 conversations");
    const chineseText = text(render(plan, chinese()));
    expect(chineseText).toContain("Parley 导出文件（版本 3）");
    expect(chineseText).toContain("LibreChat 导出（所有分支）");
    expect(chineseText).not.toMatch(/export|branches/);
  });

  it("a conversation the codec refused says which field and why, in English and Chinese", () => {
    const refused: ImportPlan = {
      files: [{ fileName: "p.json", format: { id: "parley", version: 3 }, conversations: 0 }],
      items: [],
      warnings: [],
      failures: [
        {
          fileName: "p.json",
          title: "Tea",
          path: "$.sessions[0].messages[1].created_at",
          code: "conversation-refused",
          field: { code: "field-time" },
        },
      ],
    };
    expect(text(render(refused))).toContain(
      "This part of the conversation is not valid (expected a time with a time zone, such as 2026-11-29T10:00:00.000Z)",
    );
    const chineseText = text(render(refused, chinese()));
    expect(chineseText).toContain("对话的这一部分无效（需要带时区的时间");
    expect(chineseText).not.toMatch(/expected|not valid/);
  });
});
