import { createForm } from '@formily/core';
import { Schema } from '@formily/json-schema';
import { FormProvider } from '@formily/react';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { evaluateSchemaExpression, installSafeCompiler } from '../../../../runtime/render/safeCompiler';
import { testRuntime } from './support/testRuntime';

const probe = globalThis as { __cloudlabCompiled?: boolean };

describe('the safe Formily compiler', () => {
  afterEach(() => {
    delete probe.__cloudlabCompiled;
    vi.restoreAllMocks();
  });

  it('evaluates {{…}} as the model expression language against the form values', () => {
    // a runtime installs it with its first form (createLazySchemaField); installing is idempotent
    installSafeCompiler();
    expect(Schema.compile('{{ status == 1 }}', { $values: { status: '1' } })).toBe(true);
    expect(Schema.compile({ visible: '{{ len(name) > 2 }}' }, { $values: { name: '检测室' } })).toEqual({ visible: true });
    expect(evaluateSchemaExpression('price * quantity', { $values: { price: 2, quantity: 4 } })).toBe(8);
    expect(evaluateSchemaExpression('price * quantity')).toBeNull();
  });

  it('never runs code: an assignment, a global and Formily scope variables are not in the language', () => {
    installSafeCompiler();
    expect(() => Schema.compile('{{ globalThis.__cloudlabCompiled = true }}')).toThrow(
      /Syntax error: Unexpected "=" at character \d+ in expression "globalThis.__cloudlabCompiled = true"/,
    );
    expect(() => Schema.compile('{{ $self.constructor }}', { $self: {} })).toThrow('The name "constructor" is not allowed');
    expect(() => Schema.compile('{{ alert(1) }}')).toThrow('Unknown function "alert"');
    expect(Schema.compile('{{ globalThis }}', { $values: {} })).toBeNull();
    expect(probe.__cloudlabCompiled).toBeUndefined();
  });

  it('leaves plain strings alone', () => {
    installSafeCompiler();
    expect(Schema.compile({ title: '岗位名称', placeholder: '{ not an expression }' })).toEqual({ title: '岗位名称', placeholder: '{ not an expression }' });
  });

  it('refuses an expression outside the language that reaches a rendered schema: reported, no code run', async () => {
    // Formily renders on and reports errors of its reactions through console.error
    const reported = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { SchemaField, fields } = testRuntime();
    // as a list page does when idle: Formily and the widget are loaded before the form renders
    await Promise.all([SchemaField.preload(), fields.preload(['Input'])]);
    const schema = {
      type: 'object',
      properties: { a: { type: 'string', 'x-component': 'Input', 'x-component-props': { placeholder: '{{ (globalThis.__cloudlabCompiled = true) }}' } } },
    };
    render(
      <FormProvider form={createForm()}>
        <SchemaField schema={schema} />
      </FormProvider>,
    );
    // Formily and the widgets load with the first form
    expect(await screen.findByRole('textbox')).not.toHaveAttribute('placeholder');
    expect(probe.__cloudlabCompiled).toBeUndefined();
    await waitFor(() =>
      expect(reported.mock.calls.flat().map(String).join('\n')).toMatch(/Syntax error: .* in expression "\(globalThis.__cloudlabCompiled = true\)"/),
    );
  });
});
