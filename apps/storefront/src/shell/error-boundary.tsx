import { ErrorState } from '@marketkit/ui';
import { Component, type ReactNode } from 'react';

/** Shows the error of a screen that failed to load twice (the first failure reloads once). */
export class ScreenErrorBoundary extends Component<
  { children: ReactNode; title: string; retryLabel: string },
  { error: unknown }
> {
  override state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override render() {
    if (this.state.error) {
      return (
        <ErrorState
          title={this.props.title}
          description={String((this.state.error as Error).message ?? this.state.error)}
          retryLabel={this.props.retryLabel}
          onRetry={() => location.reload()}
        />
      );
    }
    return this.props.children;
  }
}
