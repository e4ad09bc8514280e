import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SliderVerify } from '../../../../runtime/fields/SliderVerify';
import { defaultFields } from '../../../../runtime/fields/defaultFields';
import { renderWithRuntime, testRuntime } from '../render/support/testRuntime';

function Controlled({ onChange }: { onChange(v: boolean): void }) {
  const [value, setValue] = useState(false);
  return (
    <SliderVerify
      value={value}
      onChange={(v) => {
        setValue(v);
        onChange(v);
      }}
      text="drag slider to verify"
      successText="verification passed"
    />
  );
}

// jsdom has no PointerEvent: without one, fired pointer events carry no clientX
if (typeof window.PointerEvent === 'undefined') {
  class PointerEventShim extends MouseEvent {
    readonly pointerId: number;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 0;
    }
  }
  (window as unknown as { PointerEvent: unknown }).PointerEvent = PointerEventShim;
}

/** jsdom lays nothing out: give the track a width so a drag has an end. */
function widen(width: number) {
  const track = screen.getByRole('slider').parentElement!;
  Object.defineProperty(track, 'clientWidth', { value: width, configurable: true });
}

describe('SliderVerify (spec 000 §4: idle, dragging, verified at the maximum width)', () => {
  it('verifies when dragged to the end, and cannot be dragged again', () => {
    const onChange = vi.fn();
    // inside the runtime, as in the app: the slider's texts come from its i18next instance
    renderWithRuntime(<Controlled onChange={onChange} />, testRuntime());
    widen(340);
    const handle = screen.getByRole('slider');
    fireEvent.pointerDown(handle, { clientX: 10, pointerId: 1 });
    fireEvent.pointerMove(handle, { clientX: 310, pointerId: 1 });
    fireEvent.pointerUp(handle, { clientX: 310, pointerId: 1 });
    expect(onChange).toHaveBeenCalledWith(true);
    expect(screen.getByText('verification passed')).toBeInTheDocument();
    fireEvent.pointerDown(handle, { clientX: 300, pointerId: 1 });
    fireEvent.pointerUp(handle, { clientX: 0, pointerId: 1 });
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('springs back when released early', () => {
    const onChange = vi.fn();
    // inside the runtime, as in the app: the slider's texts come from its i18next instance
    renderWithRuntime(<Controlled onChange={onChange} />, testRuntime());
    widen(340);
    const handle = screen.getByRole('slider');
    fireEvent.pointerDown(handle, { clientX: 10, pointerId: 1 });
    fireEvent.pointerMove(handle, { clientX: 200, pointerId: 1 });
    fireEvent.pointerUp(handle, { clientX: 200, pointerId: 1 });
    expect(onChange).not.toHaveBeenCalled();
    expect(handle.style.left).toBe('0px');
    expect(screen.getByText('drag slider to verify')).toBeInTheDocument();
  });

  it('is a registered Formily field', () => {
    expect(defaultFields.SliderVerify).toBeDefined();
  });
});
