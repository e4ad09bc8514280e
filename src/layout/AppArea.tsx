import { Suspense, useCallback, useEffect, useMemo } from 'react';
import { Route, Routes } from 'react-router-dom';
import { createHookRegistry, createRuntime, ModelPage, RuntimeProvider } from '../../runtime';
import { createAccessChecker } from '../../runtime/access/createAccessChecker';
import type { HttpClient } from '../../runtime/data/HttpClient';
import { useAppServices } from '../app/AppServices';
import { MENU_LIST_PATH } from '../app/constants';
import { PageLoading } from '../app/PageLoading';
import { findPagePermission } from '../menu/findPagePermission';
import { loadPermissions } from '../session/loadPermissions';
import { registerPermissionHooks } from '../modules/permission/permissionHooks';
import { registerStaffExport } from '../modules/staff/assessorExport';
import { registerStaffFormHooks } from '../modules/staff/staffFormHooks';
import { PrintHost } from '../modules/print/PrintHost';
import { registerPrint } from '../modules/print/registerPrint';
import { AppLayout } from './AppLayout';
import { createSessionDictSource } from './createSessionDictSource';
import { lazyPart } from '../../runtime/render/lazyPart';

const renderModelPage = (modelId: string) => <ModelPage modelId={modelId} />;

/** The client hooks the modules' model files name (form reactions, cells, actions). */
function appHooks(http: HttpClient, t: (key: string, values?: Record<string, unknown>) => string) {
  const hooks = createHookRegistry();
  registerStaffFormHooks(hooks);
  registerStaffExport(hooks, http, () => `${t('staff.assessorExportFile')}.xlsx`);
  registerPrint(hooks);
  registerPermissionHooks(hooks, http, t);
  return hooks;
}
// visited to choose a top-level menu, not on the way to a screen: its cards and Result load when it opens
const MenuListPage = lazyPart(async () => (await import('../pages/MenuListPage')).MenuListPage);
// the widget gallery (admins): every registered widget, so it is its own chunk
const WidgetGallery = lazyPart(async () => (await import('../dev/WidgetGallery')).WidgetGallery);
// the designer (designer/): its own chunk, loaded only when it opens (its menu item 表单设计器)
const DesignerApp = lazyPart(async () => (await import('../../designer/DesignerApp')).DesignerApp);
/** where the designer opens (schemas/visualdev/module.json, menu visualdev.designer) */
const DESIGNER_PATH = '/online/designer';

/**
 * Everything behind the sign-in, loaded lazily: one runtime per signed-in stay (a new sign-in mounts a
 * new app area, so nothing of the previous user's models survives), the menu list and the layout.
 */
export function AppArea() {
  const { http, i18n, session } = useAppServices();
  const dicts = useMemo(() => createSessionDictSource(session, http, () => i18n.language), [session, http, i18n]);
  const runtime = useMemo(
    () =>
      createRuntime({
        http,
        i18n,
        access: createAccessChecker({
          auth: () => session.state.auth,
          allAuth: () => session.state.allAuth,
          page: (modelId) => findPagePermission(session.state.menu, modelId),
        }),
        dicts,
        hooks: appHooks(http, (key, values) => i18n.t(key, values)),
        liveSession: () => {
          const { token, userInfo } = session.state;
          return token && userInfo ? { userId: userInfo.id, token } : null;
        },
      }),
    [http, i18n, session, dicts],
  );

  const prefetchModelPage = useCallback((modelId: string) => runtime.screens.start(modelId), [runtime]);

  // models, menu titles and dictionary labels come in the request's language: fetch them again after a switch
  useEffect(() => {
    const onLanguageChanged = () => {
      runtime.models.clear();
      loadPermissions(http, session).catch(() => undefined);
      dicts.refresh().catch(() => undefined);
    };
    i18n.on('languageChanged', onLanguageChanged);
    return () => i18n.off('languageChanged', onLanguageChanged);
  }, [runtime, http, i18n, session, dicts]);

  return (
    <RuntimeProvider runtime={runtime}>
      <PrintHost />
      <Routes>
        <Route
          path={MENU_LIST_PATH}
          element={
            <Suspense fallback={<PageLoading />}>
              <MenuListPage />
            </Suspense>
          }
        />
        <Route
          path="/dev/widgets"
          element={
            <Suspense fallback={<PageLoading />}>
              <WidgetGallery />
            </Suspense>
          }
        />
        <Route
          path={DESIGNER_PATH}
          element={
            <Suspense fallback={<PageLoading />}>
              {/* a release adds a menu item: the menus are read again so the new screen shows at once */}
              <DesignerApp onReleased={() => void loadPermissions(http, session).catch(() => undefined)} />
            </Suspense>
          }
        />
        <Route path="*" element={<AppLayout renderModelPage={renderModelPage} prefetchModelPage={prefetchModelPage} />} />
      </Routes>
    </RuntimeProvider>
  );
}
