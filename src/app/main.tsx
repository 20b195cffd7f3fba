import "../core/zod-jitless.ts";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app.tsx";
import { composeApp } from "./compose.ts";
import "../ui/styles.css";

const root = document.getElementById("root");
if (!root) throw new Error("index.html lacks #root");

void composeApp().then(({ store, queryClient }) => {
  createRoot(root).render(
    <StrictMode>
      <App store={store} queryClient={queryClient} />
    </StrictMode>,
  );
});
