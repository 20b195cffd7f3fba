import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { ImportPlan } from "../../interop/import-plan.ts";
import { StoreProvider } from "../../store/react.tsx";
import { testApp } from "../../test/test-app.ts";
import { ImportPlanView } from "./import-plan-view.tsx";
import { useInteropT } from "./interop-strings.ts";

function PlanHarness(props: { plan: ImportPlan }) {
  const t = useInteropT();
  return <ImportPlanView plan={props.plan} t={t} onChoose={() => undefined} />;
}

const render = (plan: ImportPlan) =>
  renderToStaticMarkup(
    <StoreProvider store={testApp().store}>
      <PlanHarness plan={plan} />
    </StoreProvider>,
  );

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
      files: [
        { fileName: "conversations.json", format: "ChatGPT conversations.json", conversations: 1 },
      ],
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
      files: [{ fileName: "parley.json", format: "Parley export (version 3)", conversations: 1 }],
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
});
