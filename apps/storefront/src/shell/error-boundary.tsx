import { ErrorState } from '@marketkit/ui';
import { Component, type ReactNode } from 'react';
import { whenOnline } from '../app/route-modules.ts';

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
          // Offline, the reload waits for the connection (not the browser's "no internet" page).
          onRetry={() => whenOnline(() => location.reload())}
        />
      );
    }
    return this.props.children;
  }
}
