import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { assistantAgent } from "../../core/agents.ts";
import { StoreProvider } from "../../store/react.tsx";
import { testApp } from "../../test/test-app.ts";
import { ConversationSettingsForm } from "./conversation-settings-form.tsx";

function render(props: Partial<Parameters<typeof ConversationSettingsForm>[0]> = {}) {
  return renderToStaticMarkup(
    <StoreProvider store={testApp().store}>
      <ConversationSettingsForm
        settings={undefined}
        agent={{ ...assistantAgent, instructions: "Be exact.", temperature: 0.7 }}
        agentName="Assistant"
        reasoning
        onSave={async () => ({ ok: true })}
        onCancel={() => {}}
        {...props}
      />
    </StoreProvider>,
  );
}

describe("ConversationSettingsForm", () => {
  it("shows the agent's instructions that the system prompt takes the place of, and each default", () => {
    const html = render();
    expect(html).toContain("System prompt");
    expect(html).toContain("Takes the place of the agent&#x27;s instructions");
    expect(html).toContain("Be exact.");
    expect(html).toContain("Agent&#x27;s default: 0.7");
    expect(html).toContain("Agent&#x27;s default: the model&#x27;s own");
    expect(html).toContain("Reasoning effort");
  });

  it("starts from the conversation's own values, and leaves reasoning out for a model without it", () => {
    const html = render({
      settings: { systemPrompt: "Be brief.", maxTokens: 200 },
      reasoning: false,
    });
    expect(html).toContain(">Be brief.</textarea>");
    expect(html).toContain('value="200"');
    expect(html).not.toContain("Reasoning effort");
  });

  it("offers to summarise the oldest messages instead of leaving them out, leaving them out by default", () => {
    const checked = (html: string) => /checked="" value="(\w+)"/.exec(html)?.[1];
    const plain = render();
    expect(plain).toContain("When the conversation is too long");
    expect(plain).toContain("Summarise the oldest messages");
    expect(checked(plain)).toBe("leave_out");
    expect(checked(render({ settings: { overflow: "summarize" } }))).toBe("summarize");
  });
});
