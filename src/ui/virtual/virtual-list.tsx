import { observeElementOffset, useVirtualizer, type Virtualizer } from "@tanstack/react-virtual";
import {
  type HTMLAttributes,
  type ReactNode,
  type Ref,
  useCallback,
  useEffect,
  useImperativeHandle,
  useReducer,
  useRef,
  useState,
} from "react";
import { idleAfterNextPaint } from "../next-paint.ts";
import { END_PX, EndFollower } from "./end-follower.ts";
import { KeepPlace } from "./keep-place.ts";
import { ScrollActivity } from "./scroll-activity.ts";

export interface VirtualListHandle {
  scrollToEnd(): void;
  /** Brings row `index` to the middle of the view. */
  scrollToIndex(index: number): void;
}

export interface VirtualListProps {
  count: number;
  getKey: (index: number) => string;
  renderRow: (index: number) => ReactNode;
  estimateSize: (index: number) => number;
  /** Chat mode: starts at the end, follows new rows and growing last rows while at the end. */
  stickToEnd?: boolean;
  /** Props of the scrolling element (role, name, class). */
  scroller: HTMLAttributes<HTMLDivElement>;
  list?: "div" | "ul";
  handle?: Ref<VirtualListHandle>;
  overscan?: number;
  /**
   * Rows beyond each edge while the list shows its first screen; `overscan` once that screen was
   * painted and the page is idle. Each row of a long answer costs milliseconds to render and lay
   * out, so the first screen shows sooner with the rows in view alone.
   */
  firstOverscan?: number;
  /**
   * Chat mode: what follows the rows, in the page's flow and outside the virtualiser (the answer
   * being written). Its growth costs no measuring and no render of the list, and the end is
   * followed by a plain scroll. `key` is the row's key it becomes when it joins the rows: that row
   * starts at the tail's last height instead of an estimate, so nothing moves when it does.
   */
  tail?: { key: string; node: ReactNode } | null;
}

