/** The scroll heights and offset of a scrolling element (an `HTMLElement`, or a test's object). */
export interface Scroller {
  scrollHeight: number;
  clientHeight: number;
  scrollTop: number;
}

/** How near the end still counts as at the end, for following new text. */
export const END_PX = 48;

/**
 * Keeps a chat log at its end while its content grows, unless the reader has scrolled away.
 * `resized` runs in a ResizeObserver callback (the layout is fresh there, so reading the heights
 * costs nothing) and writes the offset itself rather than through the virtualiser: a scroll
 * command starts its frame-by-frame checks, and its scroll event made the list render twice
 * (scroll, then scrollend) for each piece of a streaming answer. `isOwn` tells the list's scroll
 * listener that an offset is one this follower wrote, so it is not taken for the reader scrolling.
 */
export class EndFollower {
  /** Whether the reader was at the end at the last scroll or resize. */
  following = true;
  private height: number;
  private view: number;
  private written: number | null = null;

  constructor(private readonly element: Scroller) {
    this.height = element.scrollHeight;
    this.view = element.clientHeight;
  }

  /**
   * A scroll event at `top` (the virtualiser's offset, or the element's): at the end or not,
   * judged from the heights the last resize read. Reading the element's heights here forced a
   * layout of the rows the virtualiser had just mounted in this event, 7 s of main thread in
   * 100 s of scrolling 10,000 messages.
   */
  scrolled(top: number): void {
    if (this.written !== null && Math.abs(top - this.written) >= 1) this.written = null;
    this.following = this.height - top - this.view <= END_PX;
  }

  /**
   * The content or the view changed size: a reader at the end (or within `END_PX` of it before
   * this change, which a scroll event the change caused must not undo) is kept there. Returns
   * whether it scrolled.
   */
  resized(): boolean {
    const { element } = this;
    const grown = element.scrollHeight - this.height + (this.view - element.clientHeight);
    this.height = element.scrollHeight;
    this.view = element.clientHeight;
    const end = this.height - this.view;
    const away = end - element.scrollTop;
    if (away <= 1 || !(this.following || away - grown <= END_PX)) return false;
    this.following = true;
    this.written = end;
    element.scrollTop = end;
    return true;
  }

  /** Whether `offset` is where this follower last scrolled to, and the reader has not moved since. */
  isOwn(offset: number): boolean {
    return this.written !== null && Math.abs(offset - this.written) < 1;
  }

  /**
   * A change the view was kept in place for has landed (another version shown): the heights are
   * read again, and the reader follows new text only if the view is now at the end.
   */
  reread(): void {
    const { element } = this;
    this.height = element.scrollHeight;
    this.view = element.clientHeight;
    this.written = null;
    this.following = this.height - element.scrollTop - this.view <= END_PX;
  }

  /** The reader or the list moved the view on purpose (a jump to a message): stop following. */
  leave(): void {
    this.following = false;
    this.written = null;
  }
}
