import { Component, type ReactNode } from 'react';
import { reportError } from '@/lib/error-reporting';

export interface SectionErrorBoundaryProps {
  /** Shown instead of the children once they failed; gets a function that draws them again. */
  fallback: ReactNode | ((retry: () => void) => ReactNode);
  children: ReactNode;
}

interface State {
  failed: boolean;
}

/**
 * An error boundary around one section of a page (STYLE.md: per route and per section): a failed
 * widget shows its fallback, the rest of the page keeps working. The error is reported.
 */
export class SectionErrorBoundary extends Component<SectionErrorBoundaryProps, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error): void {
    reportError(error);
  }

  private readonly retry = () => this.setState({ failed: false });

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    const { fallback } = this.props;
    return typeof fallback === 'function' ? fallback(this.retry) : fallback;
  }
}
