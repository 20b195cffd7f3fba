import { describe, expect, it } from "vitest";
import { END_PX, EndFollower, type Scroller } from "./end-follower.ts";

/** A log 500 px high whose content is `content` px, scrolled to its end. */
function log(content: number): Scroller {
  return { scrollHeight: content, clientHeight: 500, scrollTop: content - 500 };
}

describe("EndFollower", () => {
  it("keeps a reader at the end there as the content grows, and knows the scroll is its own", () => {
    const element = log(2_000);
    const follower = new EndFollower(element);
    element.scrollHeight = 2_040;
    expect(follower.resized()).toBe(true);
    expect(element.scrollTop).toBe(1_540);
    // The scroll event of that write: not the reader, and still at the end.
    expect(follower.isOwn(1_540)).toBe(true);
    follower.scrolled(1_540);
    expect(follower.following).toBe(true);
    element.scrollHeight = 2_300;
    expect(follower.resized()).toBe(true);
    expect(element.scrollTop).toBe(1_800);
  });

  it("leaves a reader who scrolled up where they are, and their scroll is theirs", () => {
    const element = log(2_000);
    const follower = new EndFollower(element);
    element.scrollTop = 600;
    expect(follower.isOwn(600)).toBe(false);
    follower.scrolled(600);
    expect(follower.following).toBe(false);
    element.scrollHeight = 2_400;
    expect(follower.resized()).toBe(false);
    expect(element.scrollTop).toBe(600);
  });

  it("a reader who scrolls away right after a follow is no longer taken for the follower", () => {
    const element = log(2_000);
    const follower = new EndFollower(element);
    element.scrollHeight = 2_100;
    follower.resized();
    element.scrollTop = 900;
    follower.scrolled(900);
    expect(follower.isOwn(1_600)).toBe(false);
    expect(follower.following).toBe(false);
  });

  it("counts a reader within END_PX of the end as at the end, before the growth", () => {
    const element = log(2_000);
    const follower = new EndFollower(element);
    element.scrollTop = 1_500 - END_PX;
    follower.scrolled(element.scrollTop);
    expect(follower.following).toBe(true);
    element.scrollHeight = 3_000;
    expect(follower.resized()).toBe(true);
    expect(element.scrollTop).toBe(2_500);
  });

  it("keeps the end in view when the view gets shorter (an alert below the log)", () => {
    const element = log(2_000);
    const follower = new EndFollower(element);
    element.clientHeight = 400;
    expect(follower.resized()).toBe(true);
    expect(element.scrollTop).toBe(1_600);
  });

  it("does not write when already at the end", () => {
    const element = log(2_000);
    const follower = new EndFollower(element);
    expect(follower.resized()).toBe(false);
  });

  it("stops following when the list jumps to a message on purpose", () => {
    const element = log(2_000);
    const follower = new EndFollower(element);
    follower.leave();
    element.scrollHeight = 2_200;
    element.scrollTop = 300;
    expect(follower.resized()).toBe(false);
  });
});
