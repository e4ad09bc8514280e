import { createForm } from '@formily/core';
import { FormProvider } from '@formily/react';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFieldRegistry } from '../../../../runtime/fields/createFieldRegistry';
import { defaultFields } from '../../../../runtime/fields/defaultFields';
import { isLazyField, lazyField } from '../../../../runtime/fields/lazyField';
import { SchemaForm } from '../../../../runtime/render/form/SchemaForm';
import { renderWithRuntime, testRuntime } from '../render/support/testRuntime';

function Shout({ value }: { value?: string }) {
  return <output>{`shout: ${value ?? ''}`}</output>;
}

const schemaWith = (component: string) => ({ type: 'object', properties: { word: { type: 'string', 'x-component': component } } });

describe('lazily registered widgets', () => {
  afterEach(() => vi.restoreAllMocks());

  it('render once their code has come, and the loader runs once', async () => {
    const load = vi.fn(async () => Shout);
    const fields = createFieldRegistry({ Shout: lazyField(load) });
    const runtime = testRuntime({ fields });
    renderWithRuntime(<SchemaForm form={createForm({ initialValues: { word: 'hi' } })} schema={schemaWith('Shout')} />, runtime);
    expect(await screen.findByText('shout: hi')).toBeInTheDocument();
    await fields.preload(['Shout']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('render at once, without waiting, after a preload', async () => {
    const fields = createFieldRegistry({ Shout: lazyField(async () => Shout) });
    await fields.preload(['Shout', 'NotRegistered']);
    const { SchemaField } = testRuntime({ fields });
    await SchemaField.preload();
    render(
      <FormProvider form={createForm({ initialValues: { word: 'now' } })}>
        <SchemaField schema={schemaWith('Shout')} />
      </FormProvider>,
    );
    expect(screen.getByText('shout: now')).toBeInTheDocument();
  });

  it('count as registered: the same name cannot be registered twice, either way round', () => {
    const fields = createFieldRegistry();
    fields.register(
      'Shout',
      lazyField(async () => Shout),
      { origin: 'module lab' },
    );
    expect(fields.has('Shout')).toBe(true);
    expect(fields.names()).toEqual(['Shout']);
    expect(() => fields.register('Shout', Shout, { origin: 'module staff' })).toThrow(
      'field registry: "Shout" is already registered by module lab; cannot register it again from module staff',
    );
    fields.register('Whisper', Shout);
    expect(() =>
      fields.register(
        'Whisper',
        lazyField(async () => Shout),
      ),
    ).toThrow(/"Whisper" is already registered by Shout; cannot register it again from a lazily loaded widget/);
  });

  it('fail clearly when the loader answers something that is not a component', async () => {
    const fields = createFieldRegistry({ Broken: lazyField(async () => undefined as never) });
    await expect(fields.preload(['Broken'])).rejects.toThrow('field registry: the loader of "Broken" answered undefined, not a component');
  });

  it('leave an unknown widget an error that names it', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // React re-throws a render error through a window 'error' event; jsdom prints that event's stack
    // unless it is handled, so a passing test would print one
    const swallow = (event: ErrorEvent) => event.preventDefault();
    window.addEventListener('error', swallow);
    const fields = createFieldRegistry({ Shout: lazyField(async () => Shout) });
    try {
      expect(() => renderWithRuntime(<SchemaForm form={createForm()} schema={schemaWith('Mumble')} where="test form" />, testRuntime({ fields }))).toThrow(
        'test form: widget(s) "Mumble" not registered in this runtime',
      );
    } finally {
      window.removeEventListener('error', swallow);
    }
  });

  it('include the date pickers: a screen without dates does not download rc-picker', async () => {
    expect(['DatePicker', 'DateTimePicker', 'DateRangePicker'].filter((name) => !isLazyField(defaultFields[name]))).toEqual([]);
    // Formily's adapters come with the first form, in their own chunk apart from rc-picker
    expect(isLazyField(defaultFields.Input)).toBe(true);
    expect(isLazyField(defaultFields.DictTag)).toBe(false);
    const fields = createFieldRegistry(defaultFields);
    await fields.preload(['DatePicker', 'DateTimePicker', 'DateRangePicker']);
    expect(fields.get('DatePicker')?.displayName).toBe('Lazy(DatePicker)');
  });
});
