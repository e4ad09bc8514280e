import { Button, DatePicker, Form, Input, InputNumber, Space, type DatePickerProps, type InputNumberProps, type InputProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import type { ReportParamValues } from '../../data/report/createReportDataProvider';
import type { ModelFile, ServedModel } from '../../model/types';
import { modelText } from '../modelText';
import { useRenderText } from '../useRenderText';

type ParamDef = NonNullable<NonNullable<ModelFile['query']>['params']>[string];

const DATE = 'YYYY-MM-DD';

/** A parameter's default as the form holds it (a date as dayjs). */
function initialOf(def: ParamDef): unknown {
  if (def.default === undefined || def.default === null) return undefined;
  return def.type === 'date' ? dayjs(String(def.default), DATE) : def.default;
}

/** What the form holds as what the report is sent (self_<name>): dates as YYYY-MM-DD, empty values left out. */
export function paramValuesOf(values: Record<string, unknown>): ReportParamValues {
  const out: ReportParamValues = {};
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined || value === null || value === '') continue;
    out[name] = dayjs.isDayjs(value) ? (value as Dayjs).format(DATE) : (value as string | number);
  }
  return out;
}

/** One parameter's input; Form.Item gives it value and onChange, which go on to the antd input. */
function ParamInput({ def, label, ...control }: { def: ParamDef; label: string; value?: unknown; onChange?: (value: unknown) => void; id?: string }) {
  const t = useRenderText();
  if (def.type === 'date') return <DatePicker {...(control as DatePickerProps)} format={DATE} placeholder={t('form.selectPlaceholder', { label })} />;
  if (def.type === 'string')
    return <Input {...(control as InputProps)} maxLength={def.maxLength ?? 200} placeholder={t('form.inputPlaceholder', { label })} allowClear />;
  return (
    <InputNumber<number>
      {...(control as InputNumberProps<number>)}
      min={def.minimum}
      max={def.maximum}
      precision={def.type === 'integer' ? 0 : undefined}
      placeholder={t('form.inputPlaceholder', { label })}
      style={{ width: 160 }}
    />
  );
}

export interface ReportParamsFormProps {
  served: ServedModel;
  onSubmit(values: ReportParamValues): void;
}

/**
 * The report's parameters (query.params), each sent as self_<name>: 查询 runs the report with them, 重置
 * goes back to the defaults. The server checks type and limits again; the inputs keep the user inside them.
 */
export function ReportParamsForm({ served, onSubmit }: ReportParamsFormProps) {
  const t = useRenderText();
  const [form] = Form.useForm();
  const params = useMemo(() => Object.entries(served.model.query?.params ?? {}), [served]);
  const initial = useMemo(() => Object.fromEntries(params.map(([name, def]) => [name, initialOf(def)])), [params]);
  if (params.length === 0) return null;
  return (
    <Form
      form={form}
      layout="inline"
      initialValues={initial}
      onFinish={(values: Record<string, unknown>) => onSubmit(paramValuesOf(values))}
      style={{ marginBottom: 16, rowGap: 8 }}
      data-testid="report-params"
    >
      {params.map(([name, def]) => {
        const label = modelText(served, def.label);
        return (
          <Form.Item key={name} name={name} label={label}>
            <ParamInput def={def} label={label} />
          </Form.Item>
        );
      })}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('action.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              onSubmit(paramValuesOf(initial));
            }}
          >
            {t('action.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
