import { App, ConfigProvider } from 'antd';
import { createContext, useContext, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { RuntimeInstance } from '../RuntimeInstance';
import { DictSourceProvider } from '../fields/dict/DictSourceContext';

const RuntimeContext = createContext<RuntimeInstance | null>(null);

export interface RuntimeProviderProps {
  runtime: RuntimeInstance;
  children?: ReactNode;
}

// Button texts stay as the spec quotes them (查询, not antd's spaced 查 询).
const BUTTON_CONFIG = { autoInsertSpace: false };

/**
 * Makes a runtime available to the renderer below it, and its i18next instance to react-i18next (parts that
 * cannot depend on the runtime read their texts through it: lazyPart). It also scopes antd's App (message, modal) so the
 * renderer's toasts and confirms work whether or not the shell wraps the page in <App>; the shell's
 * ConfigProvider (theme, locale) still applies.
 */
export function RuntimeProvider({ runtime, children }: RuntimeProviderProps) {
  return (
    <RuntimeContext.Provider value={runtime}>
      <I18nextProvider i18n={runtime.i18n}>
        <DictSourceProvider source={runtime.dicts}>
          <ConfigProvider button={BUTTON_CONFIG}>
            <App component={false}>{children}</App>
          </ConfigProvider>
        </DictSourceProvider>
      </I18nextProvider>
    </RuntimeContext.Provider>
  );
}

/** The runtime of the nearest <RuntimeProvider>; throws when there is none. */
export function useRuntime(): RuntimeInstance {
  const runtime = useContext(RuntimeContext);
  if (!runtime) throw new Error('useRuntime: no <RuntimeProvider runtime={…}> above this component');
  return runtime;
}
