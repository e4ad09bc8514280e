import { Alert } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { createRuntime, ModelPage, RuntimeProvider, useRuntime } from '../../runtime';
import type { ModelFile, ServedModel } from '../../runtime/model/types';
import { PATTERNS } from '../../runtime/validation/patterns';
import { createPreviewProvider } from './createPreviewProvider';
import { sampleRows } from './sampleRows';

/**
 * The draft on the real runtime: a runtime of its own whose model loader serves the draft (and the
 * sub-record models it names, when given) and whose data are sample rows in the browser, so list,
 * search, form, rules, computed values and reactions behave as they will once released.
 */
export function Preview({ model, models }: { model: ModelFile; models: Record<string, ModelFile> }) {
  const { t } = useTranslation('designerApp');
  const app = useRuntime();
  const runtime = useMemo(() => {
    const all = { ...models, [model.id]: model };
    const served = (m: ModelFile): ServedModel => {
      const names = Object.values(m.entity.fields)
        .map((f) => f.pattern)
        .filter((p): p is string => typeof p === 'string' && Object.hasOwn(PATTERNS, p));
      const lang = app.lang();
      return {
        model: m,
        lang,
        texts: {},
        patterns: Object.fromEntries(names.map((p) => [p, { regex: PATTERNS[p]!.regex, message: PATTERNS[p]!.message[lang] }])),
      };
    };
    return createRuntime({
      http: app.http,
      i18n: app.i18n,
      access: { has: () => true, subActions: () => ['list', 'add', 'edit', 'delete'] },
      dicts: app.dicts,
      hooks: app.hooks,
      models: {
        load: async (id) => {
          const found = all[id];
          if (!found) throw new Error(`${id}?`);
          return served(found);
        },
        clear: () => undefined,
      },
      createDataProvider: (m) => createPreviewProvider(sampleRows(m, t('preview.sample')), t('preview.unsupported')),
    });
  }, [app, model, models, t]);
  return (
    <div data-testid="designer-preview">
      <Alert type="info" showIcon message={t('preview.hint')} style={{ marginBottom: 12 }} />
      <RuntimeProvider runtime={runtime}>
        <ModelPage modelId={model.id} />
      </RuntimeProvider>
    </div>
  );
}
