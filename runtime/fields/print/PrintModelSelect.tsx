import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { useRuntime } from '../../render/RuntimeProvider';

export interface PrintModelSelectProps {
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
  readOnly?: boolean;
}

/** The model a print template binds (GET /api/system/printDev/Models: the models with records to print). */
export function PrintModelSelect({ value, onChange, disabled, readOnly }: PrintModelSelectProps) {
  const { http } = useRuntime();
  const [options, setOptions] = useState<{ value: string; label: string }[]>([]);
  useEffect(() => {
    let live = true;
    void http.get<{ list: { formId: string; title: string }[] }>('/api/system/printDev/Models').then(({ data }) => {
      if (live) setOptions(data.list.map((m) => ({ value: m.formId, label: `${m.title} (${m.formId})` })));
    });
    return () => {
      live = false;
    };
  }, [http]);
  return (
    <Select
      showSearch
      optionFilterProp="label"
      disabled={disabled || readOnly}
      value={value || undefined}
      options={options}
      onChange={(next: string) => onChange?.(next)}
      style={{ width: '100%' }}
    />
  );
}
