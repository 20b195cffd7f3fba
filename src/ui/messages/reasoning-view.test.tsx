import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { StoreProvider } from "../../store/react.tsx";
import { testApp } from "../../test/test-app.ts";
import { ReasoningView, thoughtSeconds } from "./reasoning-view.tsx";

const render = (node: React.ReactNode) =>
  renderToStaticMarkup(<StoreProvider store={testApp().store}>{node}</StoreProvider>);

describe("ReasoningView", () => {
  it("is folded, saying how long the model thought, and renders nothing of it until opened", () => {
    const html = render(<ReasoningView text="<img src=x onerror=alert(1)>" durationMs={12_400} />);
    expect(html).toContain(">Thought for 12 s</summary>");
    expect(html).not.toContain("<details open");
    expect(html).not.toContain("onerror");
  });

  it("says the model is thinking while it streams", () => {
    expect(render(<ReasoningView text="hm" streaming />)).toContain("Thinking…");
  });

  it("rounds to whole seconds, never below one", () => {
    expect(thoughtSeconds(300)).toBe(1);
    expect(thoughtSeconds(11_600)).toBe(12);
  });
});
