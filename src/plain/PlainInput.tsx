import EyeInvisibleOutlined from '@ant-design/icons-svg/es/asn/EyeInvisibleOutlined';
import EyeOutlined from '@ant-design/icons-svg/es/asn/EyeOutlined';
import { useRef, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { PlainIcon } from '../../runtime/fields/PlainIcon';
import './plainControls.css';

export interface PlainInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'prefix' | 'size' | 'type'> {
  /** an icon before the text */
  prefix?: ReactNode;
  /** antd's status="error": red border and icons */
  error?: boolean;
}

/**
 * antd's large Input with a prefix, without antd (for the screens that render before antd loads): the same
 * box (plainControls.css), focused by a click anywhere in it.
 */
export function PlainInput(props: PlainInputProps) {
  return <InputBox {...props} type="text" />;
}

/** antd's large Input.Password: the eye after the text shows and hides it, keeping the focus where it is. */
export function PlainPassword(props: PlainInputProps) {
  const [visible, setVisible] = useState(false);
  const eye = (
    <PlainIcon
      icon={visible ? EyeOutlined : EyeInvisibleOutlined}
      className="cl-input-eye"
      // the input keeps the focus (and the caret) while its text is shown or hidden
      onMouseDown={preventDefault}
      onMouseUp={preventDefault}
      onClick={() => setVisible((v) => !v)}
    />
  );
  return <InputBox {...props} type={visible ? 'text' : 'password'} suffix={eye} />;
}

const preventDefault = (event: { preventDefault(): void }) => event.preventDefault();

function InputBox({ prefix, suffix, error = false, className, ...input }: PlainInputProps & { type: 'text' | 'password'; suffix?: ReactNode }) {
  const ref = useRef<HTMLInputElement>(null);
  return (
    <span className={['cl-input', error && 'cl-input-error', className].filter(Boolean).join(' ')} onClick={() => ref.current?.focus()}>
      {prefix && <span className="cl-input-prefix">{prefix}</span>}
      <input ref={ref} {...input} />
      {suffix && <span className="cl-input-suffix">{suffix}</span>}
    </span>
  );
}
