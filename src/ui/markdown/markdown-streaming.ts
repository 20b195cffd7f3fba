import { createContext } from "react";

/** True while the answer around a block is still being written: its diagram is not drawn yet. */
export const MarkdownStreamingContext = createContext(false);
