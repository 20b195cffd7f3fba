// One chunk, loaded by `lazy-overlays.tsx`: the menus and the tooltips share floating-ui, and as
// one of Parley's own chunks it is precached with the shell, so a menu opens offline too.
export { MenuPanel } from "./menu-panel.tsx";
export { TooltipLayer } from "./tooltip-layer.tsx";
