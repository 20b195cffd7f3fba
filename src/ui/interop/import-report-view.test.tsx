import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { ImportReport } from "../../interop/commit-plan.ts";
import type { ImportFailure } from "../../services/import/import-write.ts";
import { StoreProvider } from "../../store/react.tsx";
import { testApp } from "../../test/test-app.ts";
import { dictionaryOf } from "../i18n/dictionaries.ts";
import { ImportReportView } from "./import-report-view.tsx";
import { useImportT } from "./interop-strings.ts";

function ReportHarness(props: { report: ImportReport; error?: ImportFailure }) {
  const t = useImportT();
  if (!t) throw new Error("the import words are loaded in src/test/setup-dictionaries.ts");
  return <ImportReportView report={props.report} error={props.error ?? null} t={t} />;
}

// Every section is loaded in src/test/setup-dictionaries.ts.
const zh = dictionaryOf("zh");

const chinese = () =>
  testApp([], { settingsStorage: { read: () => ({ locale: "zh" }), write: () => {} } }).store;

describe("ImportReportView", () => {
  it("why a conversation was skipped was an English sentence in the Chinese UI: it is Chinese", () => {
    const report: ImportReport = {
      added: [],
      replaced: [],
      restored: [],
      skipped: [
        { title: "甲", fileName: "a.json", reason: "identical" },
        { title: "乙", fileName: "a.json", reason: "chosen" },
      ],
      failed: [],
    };
    const html = renderToStaticMarkup(
      <StoreProvider store={chinese()}>
        <ReportHarness report={report} />
      </StoreProvider>,
    );
    expect(html).toContain(`甲：${zh["interop.skippedIdentical"]}`);
    expect(html).toContain(`乙：${zh["interop.skippedChosen"]}`);
    expect(html.replace(/<[^>]+>/g, " ")).not.toMatch(/Already|skip it/);
  });

  it("says how many attached files were stored again, and for how many conversations", () => {
    const report: ImportReport = {
      added: [],
      replaced: [],
      restored: [
        { title: "A", fileName: "a.json", files: 2 },
        { title: "B", fileName: "a.json", files: 1 },
      ],
      skipped: [],
      failed: [],
    };
    const html = renderToStaticMarkup(
      <StoreProvider store={testApp([]).store}>
        <ReportHarness report={report} />
      </StoreProvider>,
    );
    expect(html).toContain("Attached files stored again: 3 for 2 conversations already in Parley.");
  });

  it("conversations gone between plan and commit: the report says to choose the files again, and each failed one why", () => {
    const report: ImportReport = {
      added: [],
      replaced: [],
      restored: [],
      skipped: [],
      failed: [
        { title: "甲", fileName: "a.json", path: "$", problem: null },
        {
          title: "乙",
          fileName: "a.json",
          path: "$[1]",
          problem: { code: "sender-unknown", sender: "robot" },
        },
      ],
    };
    const html = renderToStaticMarkup(
      <StoreProvider store={chinese()}>
        <ReportHarness report={report} error={{ code: "conversations_gone" }} />
      </StoreProvider>,
    );
    expect(html).toContain(zh["interop.conversationsGone"]);
    expect(html).toContain("发送者“robot”不是 human、assistant 或 system");
    expect(html.replace(/<[^>]+>/g, " ")).not.toMatch(/Choose|sender/);
  });
});
