import { Component, type ReactNode } from 'react';

/**
 * A part of a screen that the screen works without (the sign-in page's app QR code): when it fails to load or
 * render, `fallback` takes its place and the rest of the screen stays. Without it the failure would reach the
 * screen's own boundary, which replaces the whole screen with "reload": a decorative chunk that could not be
 * downloaded would take the sign-in form with it.
 */
export class OptionalPart extends Component<{ children: ReactNode; fallback: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
