import { useVirtualizer, type Virtualizer } from "@tanstack/react-virtual";
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
}

/** How near the end still counts as at the end, for following new text. */
const END_PX = 48;

function distanceFromEnd(element: HTMLElement): number {
  return element.scrollHeight - element.scrollTop - element.clientHeight;
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
  const virtualizer: Virtualizer<HTMLDivElement, HTMLElement> = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize,
    getItemKey: getKey,
    overscan: edge,
    anchorTo: stickToEnd ? "end" : "start",
    followOnAppend: stickToEnd && holds.current === 0,
    scrollEndThreshold: holds.current > 0 ? -1 : END_PX,
    initialOffset: stickToEnd ? () => Number.MAX_SAFE_INTEGER : 0,
  });

  const following = useRef(true);
  const keepPlace = useCallback(() => {
    holds.current++;
    following.current = false;
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
      if (element) following.current = distanceFromEnd(element) <= END_PX;
      settle();
    };
  }, [virtualizer]);
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
        following.current = false;
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
  // its content taller when the last row grows after it was measured (a notice, buttons): a
  // reader at the end stays at the end instead of losing the last lines under the fold.
  useEffect(() => {
    const element = scrollRef.current;
    if (!stickToEnd || !element) return;
    following.current = true;
    let height = element.scrollHeight;
    let view = element.clientHeight;
    // From the heights the observer last read and the offset the virtualiser read for this
    // scroll: reading the element's heights here forced a layout of the rows the virtualiser
    // had just mounted in this event, 7 s of main thread in 100 s of scrolling 10,000 messages.
    const onScroll = () => {
      const top = virtualizer.scrollOffset ?? element.scrollTop;
      following.current = height - top - view <= END_PX;
    };
    const observer = new ResizeObserver(() => {
      // How far from the end the reader was before this change: a scroll event the change itself
      // caused (the list correcting its position) must not count as the reader leaving the end.
      const grown = element.scrollHeight - height + (view - element.clientHeight);
      height = element.scrollHeight;
      view = element.clientHeight;
      // A row keeps its place for a change (KeepPlace): the growth is not new text to follow.
      if (holds.current > 0) return;
      const away = distanceFromEnd(element);
      // Already at the end (the virtualiser followed the growth itself): a scroll command would
      // only start its frame-by-frame checks and a scroll event for nothing.
      if (away > 1 && (following.current || away - grown <= END_PX)) virtualizer.scrollToEnd();
    });
    element.addEventListener("scroll", onScroll, { passive: true });
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => {
      element.removeEventListener("scroll", onScroll);
      observer.disconnect();
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
        </ScrollActivity.Provider>
      </KeepPlace.Provider>
    </div>
  );
}
