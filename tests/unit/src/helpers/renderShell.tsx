import { configure, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { isLang } from '../../../../src/i18n/detectLanguage';
import { loadUiLocale } from '../../../../src/i18n/uiLocales';
import { AntdScope } from '../../../../src/app/AntdScope';
import { App } from '../../../../src/app/App';
import type { TestServices } from './testServices';

// antd in jsdom on a shared 2-core machine: a second is not always enough for a dialog to appear
configure({ asyncUtilTimeout: 5_000 });

/** Renders routes through the app's real provider stack (i18n, services, feedback, antd's as the router's root has it) on a memory router. */
export async function renderRoutes(services: TestServices, routes: RouteObject[], initialPath = '/') {
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  // as startShell does: antd's texts for the language are there before the router's first render
  await loadUiLocale(isLang(services.i18n.language) ? services.i18n.language : 'zh-CN');
  const view = render(
    <App services={services}>
      <AntdScope>
        <RouterProvider router={router} />
      </AntdScope>
    </App>,
  );
  return { ...view, router };
}

/** One element at every path, plus a marker at any path it navigates away to. */
export async function renderShell(services: TestServices, ui: ReactNode, initialPath = '/') {
  return renderRoutes(services, [{ path: '*', element: ui }], initialPath);
}
