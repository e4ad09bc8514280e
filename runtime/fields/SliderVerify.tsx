import CheckCircleFilled from '@ant-design/icons-svg/es/asn/CheckCircleFilled';
import DoubleRightOutlined from '@ant-design/icons-svg/es/asn/DoubleRightOutlined';
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RENDER_NAMESPACE } from '../render/i18n/namespace';
import { PlainIcon } from './PlainIcon';
import { PLAIN_TOKENS as token } from './plainTokens';

export interface SliderVerifyProps {
  /** true once verified; a form resets it by passing false */
  value?: boolean;
  onChange?(verified: boolean): void;
  /** the idle text; default the renderer's 'drag slider to verify' */
  text?: string;
  /** the text once verified; default 'verification passed' */
  successText?: string;
  disabled?: boolean;
  height?: number;
}

const HANDLE = 40;

/**
 * The slider verification of spec 000 §2/§4: idle → dragging → verified when the handle reaches the end;
 * released early it springs back; once verified it cannot be dragged again. Plain elements and pointer
 * events, antd's default-theme colours and icons drawn from their SVG definitions (no antd Slider, no antd at
 * all), so the sign-in page, which renders before antd loads, can carry it. A Formily field as it is: value/onChange.
 * The keyboard can verify too (End or Enter on the focused handle).
 */
export function SliderVerify({ value = false, onChange, text, successText, disabled = false, height = 40 }: SliderVerifyProps) {
  const { t } = useTranslation(RENDER_NAMESPACE);
  const track = useRef<HTMLDivElement>(null);
  const start = useRef<{ x: number; max: number } | null>(null);
  const [offset, setOffset] = useState(0);
  const verified = value;
  const idleText = text ?? t('slider.idle');
  const doneText = successText ?? t('slider.done');

  const maxOffset = () => Math.max(0, (track.current?.clientWidth ?? 0) - HANDLE);
  const finish = () => {
    setOffset(0);
    onChange?.(true);
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (verified || disabled) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    start.current = { x: event.clientX, max: maxOffset() };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!start.current) return;
    setOffset(Math.min(start.current.max, Math.max(0, event.clientX - start.current.x)));
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (!start.current) return;
    const { x, max } = start.current;
    start.current = null;
    // at the end (within a pixel): verified; anywhere short of it: back to the start
    if (max > 0 && event.clientX - x >= max - 1) finish();
    else setOffset(0);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!verified && !disabled && (event.key === 'End' || event.key === 'Enter')) {
      event.preventDefault();
      finish();
    }
  };

  const fill = verified ? '100%' : `${offset + HANDLE / 2}px`;
  return (
    <div
      ref={track}
      className="cl-slider-verify"
      style={{
        position: 'relative',
        height,
        lineHeight: `${height}px`,
        background: token.colorFillTertiary,
        border: `1px solid ${token.colorBorder}`,
        borderRadius: token.borderRadius,
        textAlign: 'center',
        userSelect: 'none',
        overflow: 'hidden',
        color: token.colorTextSecondary,
        fontSize: token.fontSize,
      }}
    >
      <div style={{ position: 'absolute', inset: 0, width: fill, background: token.colorSuccessBg, transition: start.current ? undefined : 'width .2s' }} />
      <span style={{ position: 'relative', color: verified ? token.colorSuccess : undefined }}>{verified ? doneText : idleText}</span>
      <div
        role="slider"
        tabIndex={verified || disabled ? -1 : 0}
        aria-label={idleText}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={verified ? 100 : 0}
        aria-valuetext={verified ? doneText : idleText}
        aria-disabled={verified || disabled}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          start.current = null;
          setOffset(0);
        }}
        onKeyDown={onKeyDown}
        style={{
          position: 'absolute',
          top: 0,
          left: verified ? `calc(100% - ${HANDLE}px)` : offset,
          width: HANDLE,
          height: '100%',
          background: token.colorBgContainer,
          borderInlineEnd: `1px solid ${token.colorBorder}`,
          cursor: verified || disabled ? 'default' : 'grab',
          touchAction: 'none',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          color: verified ? token.colorSuccess : token.colorTextSecondary,
          transition: start.current ? undefined : 'left .2s',
        }}
      >
        <PlainIcon icon={verified ? CheckCircleFilled : DoubleRightOutlined} />
      </div>
    </div>
  );
}
