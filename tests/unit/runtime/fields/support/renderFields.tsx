import { createForm, type Form } from '@formily/core';
import { FormProvider } from '@formily/react';
import { render } from '@testing-library/react';
import { createRuntime, type RuntimeInstance } from '../../../../../runtime/createRuntime';
import type { HttpClient } from '../../../../../runtime/data/HttpClient';
import { staticDictSource } from '../../../../../runtime/fields/dict/createDictSource';
import type { Lang } from '../../../../../runtime/model/types';
import { RuntimeProvider } from '../../../../../runtime/render/RuntimeProvider';
import { TEST_DICTS, testI18n, testModels, unreachableHttp } from '../../render/support/testRuntime';

/** Formily fields rendered by a runtime over `http` (edit, or read-pretty). */
export function renderFields(
  properties: Record<string, Record<string, unknown>>,
  options: { readPretty?: boolean; initialValues?: Record<string, unknown>; http?: HttpClient; lang?: Lang } = {},
): Form {
  const runtime = createRuntime({
    http: options.http ?? unreachableHttp,
    i18n: testI18n(options.lang),
    access: { has: () => true, subActions: () => [] },
    models: testModels(),
    dicts: staticDictSource(TEST_DICTS),
  });
  return renderInForm(runtime, properties, options);
}

/** Formily fields rendered by `runtime` in a form of their own. */
export function renderInForm(
  runtime: RuntimeInstance,
  properties: Record<string, Record<string, unknown>>,
  options: { readPretty?: boolean; initialValues?: Record<string, unknown> } = {},
): Form {
  const form = createForm({ initialValues: options.initialValues, pattern: options.readPretty ? 'readPretty' : 'editable' });
  render(
    <RuntimeProvider runtime={runtime}>
      <FormProvider form={form}>
        <runtime.SchemaField schema={{ type: 'object', properties }} />
      </FormProvider>
    </RuntimeProvider>,
  );
  return form;
}
