import { App } from 'antd';
import { useEffect } from 'react';
import type { AntdFeedback } from './createAntdFeedback';

function FeedbackBinder({ feedback }: { feedback: AntdFeedback }) {
  const api = App.useApp();
  useEffect(() => {
    feedback.bind(api);
  }, [feedback, api]);
  return null;
}

/** antd's App (its message, notification and modal holders) for the shell's feedback; loaded lazily. */
export function FeedbackHost({ feedback }: { feedback: AntdFeedback }) {
  return (
    <App component={false}>
      <FeedbackBinder feedback={feedback} />
    </App>
  );
}
