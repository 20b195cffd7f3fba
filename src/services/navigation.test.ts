import { describe, expect, it } from "vitest";
import { Navigation } from "./navigation.ts";

function bar(pathname = "/") {
  const location = { pathname };
  return {
    location,
    history: {
      pushState: (_d: unknown, _u: string, url: string) => {
        location.pathname = url;
      },
      replaceState: (_d: unknown, _u: string, url: string) => {
        location.pathname = url;
      },
    },
  };
}

describe("Navigation: revealing a search hit", () => {
  it("keeps the request for its conversation until the log says it showed the message", () => {
    const navigation = new Navigation(bar());
    let heard = 0;
    navigation.subscribeReveal(() => heard++);
    navigation.reveal("aaaaaaaaaaaa", "m1");
    expect(heard).toBe(1);
    expect(navigation.pendingReveal("aaaaaaaaaaaa")).toBe("m1");
    expect(navigation.pendingReveal("bbbbbbbbbbbb")).toBeNull();
    navigation.revealed("aaaaaaaaaaaa", "m0");
    expect(navigation.pendingReveal("aaaaaaaaaaaa")).toBe("m1");
    navigation.revealed("aaaaaaaaaaaa", "m1");
    expect(navigation.pendingReveal("aaaaaaaaaaaa")).toBeNull();
  });

  it("a newer hit replaces one not shown yet", () => {
    const navigation = new Navigation(bar());
    navigation.reveal("aaaaaaaaaaaa", "m1");
    navigation.reveal("bbbbbbbbbbbb", "m2");
    expect(navigation.pendingReveal("aaaaaaaaaaaa")).toBeNull();
    expect(navigation.pendingReveal("bbbbbbbbbbbb")).toBe("m2");
  });
});
