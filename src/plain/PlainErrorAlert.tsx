import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import type { CSSProperties } from 'react';
import { PlainIcon } from '../../runtime/fields/PlainIcon';
import './plainControls.css';

/** antd's Alert type="error" showIcon with a message, without antd (for the screens that render before antd loads). */
export function PlainErrorAlert({ message, style }: { message: string; style?: CSSProperties }) {
  return (
    <div role="alert" className="cl-alert-error" style={style}>
      <PlainIcon icon={CloseCircleFilled} className="cl-alert-icon" />
      <div className="cl-alert-content">{message}</div>
    </div>
  );
}
