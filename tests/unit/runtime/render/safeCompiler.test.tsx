import { createForm } from '@formily/core';
import { Schema } from '@formily/json-schema';
import { FormProvider } from '@formily/react';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testRuntime } from './support/testRuntime';

const probe = globalThis as { __cloudlabCompiled?: boolean };

describe('the safe Formily compiler', () => {
  afterEach(() => {
    delete probe.__cloudlabCompiled;
    vi.restoreAllMocks();
  });

  it('throws on a {{…}} expression, naming it, and runs no code', () => {
    testRuntime(); // installs the compiler
    expect(() => Schema.compile('{{ globalThis.__cloudlabCompiled = true }}')).toThrow('"{{ globalThis.__cloudlabCompiled = true }}"');
    expect(probe.__cloudlabCompiled).toBeUndefined();
  });

  it('leaves plain strings alone', () => {
    testRuntime();
    expect(Schema.compile({ title: '岗位名称', placeholder: '{ not an expression }' })).toEqual({ title: '岗位名称', placeholder: '{ not an expression }' });
  });

  it('refuses an expression that reaches a rendered schema: the prop is dropped, the error reported, no code run', () => {
    // Formily renders on and reports errors of its reactions through console.error
    const reported = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { SchemaField } = testRuntime();
    const schema = { type: 'object', properties: { a: { type: 'string', 'x-component': 'Input', 'x-component-props': { placeholder: '{{ (globalThis.__cloudlabCompiled = true) }}' } } } };
    render(
      <FormProvider form={createForm()}>
        <SchemaField schema={schema} />
      </FormProvider>,
    );
    expect(probe.__cloudlabCompiled).toBeUndefined();
    expect(screen.getByRole('textbox')).not.toHaveAttribute('placeholder');
    expect(reported.mock.calls.flat().map(String).join('\n')).toMatch(/not allowed in Cloudlab models: "\{\{ \(globalThis.__cloudlabCompiled = true\) \}\}"/);
  });
});
