import { Form, Input, InputNumber, Select, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PropsSchema } from '../manifests';

type PropSchema = { type?: string | string[]; enum?: unknown[]; title?: string; minimum?: number; maximum?: number; maxLength?: number };

/** What the props miss or get wrong against the widget's props schema (required names, enum values). */
export function propsProblems(schema: PropsSchema, props: Record<string, unknown>): string[] {
  const missing = (schema.required ?? []).filter((name) => props[name] === undefined || props[name] === '');
  const wrongEnum = Object.entries(schema.properties)
    .filter(([name, s]) => Array.isArray(s.enum) && props[name] !== undefined && !(s.enum as unknown[]).includes(props[name]))
    .map(([name]) => name);
  return [...missing, ...wrongEnum];
}

/**
 * A property panel generated from a widget's props schema (its manifest): a select for an enum, a switch
 * for a boolean, a number box for numbers, a text box for text, and a JSON box for anything else.
 */
export function PropsEditor({
  schema,
  value,
  onChange,
}: {
  schema: PropsSchema;
  value: Record<string, unknown>;
  onChange(next: Record<string, unknown>): void;
}) {
  const { t } = useTranslation('designer');
  const { t: tApp } = useTranslation('designerApp');
  const set = (name: string, v: unknown) => {
    const next = { ...value };
    if (v === undefined || v === '' || v === null) delete next[name];
    else next[name] = v;
    onChange(next);
  };
  const problems = propsProblems(schema, value);
  return (
    <>
      {Object.entries(schema.properties).map(([name, raw]) => {
        const prop = raw as PropSchema;
        const label = prop.title ? t(prop.title) : name;
        const type = Array.isArray(prop.type) ? prop.type[0] : prop.type;
        let control;
        if (Array.isArray(prop.enum)) {
          control = (
            <Select
              allowClear
              value={value[name] as string | undefined}
              options={prop.enum.map((v) => ({ value: v as string, label: String(v) }))}
              onChange={(v) => set(name, v)}
            />
          );
        } else if (type === 'boolean') control = <Switch checked={value[name] === true} onChange={(v) => set(name, v || undefined)} />;
        else if (type === 'integer' || type === 'number')
          control = <InputNumber min={prop.minimum} max={prop.maximum} value={value[name] as number | undefined} onChange={(v) => set(name, v ?? undefined)} />;
        else if (type === 'string' || type === undefined)
          control = <Input maxLength={prop.maxLength} value={(value[name] as string | undefined) ?? ''} onChange={(e) => set(name, e.target.value)} />;
        else
          control = (
            <Input.TextArea
              autoSize
              defaultValue={value[name] === undefined ? '' : JSON.stringify(value[name])}
              onBlur={(e) => {
                try {
                  set(name, e.target.value.trim() === '' ? undefined : JSON.parse(e.target.value));
                } catch {
                  // left as typed: the JSON view shows the model as it stands
                }
              }}
            />
          );
        return (
          <Form.Item key={name} label={label} style={{ marginBottom: 8 }} validateStatus={problems.includes(name) ? 'error' : undefined}>
            {control}
          </Form.Item>
        );
      })}
      {problems.length > 0 ? <Typography.Text type="danger">{tApp('field.propRequired', { name: problems.join(', ') })}</Typography.Text> : null}
    </>
  );
}
