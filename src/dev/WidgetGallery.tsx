import { createForm } from '@formily/core';
import { FormProvider } from '@formily/react';
import { Card, Col, Result, Row, Typography } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useRuntime } from '../../runtime/render/RuntimeProvider';
import { EditableTableBench } from './EditableTableBench';
import { GALLERY_STATES, LAYOUT_WIDGETS, WIDGET_SAMPLES, type GalleryState } from './widgetSamples';

/** the message of the error state */
export const ERROR_SAMPLE = '示例错误';

/** who may open the gallery: those who administer accounts */
export const GALLERY_PERMISSION = 'system:user:edit';

function StatePane({ name, state }: { name: string; state: GalleryState }) {
  const { SchemaField } = useRuntime();
  const sample = WIDGET_SAMPLES[name] ?? {};
  const form = useMemo(
    () =>
      createForm({
        initialValues: sample.value === undefined ? {} : { value: sample.value },
        pattern: state === 'readOnly' ? 'readPretty' : state === 'disabled' ? 'disabled' : 'editable',
      }),
    [sample.value, state],
  );
  useEffect(() => {
    // the error state: a field whose validator refuses, validated at once
    if (state === 'error') form.validate().catch(() => undefined);
  }, [form, state]);
  const schema = {
    type: 'object',
    properties: {
      value: {
        type: sample.type ?? 'string',
        title: name,
        ...(state === 'error' ? { 'x-validator': () => ERROR_SAMPLE } : {}),
        'x-decorator': 'FormItem',
        'x-component': name,
        'x-component-props': sample.props ?? {},
      },
    },
  };
  return (
    <div data-state={state}>
      <Typography.Text type="secondary">{state}</Typography.Text>
      <FormProvider form={form}>
        <SchemaField schema={schema} />
      </FormProvider>
    </div>
  );
}

/**
 * /#/dev/widgets: every registered widget in its four states (edit, read-only, disabled, error), for
 * the people who build model files and for the browser tests.
 */
export function WidgetGallery() {
  const runtime = useRuntime();
  const { t } = useTranslation();
  const [search] = useSearchParams();
  if (!runtime.access.has(GALLERY_PERMISSION))
    return <Result status="403" title="403" subTitle={t('access.permissionDenied', { defaultValue: 'Permission Denied' })} />;
  const tableRows = Number(search.get('table'));
  if (Number.isInteger(tableRows) && tableRows > 0 && tableRows <= 5000)
    return <EditableTableBench rows={tableRows} invalid={search.get('invalid') === '1'} livePageId={search.get('live') ?? undefined} />;
  const names = runtime.fields.names().filter((name) => !LAYOUT_WIDGETS.has(name));
  return (
    <div style={{ padding: 16 }}>
      <Typography.Title level={3}>Widgets ({names.length})</Typography.Title>
      {names.map((name) => (
        <Card key={name} title={name} size="small" data-widget={name} style={{ marginBottom: 12 }}>
          <Row gutter={16}>
            {GALLERY_STATES.map((state) => (
              <Col key={state} xs={24} md={12} xl={6}>
                <StatePane name={name} state={state} />
              </Col>
            ))}
          </Row>
        </Card>
      ))}
    </div>
  );
}
