import { Component, type ReactNode } from 'react';
import { RouteErrorPage } from './RouteErrorPage';

/** Outside the router (whose errorElement does this), a screen that fails to render offers a reload. */
export class ScreenErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <RouteErrorPage /> : this.props.children;
  }
}
