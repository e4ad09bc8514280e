import { App } from 'antd';
import { useEffect } from 'react';
import { AntdScope } from './AntdScope';
import type { AntdFeedback } from './createAntdFeedback';

function FeedbackBinder({ feedback }: { feedback: AntdFeedback }) {
  const api = App.useApp();
  useEffect(() => {
    feedback.bind(api);
  }, [feedback, api]);
  return null;
}

/**
 * antd's App (its message, notification and modal holders) for the shell's feedback; loaded lazily. Under
 * antd's provider of its own: the app's provider stack has none (it may be the sign-in screen's).
 */
export function FeedbackHost({ feedback }: { feedback: AntdFeedback }) {
  return (
    <AntdScope>
      <App component={false}>
        <FeedbackBinder feedback={feedback} />
      </App>
    </AntdScope>
  );
}
