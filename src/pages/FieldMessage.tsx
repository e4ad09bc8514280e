// antd's `theme` object would bring its dark and compact algorithms into the sign-in route
import useToken from 'antd/es/theme/useToken';
import type { ReactNode } from 'react';

/**
 * A control and its validation message, laid out and coloured as antd's Form.Item does (24 px below the
 * field, taken by the message when there is one, so nothing jumps) without loading antd's Form.
 */
export function FieldMessage({ id, message, children }: { id: string; message: string | null; children: ReactNode }) {
  const [, token] = useToken();
  return (
    <div style={{ marginBottom: message ? 0 : token.marginLG }}>
      {children}
      {message && (
        <div
          id={id}
          role="alert"
          style={{ color: token.colorError, fontFamily: token.fontFamily, fontSize: token.fontSize, lineHeight: token.lineHeight, minHeight: token.marginLG }}
        >
          {message}
        </div>
      )}
    </div>
  );
}
