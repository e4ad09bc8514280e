import { lazy, Suspense, useSyncExternalStore } from 'react';
import type { AntdFeedback } from './createAntdFeedback';

const FeedbackHost = lazy(async () => ({ default: (await import('./FeedbackHost')).FeedbackHost }));

/** Mounts the feedback host on first use, so the sign-in page does not download antd's App. */
export function FeedbackHostLoader({ feedback }: { feedback: AntdFeedback }) {
  const needed = useSyncExternalStore(feedback.subscribeNeeded, feedback.isNeeded);
  return needed ? (
    <Suspense fallback={null}>
      <FeedbackHost feedback={feedback} />
    </Suspense>
  ) : null;
}
