import { describe, expect, it } from 'vitest';
import { createHookRegistry } from '../../../../runtime/hooks/createHookRegistry';
import { assertModelHooks } from '../../../../runtime/hooks/assertModelHooks';
import type { ModelFile, ServedModel } from '../../../../runtime/model/types';

const served = (model: Record<string, unknown>): ServedModel => ({
  model: {
    version: 17,
    id: 'test.hooks',
    title: 't',
    entity: { table: 't', fields: { name: { type: 'string', label: '名称' } } },
    api: { dialect: 'api', base: '/api/t' },
    permissions: { prefix: 't:' },
    ...model,
  } as ModelFile,
  lang: 'zh-CN',
  texts: {},
  patterns: {},
});

describe('createHookRegistry', () => {
  it('registers named hooks per kind and refuses a duplicate', () => {
    const hooks = createHookRegistry();
    const cell = (value: unknown) => `<${String(value)}>`;
    hooks.register('cell', 'user.avatar', cell);
    expect(hooks.get('cell', 'user.avatar')).toBe(cell);
    expect(hooks.has('cell', 'user.avatar')).toBe(true);
    expect(hooks.get('action', 'user.avatar')).toBeUndefined();
    expect(() => hooks.register('cell', 'user.avatar', cell)).toThrow('cell hook "user.avatar" is already registered');
    expect(() => hooks.require('formReaction', 'user.fillBirthday')).toThrow('no formReaction hook named "user.fillBirthday"');
  });

  it('refuses an unknown kind and a hook that is not a function', () => {
    const hooks = createHookRegistry();
    expect(() => hooks.register('beforeSubmit' as never, 'x', (() => undefined) as never)).toThrow(
      'unknown hook kind "beforeSubmit" (kinds: cell, action, formReaction, cellValidator)',
    );
    expect(() => hooks.register('action', 'x', 'run' as never)).toThrow('the action hook "x" is not a function');
  });

  it('keeps registries apart', () => {
    const a = createHookRegistry();
    a.register('action', 'x.y', () => undefined);
    expect(createHookRegistry().get('action', 'x.y')).toBeUndefined();
  });
});

describe('assertModelHooks', () => {
  const model = {
    list: { columns: ['name', { field: 'name', cell: 'test.bold' }], actions: ['add', { key: 'ping', label: 'Ping', hook: 'test.ping' }] },
    form: { tabs: [{ title: 'A', sections: [{ title: 'S', fields: [{ field: 'name', hooks: ['test.upper'] }] }] }] },
  };

  it('passes when every named hook is registered', () => {
    const hooks = createHookRegistry();
    hooks.register('cell', 'test.bold', () => null);
    hooks.register('action', 'test.ping', () => undefined);
    hooks.register('formReaction', 'test.upper', () => undefined);
    expect(() => assertModelHooks(served(model), hooks)).not.toThrow();
  });

  it('names the model, the JSON path and the kind of every missing hook', () => {
    const hooks = createHookRegistry();
    hooks.register('cell', 'test.bold', () => null);
    hooks.register('formReaction', 'test.bold', () => undefined);
    expect(() => assertModelHooks(served(model), hooks)).toThrow(
      'model test.hooks: list.actions[1].hook names the action hook "test.ping"; form.tabs[0].sections[0].fields[0].hooks[0] names the formReaction hook "test.upper", which are not registered in this runtime',
    );
  });
});

describe('createRuntime: client hooks at model load', () => {
  it('fails the load of a model that names an unregistered hook, naming model and path', async () => {
    const { testRuntime, testModels } = await import('./support/testRuntime');
    const model = served({ list: { columns: [{ field: 'name', cell: 'test.bold' }] } });
    const runtime = testRuntime({ models: testModels(model) });
    await expect(runtime.models.load('test.hooks')).rejects.toThrow(
      'model test.hooks: list.columns[0].cell names the cell hook "test.bold", which is not registered in this runtime',
    );
    const hooks = createHookRegistry();
    hooks.register('cell', 'test.bold', () => null);
    await expect(testRuntime({ models: testModels(model), hooks }).models.load('test.hooks')).resolves.toBe(model);
  });
});
