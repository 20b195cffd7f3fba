import type { WireNote } from "../../src/core/wire.ts";
import type { StreamEvent } from "../contract/provider.ts";

/**
 * The events with `notes` on the first chunk of each choice (`x_parley_notes`), the way the
 * proxy's other note (`x_parley_note`) travels, so that the browser keeps them with the answer.
 * Once `choices` choices carry them, batches pass untouched.
 */
export async function* withNotes(
  events: AsyncIterable<StreamEvent[]>,
  notes: WireNote[],
  choices: number,
): AsyncGenerator<StreamEvent[]> {
  const noted = new Set<number>();
  for await (const batch of events) {
    if (noted.size < choices)
      for (const event of batch) {
        if (event.type !== "chunk") continue;
        for (const choice of event.chunk.choices) {
          if (noted.has(choice.index)) continue;
          noted.add(choice.index);
          choice.x_parley_notes = notes;
          delete event.choicesJson;
        }
      }
    yield batch;
  }
}
