/**
 * Catches a render error below it and shows the docs/product.md §2 error screen instead of a blank page.
 * `resetKey` (the route path) clears the error when the user navigates elsewhere. Before the screen
 * renders again, whatever the thrower registered is undone (retryable.ts), so that "Try Again" after
 * a chunk that failed to download imports it again instead of rethrowing the remembered failure.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorScreen } from './error-screen';
import { prepareRetry } from './retryable';

interface Props {
  children: ReactNode;
  resetKey?: string;
  /** Shown instead of the error screen of docs/product.md §2 (e.g. nothing, for a header widget that failed). */
  fallback?: ReactNode;
}

interface State {
  /** Boxed, so that even a thrown `undefined` counts as a failure. */
  failure: { error: unknown } | null;
  resetKey: string | undefined;
}

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { failure: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { failure: { error } };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { failure: null, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Screen crashed', error, info.componentStack);
  }

  override componentDidUpdate(_props: Props, previous: State): void {
    // The user navigated away from the failed screen: should they come back, it starts afresh.
    if (previous.failure && !this.state.failure) prepareRetry(previous.failure.error);
  }

  private readonly retry = () => {
    // Before the render, not after it: the screen would otherwise throw the remembered error again.
    if (this.state.failure) prepareRetry(this.state.failure.error);
    this.setState({ failure: null });
  };

  override render() {
    if (!this.state.failure) return this.props.children;
    return this.props.fallback !== undefined ? this.props.fallback : <ErrorScreen onRetry={this.retry} />;
  }
}
