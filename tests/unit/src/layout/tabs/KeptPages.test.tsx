import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { KeptPages } from '../../../../../src/layout/tabs/KeptPages';

const TABS = [
  { key: '/dashboard/analysis', to: '/dashboard/analysis' },
  { key: '/system/position', to: '/system/position' },
];

/** Both tabs open and kept alive; each page says which address it renders (the active one renders the current). */
function renderKept(start: string) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        Component: function Pages() {
          const activeKey = useLocation().pathname;
          return (
            <KeptPages tabs={TABS} activeKey={activeKey} keepAlive={() => true} generations={{}} render={(location) => <p>page {location ?? activeKey}</p>} />
          );
        },
      },
    ],
    { initialEntries: [start] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('KeptPages', () => {
  it('does not mount the kept-alive home page behind the page a visit starts on', () => {
    renderKept('/system/position');
    expect(screen.getByText('page /system/position')).toBeVisible();
    expect(screen.queryByText('page /dashboard/analysis')).toBeNull();
  });

  it('keeps a page mounted, hidden, once it has been shown', async () => {
    const router = renderKept('/system/position');
    await act(() => router.navigate('/dashboard/analysis'));
    await act(() => router.navigate('/system/position'));
    expect(screen.getByText('page /dashboard/analysis')).not.toBeVisible();
    expect(screen.getByText('page /system/position')).toBeVisible();
  });
});