/** Renders only the rows in view; rows measure themselves, so heights may differ and change. */
export function VirtualList(props: VirtualListProps) {
  const { count, getKey, renderRow, estimateSize, stickToEnd = false } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const overscan = props.overscan ?? 6;
  const [edge, setEdge] = useState(props.firstOverscan ?? overscan);
  useEffect(() => {
    if (edge !== overscan) return idleAfterNextPaint(() => setEdge(overscan));
  }, [edge, overscan]);
  // How many changes rows asked to keep their place for (KeepPlace) have not landed yet: while
  // any has not, nothing counts as the end, so neither rows appended nor rows measured pull the
  // view there.
  const holds = useRef(0);
  const [, settle] = useReducer((n: number) => n + 1, 0);
  const follower = useRef<EndFollower | null>(null);
  const tailRef = useRef<HTMLDivElement>(null);
  /** The tail's last height, by the key of the row it becomes. */
  const tailHeight = useRef<{ key: string; px: number } | null>(null);
  const instance = useRef<Virtualizer<HTMLDivElement, HTMLElement> | null>(null);
  // The tail has just become the last row: the row starts at the tail's height as if measured,
  // so nothing moves, and its first measure counts as a change of size, which moves a reader only
  // when the whole row is above the view, not as an estimate corrected, which would scroll a
  // reader who was reading it.
  const joined = tailHeight.current;
  if (joined && props.tail?.key !== joined.key && count > 0 && getKey(count - 1) === joined.key) {
    instance.current?.itemSizeCache.set(joined.key, joined.px);
    tailHeight.current = null;
  }
  const virtualizer: Virtualizer<HTMLDivElement, HTMLElement> = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize,
    getItemKey: getKey,
    overscan: edge,
    anchorTo: stickToEnd ? "end" : "start",
    // A reader scrolled up into the tail is past the rows' end, so the virtualiser would take
    // them for one at the end when the tail becomes a row; the follower knows better. While a row
    // keeps its place (KeepPlace), nothing counts as the end.
    followOnAppend: stickToEnd && holds.current === 0 && (follower.current?.following ?? true),
    scrollEndThreshold: holds.current > 0 ? -1 : END_PX,
    initialOffset: stickToEnd ? () => Number.MAX_SAFE_INTEGER : 0,
    // The follower's own scrolls are not the reader scrolling: reported as such, each made the
    // list render twice (scroll, then scrollend) and paused the code blocks' highlighting.
    observeElementOffset: (instance, report) =>
      observeElementOffset(instance, (offset, scrolling) =>
        report(offset, scrolling && !follower.current?.isOwn(offset)),
      ),
  });

  const keepPlace = useCallback(() => {
    holds.current++;
    follower.current?.leave();
    // A scroll to the end still in flight (the last answer's arrival) would retarget to the new
    // end once the longer branch is laid out.
    virtualizer.cancelScroll();
    // The virtualiser learns its offset from scroll events: a log that never scrolled (it fit in
    // its view) still holds its initial offset, the end, and would keep a longer branch's end.
    const element = scrollRef.current;
    if (element) virtualizer.scrollOffset = element.scrollTop;
    // Withdrawn by the row once its change has been painted, or when nothing changed.
    let released = false;
    return () => {
      if (released) return;
      released = true;
      holds.current = Math.max(0, holds.current - 1);
      follower.current?.reread();
      settle();
    };
  }, [virtualizer]);

  instance.current = virtualizer;

  useImperativeHandle(
    props.handle,
    () => ({
      scrollToEnd: () => {
        holds.current = 0;
        virtualizer.scrollToEnd();
      },
      scrollToIndex: (index) => {
        // Leaving the end on purpose: the resize observer below must not pull the view back
        // before the scroll event of this jump has arrived.
        follower.current?.leave();
        virtualizer.scrollToIndex(index, { align: "center" });
      },
    }),
    [virtualizer],
  );

  const started = useRef(false);
  useEffect(() => {
    if (!stickToEnd || started.current || count === 0) return;
    started.current = true;
    virtualizer.scrollToEnd();
  }, [stickToEnd, count, virtualizer]);

  // The log gets shorter when something takes space below it (an alert, a taller composer), and
  // its content taller when the last row or the tail grows (a notice, buttons, the answer being
  // written): a reader at the end stays at the end instead of losing the last lines under the fold.
  useEffect(() => {
    const element = scrollRef.current;
    if (!stickToEnd || !element) return;
    const follow = new EndFollower(element);
    follower.current = follow;
    const onScroll = () => follow.scrolled(virtualizer.scrollOffset ?? element.scrollTop);
    const observer = new ResizeObserver((entries) => {
      const tail = tailRef.current;
      const key = tail?.dataset.key;
      for (const entry of entries) {
        if (entry.target === tail && key) {
          tailHeight.current = { key, px: entry.borderBoxSize[0]?.blockSize ?? tail.offsetHeight };
        }
      }
      // A row keeps its place for a change (KeepPlace): the growth is not new text to follow.
      if (holds.current > 0) return;
      follow.resized();
    });
    element.addEventListener("scroll", onScroll, { passive: true });
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    if (tailRef.current) observer.observe(tailRef.current);
    return () => {
      element.removeEventListener("scroll", onScroll);
      observer.disconnect();
      follower.current = null;
    };
  }, [stickToEnd, virtualizer]);

  const items = virtualizer.getVirtualItems();

  const List = props.list ?? "div";
  const Row = List === "ul" ? "li" : "div";
  return (
    <div {...props.scroller} ref={scrollRef}>
      <KeepPlace.Provider value={keepPlace}>
        <ScrollActivity.Provider value={virtualizer.isScrolling}>
          <List
            className="virtual-inner"
            // How many rows there are in all: a row's place from the end (the bench's scroll speed)
            // stays the same when a preview of the newest rows becomes the whole list.
            data-count={count}
            style={{ height: virtualizer.getTotalSize() }}
          >
            {items.map((item) => (
              <Row
                key={item.key}
                data-index={item.index}
                ref={virtualizer.measureElement}
                className="virtual-row"
                style={{ transform: `translateY(${item.start}px)` }}
              >
                {renderRow(item.index)}
              </Row>
            ))}
          </List>
          {stickToEnd ? (
            <div className="virtual-tail" ref={tailRef} data-key={props.tail?.key}>
              {props.tail?.node}
            </div>
          ) : null}
        </ScrollActivity.Provider>
      </KeepPlace.Provider>
    </div>
  );
}
