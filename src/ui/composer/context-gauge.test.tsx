import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ContextGauge, contextShare } from "./context-gauge.tsx";

const render = (value: number, near = false) =>
  renderToStaticMarkup(
    <ContextGauge
      label="Context used"
      value={value}
      max={8192}
      words={`${value} of 8,192 tokens`}
      near={near}
      locale="en"
    />,
  );

describe("contextShare", () => {
  it("is the share of the window as a whole percentage in the reader's locale", () => {
    expect(contextShare(3400, 8192, "en")).toBe("42%");
    expect(contextShare(3400, 8192, "zh-CN")).toBe("42%");
  });

  it("says 1% rather than 0% once anything is counted, and never more than 100%", () => {
    expect(contextShare(0, 8192, "en")).toBe("0%");
    expect(contextShare(12, 8192, "en")).toBe("1%");
    expect(contextShare(9000, 8192, "en")).toBe("100%");
  });
});

describe("ContextGauge", () => {
  it("is one meter named Context used whose value text is the numbers in words", () => {
    const html = render(3400);
    expect(html.match(/<meter/g)).toHaveLength(1);
    expect(html).toContain('aria-label="Context used"');
    expect(html).toContain('aria-valuenow="3400"');
    expect(html).toContain('aria-valuemax="8192"');
    expect(html).toContain('aria-valuetext="3400 of 8,192 tokens"');
  });

  it("shows the share beside a ring filled by the same amount", () => {
    const html = render(4096);
    expect(html).toContain(">50%</span>");
    expect(html).toContain('stroke-dasharray="50 100"');
  });

  it("is marked near when the next send is close to the cut", () => {
    expect(render(100)).not.toContain("context-meter near");
    expect(render(8000, true)).toContain("context-meter near");
  });
});
