import type { ReactNode } from 'react';

/**
 * A tab of FormTab: FormTab reads its title from the schema and renders the pane's fields itself; the
 * pane only passes its children through (Formily's own TabPane does the same, but importing it would
 * bring FormTab's code into the list page's first load).
 */
export function FormTabPane({ children }: { tab?: ReactNode; children?: ReactNode }) {
  return <>{children}</>;
}
