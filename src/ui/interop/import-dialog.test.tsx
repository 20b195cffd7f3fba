import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { ImportPlan } from "../../interop/import-plan.ts";
import { StoreProvider } from "../../store/react.tsx";
import { testApp } from "../../test/test-app.ts";
import { ImportDialog } from "./import-dialog.tsx";

const render = (plan: ImportPlan) =>
  renderToStaticMarkup(
    <StoreProvider store={testApp().store}>
      <ImportDialog
        view={{ step: "planned", plan }}
        onChoose={() => undefined}
        onCommit={() => undefined}
        onCancel={() => undefined}
      />
    </StoreProvider>,
  );

const importButton = (html: string) => html.match(/<button[^>]*>Import<\/button>/)?.[0] ?? "";

const outline = {
  index: 0,
  id: "0123456789ab",
  title: "Arithmetic",
  messageCount: 4,
  revision: 3,
  fingerprint: "f",
  notes: [],
};

describe("ImportDialog", () => {
  it("nothing to import, yet Import stays enabled: a refused file disables Import and the dialog says why", () => {
    const html = render({
      files: [{ fileName: "photo.json", format: null, conversations: 0 }],
      items: [],
      failures: [{ fileName: "photo.json", title: "", path: "$", code: "file-empty" }],
      warnings: [],
    });
    expect(importButton(html)).toContain("disabled");
    expect(importButton(html)).toContain('aria-describedby="import-nothing"');
    expect(html).toContain(
      '<p id="import-nothing">Nothing can be imported: Parley could not read these files (see above).</p>',
    );
  });

  it("nothing to import: every conversation already in Parley disables Import, saying so", () => {
    const html = render({
      files: [{ fileName: "a.json", format: { id: "parley", version: 1 }, conversations: 1 }],
      items: [
        {
          key: "0",
          fileName: "a.json",
          classification: "identical",
          choice: "skip",
          conversation: outline,
        },
      ],
      failures: [],
      warnings: [],
    });
    expect(importButton(html)).toContain("disabled");
    expect(html).toContain(
      "Nothing to import: every conversation in these files is already in Parley.",
    );
  });

  it("a new conversation leaves Import enabled", () => {
    const html = render({
      files: [{ fileName: "a.json", format: { id: "parley", version: 1 }, conversations: 1 }],
      items: [
        {
          key: "0",
          fileName: "a.json",
          classification: "new",
          choice: "add",
          conversation: outline,
        },
      ],
      failures: [],
      warnings: [],
    });
    expect(importButton(html)).not.toContain("disabled");
    expect(html).not.toContain("import-nothing");
  });
});
