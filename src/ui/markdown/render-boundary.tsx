import { Component, type ReactNode } from "react";

interface Props {
  /** Shown instead of the children when they throw while rendering. */
  fallback: ReactNode;
  /** Changing it gives the children another chance (new content). */
  resetKey: string;
  children: ReactNode;
}

interface State {
  failedKey: string | null;
}

/** One message that fails to render shows its fallback; the rest of the page keeps working. */
export class RenderBoundary extends Component<Props, State> {
  override state: State = { failedKey: null };

  static getDerivedStateFromError(): Partial<State> {
    return { failedKey: "" };
  }

  override componentDidCatch(): void {
    this.setState({ failedKey: this.props.resetKey });
  }

  override render(): ReactNode {
    const { failedKey } = this.state;
    if (failedKey !== null && (failedKey === "" || failedKey === this.props.resetKey)) {
      return this.props.fallback;
    }
    return this.props.children;
  }
}
