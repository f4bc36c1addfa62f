import { Component, type ReactNode } from 'react';

/** One broken block must not take the page down: it is logged and left out (marked in preview mode). */
export class BlockErrorBoundary extends Component<{ type: string; uid: string; showError: boolean; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(`Block ${this.props.type} (${this.props.uid}) failed to draw:`, error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return this.props.showError ? <div className="pod-block-error" role="alert">This {this.props.type} block could not be drawn.</div> : null;
  }
}
