import LoadingOutlined from '@ant-design/icons-svg/es/asn/LoadingOutlined';
import { useState, type ButtonHTMLAttributes, type MouseEvent } from 'react';
import { PlainIcon } from '../../runtime/fields/PlainIcon';
import './plainControls.css';

// antd spaces a label of exactly two Chinese characters on a bordered button (登录 → 登 录)
const TWO_CHINESE_CHARS = /^[\u4E00-\u9FA5]{2}$/;

export interface PlainButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'children'> {
  /** antd's type */
  kind: 'primary' | 'link';
  size?: 'small' | 'middle' | 'large';
  htmlType?: 'button' | 'submit';
  block?: boolean;
  /** a spinner before the label; the button does nothing meanwhile (no click, no submit) */
  loading?: boolean;
  children: string;
}

/**
 * antd's Button (primary or link) without antd, for the screens that render before antd loads: the same
 * look (plainControls.css), label spacing, loading behaviour and click wave.
 */
export function PlainButton({
  kind,
  size = 'middle',
  htmlType = 'button',
  block = false,
  loading = false,
  className,
  onClick,
  children,
  ...rest
}: PlainButtonProps) {
  const [waves, setWaves] = useState(0);
  const classes = [
    'cl-btn',
    `cl-btn-${kind}`,
    size === 'large' && 'cl-btn-lg',
    size === 'small' && 'cl-btn-sm',
    block && 'cl-btn-block',
    loading && 'cl-btn-loading',
    className,
  ].filter(Boolean);
  const click = (event: MouseEvent<HTMLButtonElement>) => {
    if (loading) {
      event.preventDefault();
      return;
    }
    if (kind === 'primary') setWaves((n) => n + 1);
    onClick?.(event);
  };
  const label = kind === 'primary' && TWO_CHINESE_CHARS.test(children) ? children.split('').join(' ') : children;
  return (
    <button {...rest} type={htmlType} className={classes.join(' ')} onClick={click}>
      {loading && <PlainIcon icon={LoadingOutlined} className="cl-icon-spin" />}
      <span>{label}</span>
      {/* a new element per click restarts the animation */}
      {waves > 0 && <span key={waves} className="cl-btn-wave" aria-hidden="true" />}
    </button>
  );
}
