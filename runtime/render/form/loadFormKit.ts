/**
 * Formily's form state, loaded with the first form a page opens (a list page shows no form until then, so
 * its first load does not carry Formily; docs/client-budgets.md). Fetched again it answers at once.
 */
export const loadFormKit = () => import('./formKit');

export type FormKit = Awaited<ReturnType<typeof loadFormKit>>;
