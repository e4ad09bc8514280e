import type { ReactNode } from 'react';
import '../plain/plainControls.css';

/**
 * A control and its validation message, laid out and coloured as antd's Form.Item does (24 px below the
 * field, taken by the message when there is one, so nothing jumps) without antd (plainControls.css).
 */
export function FieldMessage({ id, message, children }: { id: string; message: string | null; children: ReactNode }) {
  return (
    <div style={{ marginBottom: message ? 0 : 24 }}>
      {children}
      {message && (
        <div id={id} role="alert" className="cl-field-message">
          {message}
        </div>
      )}
    </div>
  );
}
