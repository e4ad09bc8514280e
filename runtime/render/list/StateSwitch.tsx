import { Switch } from 'antd';
import { useState } from 'react';

export interface StateSwitchProps {
  checked: boolean;
  /** accessible name: the field's label */
  label: string;
  /** resolves when the toggle settled; the list reload shows the new state */
  onToggle(): Promise<void>;
}

/** The enable/disable switch of a row (api.state); it spins until the server answered. */
export function StateSwitch({ checked, label, onToggle }: StateSwitchProps) {
  const [pending, setPending] = useState(false);
  const toggle = async () => {
    setPending(true);
    try {
      await onToggle();
    } finally {
      setPending(false);
    }
  };
  return <Switch size="small" checked={checked} loading={pending} aria-label={label} onChange={() => void toggle()} />;
}
