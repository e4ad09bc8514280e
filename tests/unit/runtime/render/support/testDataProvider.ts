import { vi, type Mock } from 'vitest';
import type { DataProvider } from '../../../../../runtime/data/DataProvider';

type Method = keyof DataProvider;
const METHODS: Method[] = [
  'list',
  'get',
  'create',
  'update',
  'remove',
  'removeMany',
  'toggleState',
  'callOperation',
  'exportFile',
  'importFile',
  'importTemplate',
];

export type TestDataProvider = { [K in Method]: Mock<DataProvider[K]> };

/**
 * A DataProvider whose methods are spies; a method the test did not implement throws, so an
 * unexpected call fails loudly (react-admin's testDataProvider).
 */
export function testDataProvider(implementations: Partial<DataProvider> = {}): TestDataProvider {
  const entries = METHODS.map((method) => {
    const implementation =
      implementations[method] ??
      (() => {
        throw new Error(`testDataProvider: ${method} is not implemented in this test`);
      });
    return [method, vi.fn(implementation as (...args: unknown[]) => unknown)];
  });
  return Object.fromEntries(entries) as TestDataProvider;
}
