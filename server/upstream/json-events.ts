import type { EventSourceMessage } from "eventsource-parser";

/** Presents a whole JSON answer (a server that ignored `stream: true`) as a single event. */
export async function* jsonAsEvents(
  response: Response,
  onActivity: () => void,
): AsyncGenerator<EventSourceMessage[]> {
  const text = await response.text();
  onActivity();
  yield [{ event: undefined, id: undefined, data: text }];
}
