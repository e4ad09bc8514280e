import { Button, Result } from 'antd';

export interface LoadFailureProps {
  title: string;
  message: string;
  retryText: string;
  onRetry(): void;
}

/** A screen that could not load, with a retry: antd's Result, in a chunk of its own (only this rare path needs it). */
export function LoadFailure({ title, message, retryText, onRetry }: LoadFailureProps) {
  return <Result status="error" title={title} subTitle={message} extra={<Button onClick={onRetry}>{retryText}</Button>} />;
}
